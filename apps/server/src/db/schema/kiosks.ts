import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from './locations.js';

/** An in-store kiosk and the card terminal paired with it. */
export const kiosks = pgTable(
  'kiosks',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    username: text('username').notNull(),
    phone: text('phone'),
    /** Square terminal device code last issued ('0' = not connected). */
    squareTerminalDeviceCode: text('square_terminal_device_code').notNull().default('0'),
    squareTerminalDeviceId: text('square_terminal_device_id').notNull().default('0'),
    deviceCodeExpiresAt: timestamp('device_code_expires_at', { withTimezone: true }),
    /** The provider's id of the last device code, to learn when the terminal paired. */
    deviceCodeId: text('device_code_id'),
    /** UNPAIRED (waiting), PAIRED or EXPIRED, as the provider last told us; null before any code. */
    deviceCodeStatus: text('device_code_status'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
  },
  (t) => [
    index('kiosks_location_idx').on(t.locationId),
    uniqueIndex('kiosks_device_code_idx').on(t.deviceCodeId).where(sql`device_code_id IS NOT NULL`),
  ],
);
