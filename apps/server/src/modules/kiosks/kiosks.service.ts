import type { TerminalStatus } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound, unavailable, unprocessable } from '../../http/errors.js';
import { type DeviceCode, TerminalRequestRefused } from '../../integrations/card-terminals.js';
import { type Poller, startPoller } from '../../lib/poller.js';
import { recordAudit } from '../audit/audit.record.js';
import { presentDeviceCode, presentKiosk, presentKioskLocation } from './kiosks.presenter.js';
import * as q from './kiosks.queries.js';

/** The kiosks of every location (the POS Devices page), in the spec's shape. */
export async function allKiosks(app: AppContext) {
  const [locs, rows] = await Promise.all([q.listKioskLocations(app.db), q.listKiosks(app.db)]);
  const now = app.clock.now();
  return {
    success: true as const,
    kiosks: locs.map((l) => {
      const own = rows.filter((k) => k.locationId === l.id);
      return presentKioskLocation(
        l,
        own.map((k) => presentKiosk(k, terminalStatus(k, now), now)),
      );
    }),
  };
}

/** Paired, waiting for its code to be typed, expired unused, or never asked for. */
export function terminalStatus(k: q.KioskRow, now: Date): TerminalStatus {
  if (k.deviceCodeStatus === 'PAIRED' || (k.deviceCodeStatus === null && k.squareTerminalDeviceId !== '0')) {
    return 'paired';
  }
  if (k.deviceCodeStatus === 'EXPIRED') return 'expired';
  if (
    k.deviceCodeStatus === 'UNPAIRED' ||
    (k.deviceCodeStatus === null && k.squareTerminalDeviceCode !== '0')
  ) {
    return k.deviceCodeExpiresAt !== null && k.deviceCodeExpiresAt <= now ? 'expired' : 'waiting';
  }
  return 'none';
}

/** Asks the card provider for a device code for one kiosk's terminal and keeps it on the kiosk. */
export async function createDeviceCode(
  app: AppContext,
  input: { kiosk_id: number; kiosk_name?: string | undefined },
) {
  const row = await q.findKioskWithLocation(app.db, input.kiosk_id);
  if (!row) throw notFound(`Kiosk ${input.kiosk_id} does not exist.`);
  if (!row.squareLocationId) {
    throw conflict(
      "This kiosk's location has no card provider location id: set it before pairing a terminal.",
    );
  }
  const now = app.clock.now();
  let code: Awaited<ReturnType<AppContext['adapters']['cardTerminals']['createDeviceCode']>>;
  try {
    code = await app.adapters.cardTerminals.createDeviceCode({
      locationId: row.squareLocationId,
      name: input.kiosk_name?.trim() || row.kiosk.username,
      now,
    });
  } catch (error) {
    if (error instanceof TerminalRequestRefused) {
      // Square's own reason ("NOT_FOUND: Location not found"): something the admin can fix.
      app.log.warn({ err: error }, 'device code refused by the card provider');
      throw unprocessable(`The card provider refused the device code: ${error.message}`);
    }
    app.log.error({ err: error }, 'device code request failed');
    throw unavailable('The card provider did not answer. Please try again in a moment.');
  }
  await app.db.transaction(async (tx) => {
    const set = {
      squareTerminalDeviceCode: code.code,
      deviceCodeExpiresAt: code.pairBy,
      deviceCodeId: code.id,
      deviceCodeStatus: code.status === 'PAIRED' ? 'PAIRED' : 'UNPAIRED',
    };
    await q.updateKiosk(tx, row.kiosk.id, set);
    const k = row.kiosk;
    await recordAudit(tx, {
      entityId: k.id,
      locationId: k.locationId,
      summary: `Kiosk ${k.username}: terminal device code ${code.code} issued`,
      before: {
        squareTerminalDeviceCode: k.squareTerminalDeviceCode,
        deviceCodeExpiresAt: k.deviceCodeExpiresAt,
        deviceCodeId: k.deviceCodeId,
        deviceCodeStatus: k.deviceCodeStatus,
      },
      after: set,
    });
  });
  return {
    success: true as const,
    data: presentDeviceCode(code),
  };
}

/**
 * A device code's news, from Square's `device.code.paired` webhook or from asking for the code:
 * paired (with the terminal's device id) or expired. Returns whether a kiosk had that code.
 */
export async function recordDeviceCode(db: DbOrTx, code: DeviceCode): Promise<boolean> {
  if (code.status !== 'PAIRED' && code.status !== 'EXPIRED') return false;
  const changed = await q.updateUnpairedByDeviceCode(
    db,
    code.id,
    code.status === 'PAIRED'
      ? {
          deviceCodeStatus: 'PAIRED',
          squareTerminalDeviceId: code.deviceId ?? '0',
          pairedAt: code.pairedAt ?? new Date(),
        }
      : { deviceCodeStatus: 'EXPIRED' },
  );
  return changed > 0;
}

const POLL_MS = 15_000;

/**
 * The fallback when Square's webhook does not come (not configured, or lost): every 15 s, each code
 * still waiting (and up to a minute past its expiry) is asked for, until it is paired or expired.
 */
export function startDeviceCodePoller(app: AppContext): Poller {
  return startPoller(app.log, 'device code poll', POLL_MS, () => pollWaitingCodes(app));
}

export async function pollWaitingCodes(app: AppContext): Promise<number> {
  const now = app.clock.now();
  const waiting = await q.waitingDeviceCodes(app.db, new Date(now.getTime() - 60_000));
  let changed = 0;
  for (const { id } of waiting) {
    const code = await app.adapters.cardTerminals.getDeviceCode(id!, now).catch((error: unknown) => {
      app.log.warn({ err: error, deviceCodeId: id }, 'device code status not available');
      return null;
    });
    if (code && (await recordDeviceCode(app.db, code))) changed++;
  }
  return changed;
}
