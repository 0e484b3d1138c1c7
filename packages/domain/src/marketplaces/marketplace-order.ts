import { z } from 'zod';
import { MARKETPLACE_CHANNELS, MARKETPLACE_NAMES, ORDER_STATUSES, type OrderStatus } from '../constants.js';
import { type Mills, multiply, sum } from '../money/money.js';

/**
 * The one shape every marketplace order takes once read, whether it came from a platform's order
 * notification (webhook) or from a row group of its CSV export. The server matches meal names and
 * writes it to the orders ledger; nothing platform-specific goes past this point.
 */

export type MarketplaceChannel = (typeof MARKETPLACE_CHANNELS)[number];
/**
 * The most lines one platform order may hold (DoorDash's per category, Uber Eats' cart, Deliveroo's
 * items). A catering order runs to hundreds (300 is about 80 KiB as DoorDash sends it); the
 * webhooks' 1 MiB body limit (WEBHOOK_BODY_LIMIT) bounds the rest.
 */
export const MAX_PLATFORM_ORDER_LINES = 1000;

export const marketplaceChannel = z.enum(MARKETPLACE_CHANNELS, {
  error: `platform must be one of ${MARKETPLACE_CHANNELS.join(', ')}`,
});

/** Each platform's name and the path segment of its webhook (`/api/v1/marketplaces/<slug>/webhook/`). */
export const MARKETPLACE_PLATFORMS: Record<MarketplaceChannel, { name: string; slug: string }> = {
  uber_eats: { name: MARKETPLACE_NAMES.uber_eats, slug: 'uber-eats' },
  deliveroo: { name: MARKETPLACE_NAMES.deliveroo, slug: 'deliveroo' },
  doordash: { name: MARKETPLACE_NAMES.doordash, slug: 'doordash' },
  menulog: { name: MARKETPLACE_NAMES.menulog, slug: 'menulog' },
};

/** A paid modifier of a line; `quantity` is per one of the item (2 burgers with 1 cheese each: 1). */
export interface MarketplaceCombo {
  name: string;
  quantity: number;
  price: Mills;
}

export interface MarketplaceLine {
  name: string;
  quantity: number;
  unitPrice: Mills;
  combos: MarketplaceCombo[];
  specialRequest: string | null;
  /** (unit price + each modifier's price x its quantity) x quantity, to the cent. */
  lineTotal: Mills;
}

export interface MarketplaceOrder {
  channel: MarketplaceChannel;
  /** The platform's order id: unique per channel, so a resent order is stored once. */
  externalId: string;
  /** The platform's store (restaurant) id, mapped to a location and brand by marketplace_stores. */
  storeId: string;
  status: OrderStatus;
  placedAt: Date;
  /** When the order is wanted, for one placed ahead (an Uber Eats scheduled order); else none. */
  scheduledFor?: Date | null;
  customerName: string | null;
  customerPhone: string | null;
  lines: MarketplaceLine[];
  subTotal: Mills;
  total: Mills;
  platformFee: Mills;
}

/** A line with its total worked out from its prices: the ledger's rule for every channel. */
export function marketplaceLine(line: Omit<MarketplaceLine, 'lineTotal'>): MarketplaceLine {
  const combos = sum(line.combos.map((c) => multiply(c.price, c.quantity, 2)));
  return { ...line, lineTotal: multiply(line.unitPrice + combos, line.quantity, 2) };
}

/** Sum of the line totals: the sub total when a platform does not state one. */
export function linesSubTotal(lines: readonly MarketplaceLine[]): Mills {
  return sum(lines.map((l) => l.lineTotal));
}

/** Whole cents (as Uber Eats, Deliveroo and DoorDash send amounts) to mills. */
export function centsToMills(cents: number): Mills {
  return cents * 10;
}

/**
 * A later notification moves an order forward only: statuses follow ORDER_STATUSES, Canceled last,
 * so a cancel applies from any status, and a late or repeated "created" never undoes a later state.
 */
export function statusMovesForward(current: OrderStatus, incoming: OrderStatus): boolean {
  return ORDER_STATUSES.indexOf(incoming) > ORDER_STATUSES.indexOf(current);
}

/** How meal names are compared: trimmed, inner whitespace collapsed, case ignored. */
export function normalizeMealName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Text of a payload: trimmed, an empty text is none. */
export function optionalText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}
