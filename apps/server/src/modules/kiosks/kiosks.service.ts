import { localPhone } from '@kitchaco/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { kiosks, locations } from '../../db/schema/index.js';
import { conflict, notFound, unavailable } from '../../http/errors.js';

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
    app.log.error({ err: error }, 'device code request failed');
    throw unavailable('The card provider did not answer. Please try again in a moment.');
  }
  await app.db
    .update(kiosks)
    .set({ squareTerminalDeviceCode: code.code, deviceCodeExpiresAt: code.pairBy })
    .where(eq(kiosks.id, row.kiosk.id));
  return {
    success: true as const,
    data: JSON.stringify({
      device_code: { id: code.id, code: code.code, status: code.status, pair_by: code.pairBy.toISOString() },
    }),
  };
}
