import { describe, expect, it } from 'vitest';
import {
  type Kiosk,
  type KioskLocation,
  newlyPaired,
  PAIRING_POLL_MS,
  pairingPollInterval,
} from './terminal-status';

const NOW = Date.parse('2026-11-25T10:00:00Z');

function kiosk(id: number, over: Partial<Kiosk> = {}): Kiosk {
  return {
    id,
    username: `kiosk-${id}`,
    phone: null,
    phone_local: null,
    square_terminal_device_code: '0',
    square_terminal_device_id: '0',
    device_code_expires_at: null,
    terminal_status: 'none',
    paired_at: null,
    ...over,
  };
}

const at = (...kiosks: Kiosk[]): KioskLocation[] => [
  {
    id: 1,
    location: 'Reservoir',
    square_location_id: 'L1',
    square_terminal_device_code: '0',
    square_terminal_device_id: '0',
    kiosk_details: kiosks,
  },
];

const waiting = (id: number, expiresInMs: number) =>
  kiosk(id, {
    terminal_status: 'waiting',
    square_terminal_device_code: 'ABCDEF',
    device_code_expires_at: new Date(NOW + expiresInMs).toISOString(),
  });

describe('pairingPollInterval', () => {
  it('reads the list again every 5 s while a code waits to be typed', () => {
    expect(pairingPollInterval(at(kiosk(1), waiting(2, 4 * 60_000)), NOW)).toBe(PAIRING_POLL_MS);
  });

  it('stops once no code is waiting, or a waiting code is well past its expiry', () => {
    expect(pairingPollInterval(undefined, NOW)).toBe(false);
    expect(pairingPollInterval(at(kiosk(1, { terminal_status: 'paired' })), NOW)).toBe(false);
    expect(pairingPollInterval(at(kiosk(1, { terminal_status: 'expired' })), NOW)).toBe(false);
    expect(pairingPollInterval(at(waiting(1, -10_000)), NOW)).toBe(PAIRING_POLL_MS);
    expect(pairingPollInterval(at(waiting(1, -60_000)), NOW)).toBe(false);
    // A waiting code without an expiry is never polled for ever.
    expect(pairingPollInterval(at(kiosk(1, { terminal_status: 'waiting' })), NOW)).toBe(false);
  });
});

describe('newlyPaired', () => {
  it('names the kiosks that went from waiting to paired', () => {
    const before = at(waiting(1, 60_000), waiting(2, 60_000), kiosk(3, { terminal_status: 'paired' }));
    const after = at(
      kiosk(1, { terminal_status: 'paired', square_terminal_device_id: '121CS0001' }),
      waiting(2, 55_000),
      kiosk(3, { terminal_status: 'paired' }),
    );
    expect(newlyPaired(before, after).map((k) => k.id)).toEqual([1]);
    expect(newlyPaired(undefined, after)).toEqual([]);
  });
});
