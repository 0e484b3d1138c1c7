import { z } from 'zod';
import { dbId } from '../wire/wire.js';

/** Wire contracts of the kiosk list (POS devices) and card-terminal pairing. */

const count = z.number().int();

export const TERMINAL_STATUSES = ['paired', 'waiting', 'expired', 'none'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** A device code a card terminal is paired with stays valid this long. */
export const DEVICE_CODE_MINUTES = 5;

export const kioskDetails = z.object({
  id: count,
  username: z.string(),
  phone: z.string().nullable(),
  /** The phone as a local number: the first three characters ("+61") replaced by 0. */
  phone_local: z.string().nullable(),
  square_terminal_device_code: z.string(),
  square_terminal_device_id: z.string(),
  /** When the last device code stops working (null when none is pending). */
  device_code_expires_at: z.string().nullable(),
  /**
   * The card terminal: `paired` (square_terminal_device_id is the device), `waiting` (a code is
   * out and not yet used), `expired` (the code ran out unused), `none` (no code asked for).
   */
  terminal_status: z.enum(TERMINAL_STATUSES),
  paired_at: z.string().nullable(),
});

export const kioskLocation = z.object({
  id: count,
  location: z.string(),
  square_location_id: z.string().nullable(),
  /** Comma separated per kiosk, '0' meaning not connected (the spec's shape). */
  square_terminal_device_code: z.string(),
  square_terminal_device_id: z.string(),
  kiosk_details: z.array(kioskDetails),
});
export const kiosksResponse = z.object({ success: z.literal(true), kiosks: z.array(kioskLocation) });

export const createDeviceCodeRequest = z.object({
  kiosk_id: dbId,
  kiosk_name: z.string().trim().max(120).optional(),
  square_location_id: z.string().trim().max(120).optional(),
  /** The card provider's device-codes URL the old client sent; the server uses its own. */
  url: z.string().max(500).optional(),
});
export const createDeviceCodeResponse = z.object({
  success: z.literal(true),
  /** JSON text holding device_code.code, as the card provider answers. */
  data: z.string(),
});

/** Phones are shown as a local number: '+61412345678' -> '0412345678'. */
export function localPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  return phone.length > 3 ? `0${phone.slice(3)}` : phone;
}
