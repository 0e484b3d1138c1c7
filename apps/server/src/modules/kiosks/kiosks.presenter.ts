import { localPhone, type TerminalStatus } from '@kitchaco/domain';
import type { KioskRow } from './kiosks.queries.js';

/** One kiosk as the POS Devices page has it. */
export function presentKiosk(k: KioskRow, status: TerminalStatus, now: Date) {
  // A code past its five minutes is no longer shown: the terminal can no longer use it.
  const live = k.deviceCodeExpiresAt === null || k.deviceCodeExpiresAt > now;
  return {
    id: k.id,
    username: k.username,
    phone: k.phone,
    phone_local: localPhone(k.phone),
    square_terminal_device_code: live ? k.squareTerminalDeviceCode : '0',
    square_terminal_device_id: k.squareTerminalDeviceId,
    device_code_expires_at: live && k.deviceCodeExpiresAt ? k.deviceCodeExpiresAt.toISOString() : null,
    terminal_status: status,
    paired_at: k.pairedAt?.toISOString() ?? null,
  };
}

/** A location with its kiosks, their codes and device ids also joined by commas as the spec has them. */
export function presentKioskLocation(
  l: { id: number; name: string; squareLocationId: string | null },
  details: ReturnType<typeof presentKiosk>[],
) {
  return {
    id: l.id,
    location: l.name,
    square_location_id: l.squareLocationId,
    square_terminal_device_code: details.map((d) => d.square_terminal_device_code).join(','),
    square_terminal_device_id: details.map((d) => d.square_terminal_device_id).join(','),
    kiosk_details: details,
  };
}

/** The device code as the spec answers it: a JSON text inside `data`. */
export function presentDeviceCode(code: { id: string; code: string; status: string; pairBy: Date }) {
  return JSON.stringify({
    device_code: { id: code.id, code: code.code, status: code.status, pair_by: code.pairBy.toISOString() },
  });
}
