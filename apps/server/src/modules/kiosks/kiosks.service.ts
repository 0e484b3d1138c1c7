import { localPhone, type TerminalStatus } from '@kitchaco/domain';
import { and, asc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { kiosks, locations } from '../../db/schema/index.js';
import { conflict, notFound, unavailable, unprocessable } from '../../http/errors.js';
import { type DeviceCode, TerminalRequestRefused } from '../../integrations/card-terminals.js';
import { type Poller, startPoller } from '../../lib/poller.js';
import { recordAudit } from '../audit/audit.record.js';

/** The kiosks of every location (the POS Devices page), in the spec's shape. */
export async function allKiosks(app: AppContext) {
  const [locs, rows] = await Promise.all([
    app.db
      .select({ id: locations.id, name: locations.name, squareLocationId: locations.squareLocationId })
      .from(locations)
      .orderBy(asc(locations.id)),
    app.db.select().from(kiosks).orderBy(asc(kiosks.locationId), asc(kiosks.id)),
  ]);
  const now = app.clock.now();
  return {
    success: true as const,
    kiosks: locs.map((l) => {
      const own = rows.filter((k) => k.locationId === l.id);
      const details = own.map((k) => {
        const status = terminalStatus(k, now);
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
      });
      return {
        id: l.id,
        location: l.name,
        square_location_id: l.squareLocationId,
        square_terminal_device_code: details.map((d) => d.square_terminal_device_code).join(','),
        square_terminal_device_id: details.map((d) => d.square_terminal_device_id).join(','),
        kiosk_details: details,
      };
    }),
  };
}

type KioskRow = typeof kiosks.$inferSelect;

/** Paired, waiting for its code to be typed, expired unused, or never asked for. */
export function terminalStatus(k: KioskRow, now: Date): TerminalStatus {
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
  const [row] = await app.db
    .select({ kiosk: kiosks, squareLocationId: locations.squareLocationId })
    .from(kiosks)
    .innerJoin(locations, eq(locations.id, kiosks.locationId))
    .where(eq(kiosks.id, input.kiosk_id));
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
    await tx.update(kiosks).set(set).where(eq(kiosks.id, row.kiosk.id));
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
    data: JSON.stringify({
      device_code: { id: code.id, code: code.code, status: code.status, pair_by: code.pairBy.toISOString() },
    }),
  };
}

/**
 * A device code's news, from Square's `device.code.paired` webhook or from asking for the code:
 * paired (with the terminal's device id) or expired. Returns whether a kiosk had that code.
 */
export async function recordDeviceCode(db: DbOrTx, code: DeviceCode): Promise<boolean> {
  if (code.status !== 'PAIRED' && code.status !== 'EXPIRED') return false;
  const rows = await db
    .update(kiosks)
    .set(
      code.status === 'PAIRED'
        ? {
            deviceCodeStatus: 'PAIRED',
            squareTerminalDeviceId: code.deviceId ?? '0',
            pairedAt: code.pairedAt ?? new Date(),
          }
        : { deviceCodeStatus: 'EXPIRED' },
    )
    .where(and(eq(kiosks.deviceCodeId, code.id), ne(kiosks.deviceCodeStatus, 'PAIRED')))
    .returning({ id: kiosks.id });
  return rows.length > 0;
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
  const waiting = await app.db
    .select({ id: kiosks.deviceCodeId })
    .from(kiosks)
    .where(
      and(
        eq(kiosks.deviceCodeStatus, 'UNPAIRED'),
        isNotNull(kiosks.deviceCodeId),
        gt(kiosks.deviceCodeExpiresAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .limit(50);
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
