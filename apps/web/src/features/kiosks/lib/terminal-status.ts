import type { kioskLocation, TerminalStatus } from '@kitchaco/domain';
import type { z } from 'zod';

export type KioskLocation = z.infer<typeof kioskLocation>;
export type Kiosk = KioskLocation['kiosk_details'][number];

/** How often the list is read again while a device code waits to be typed on a terminal. */
export const PAIRING_POLL_MS = 5_000;
/** A waiting code is still asked about this long after its expiry (the server's poll may lag). */
const GRACE_MS = 30_000;

/** Whether a kiosk's code is out and may still be typed on its terminal. */
export function isWaiting(kiosk: Kiosk, now: number): boolean {
  if (kiosk.terminal_status !== 'waiting' || !kiosk.device_code_expires_at) return false;
  return Date.parse(kiosk.device_code_expires_at) + GRACE_MS > now;
}

/**
 * The list's refresh interval: every 5 s while some kiosk's code is waiting (at most the code's
 * 5 minutes), so a terminal that pairs shows as Paired by itself; otherwise none.
 */
export function pairingPollInterval(
  locations: readonly KioskLocation[] | undefined,
  now: number,
): number | false {
  const waiting = locations?.some((l) => l.kiosk_details.some((k) => isWaiting(k, now))) ?? false;
  return waiting ? PAIRING_POLL_MS : false;
}

/** The kiosks whose terminal paired between two readings of the list. */
export function newlyPaired(
  before: readonly KioskLocation[] | undefined,
  after: readonly KioskLocation[],
): Kiosk[] {
  if (!before) return [];
  const was = new Map<number, TerminalStatus>();
  for (const l of before) for (const k of l.kiosk_details) was.set(k.id, k.terminal_status);
  return after.flatMap((l) =>
    l.kiosk_details.filter((k) => k.terminal_status === 'paired' && was.get(k.id) === 'waiting'),
  );
}

export const TERMINAL_LABELS: Record<TerminalStatus, { label: string; color: string }> = {
  paired: { label: 'Paired', color: 'green' },
  waiting: { label: 'Waiting for the code to be entered', color: 'blue' },
  expired: { label: 'Code expired', color: 'orange' },
  none: { label: 'Not connected', color: 'gray' },
};
