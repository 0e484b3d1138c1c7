import { randomInt, randomUUID } from 'node:crypto';
import { DEVICE_CODE_MINUTES } from '@kitchaco/domain';
import { describe, squareClient } from './square.js';

/**
 * Card terminals (Square Terminal). Pairing: the back office asks for a device code, the person at
 * the kiosk types it on the terminal, and the terminal joins the location. Square says so with the
 * `device.code.paired` webhook; asking for the code's status is the fallback.
 *
 * Square's Devices API (https://developer.squareup.com/reference/square/devices-api):
 * - CreateDeviceCode `POST /v2/devices/codes` { idempotency_key, device_code { product_type:
 *   'TERMINAL_API', location_id, name } } answers { device_code { id, code, status: 'UNPAIRED',
 *   pair_by, ... } } (https://developer.squareup.com/reference/square/devices-api/create-device-code);
 * - GetDeviceCode `GET /v2/devices/codes/{id}` answers the code with status UNPAIRED, PAIRED (with
 *   `device_id`) or EXPIRED (https://developer.squareup.com/reference/square/devices-api/get-device-code).
 */
export interface DeviceCode {
  id: string;
  code: string;
  status: 'UNKNOWN' | 'UNPAIRED' | 'PAIRED' | 'EXPIRED';
  pairBy: Date;
  /** The paired terminal, once PAIRED. */
  deviceId: string | null;
  pairedAt: Date | null;
}

/** The provider refused the request: its own reason, for the admin to act on ("Location not found"). */
export class TerminalRequestRefused extends Error {}

export interface CardTerminalProvider {
  name: string;
  createDeviceCode(request: { locationId: string; name: string; now: Date }): Promise<DeviceCode>;
  /** The code as the provider has it now; null when it does not know the code. */
  getDeviceCode(id: string, now: Date): Promise<DeviceCode | null>;
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * The default without Square credentials: codes like Square's (six letters), valid 5 minutes. No
 * terminal can use them, so they stay waiting and then expire (pairing needs Square: docs/payments.md).
 */
export function localCardTerminals(): CardTerminalProvider {
  const codes = new Map<string, DeviceCode>();
  return {
    name: 'local',
    async createDeviceCode({ now }) {
      const code: DeviceCode = {
        id: `local-${randomUUID()}`,
        code: Array.from({ length: 6 }, () => LETTERS[randomInt(LETTERS.length)]).join(''),
        status: 'UNPAIRED',
        pairBy: new Date(now.getTime() + DEVICE_CODE_MINUTES * 60_000),
        deviceId: null,
        pairedAt: null,
      };
      codes.set(code.id, code);
      return { ...code };
    },
    async getDeviceCode(id, now) {
      const code = codes.get(id);
      if (!code) return null;
      if (code.status === 'UNPAIRED' && code.pairBy <= now) code.status = 'EXPIRED';
      return { ...code };
    },
  };
}

interface SquareDeviceCode {
  id: string;
  code: string;
  status?: DeviceCode['status'];
  pair_by?: string;
  device_id?: string;
  paired_at?: string;
}

/** Square's device code as ours. */
export function fromSquareDeviceCode(d: SquareDeviceCode, now: Date): DeviceCode {
  return {
    id: d.id,
    code: d.code,
    status: d.status ?? 'UNKNOWN',
    pairBy: d.pair_by ? new Date(d.pair_by) : new Date(now.getTime() + DEVICE_CODE_MINUTES * 60_000),
    deviceId: d.device_id ?? null,
    pairedAt: d.paired_at ? new Date(d.paired_at) : null,
  };
}

/** Square's Devices API, with the credentials of the payments settings. */
export function squareCardTerminals(options: {
  accessToken: string;
  baseUrl: string;
  timeoutMs: number;
}): CardTerminalProvider {
  const square = squareClient(options);
  return {
    name: 'square',
    async createDeviceCode({ locationId, name, now }) {
      const { status, body } = await square.request<{ device_code?: SquareDeviceCode }>(
        'POST',
        '/v2/devices/codes',
        {
          idempotency_key: randomUUID(),
          device_code: { product_type: 'TERMINAL_API', location_id: locationId, name: name.slice(0, 128) },
        },
      );
      if (status >= 300 || !body.device_code) throw new TerminalRequestRefused(describe(body.errors));
      return fromSquareDeviceCode(body.device_code, now);
    },
    async getDeviceCode(id, now) {
      const { status, body } = await square.request<{ device_code?: SquareDeviceCode }>(
        'GET',
        `/v2/devices/codes/${encodeURIComponent(id)}`,
      );
      if (status === 404) return null;
      if (status >= 300 || !body.device_code) throw new TerminalRequestRefused(describe(body.errors));
      return fromSquareDeviceCode(body.device_code, now);
    },
  };
}
