import { randomInt, randomUUID } from 'node:crypto';
import { DEVICE_CODE_MINUTES } from '@kitchaco/domain';

/**
 * Card terminals (Square Terminal). Pairing: the back office asks for a device code, the person at
 * the kiosk types it on the terminal, and the terminal joins the location.
 */
export interface DeviceCode {
  id: string;
  code: string;
  status: 'UNPAIRED' | 'PAIRED' | 'EXPIRED';
  pairBy: Date;
}

export interface CardTerminalProvider {
  name: string;
  createDeviceCode(request: { locationId: string; name: string; now: Date }): Promise<DeviceCode>;
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The default: codes like Square's (six letters), valid 5 minutes, no terminal involved. */
export function localCardTerminals(): CardTerminalProvider {
  return {
    name: 'local',
    async createDeviceCode({ now }) {
      const code = Array.from({ length: 6 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
      return {
        id: `local-${randomUUID()}`,
        code,
        status: 'UNPAIRED',
        pairBy: new Date(now.getTime() + DEVICE_CODE_MINUTES * 60_000),
      };
    },
  };
}

/** Square's Devices API (`POST /v2/devices/codes`) when SQUARE_ACCESS_TOKEN is configured. */
export function squareCardTerminals(options: { accessToken: string; baseUrl: string }): CardTerminalProvider {
  return {
    name: 'square',
    async createDeviceCode({ locationId, name, now }) {
      const res = await fetch(`${options.baseUrl}/v2/devices/codes`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          'content-type': 'application/json',
          'square-version': '2025-01-23',
        },
        body: JSON.stringify({
          idempotency_key: randomUUID(),
          device_code: { product_type: 'TERMINAL_API', location_id: locationId, name },
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json().catch(() => ({}))) as {
        device_code?: { id: string; code: string; status: DeviceCode['status']; pair_by?: string };
        errors?: { detail?: string }[];
      };
      if (!res.ok || !body.device_code) {
        throw new Error(`Square device code failed: ${res.status} ${body.errors?.[0]?.detail ?? ''}`.trim());
      }
      const d = body.device_code;
      return {
        id: d.id,
        code: d.code,
        status: d.status,
        pairBy: d.pair_by ? new Date(d.pair_by) : new Date(now.getTime() + DEVICE_CODE_MINUTES * 60_000),
      };
    },
  };
}
