import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { dbId } from '../wire/wire.js';
import { marketplaceChannel } from './marketplace-order.js';

/**
 * Wire contracts of the marketplace admin calls on `/api/v1/admin-data/` (super admin): the store
 * mappings and the CSV import of a platform's order export. Amounts are numbers in dollars.
 */

const id = dbId;

/** Largest export accepted in one import, in characters (the request body limit is set to match). */
export const MARKETPLACE_CSV_MAX_CHARS = 5 * 1024 * 1024;
/** The preview lists at most this many row errors (error_count says how many there are). */
export const MARKETPLACE_CSV_MAX_ERRORS_LISTED = 500;
/** Orders the preview shows as they will be stored. */
export const MARKETPLACE_CSV_SAMPLE_SIZE = 20;

// ---------------------------------------------------------------- store mappings

export const marketplaceStore = z.object({
  id: z.number().int(),
  platform: marketplaceChannel,
  /** The platform's own id of the store (restaurant, site). */
  store_id: z.string(),
  name: z.string(),
  location_id: z.number().int(),
  location: z.string(),
  /** The brand the store sells; null: meal names are matched across every brand of the location. */
  vendor_id: z.number().int().nullable(),
  vendor: z.string().nullable(),
});
export type MarketplaceStore = z.infer<typeof marketplaceStore>;

export const marketplaceStoresResponse = z.object({
  success: z.literal(true),
  stores: z.array(marketplaceStore),
  /** Every location with its brands: the choices of the mapping form. */
  locations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      vendors: z.array(z.object({ id: z.number().int(), title: z.string() })),
    }),
  ),
});
export type MarketplaceStoresResponse = z.infer<typeof marketplaceStoresResponse>;

export const saveMarketplaceStoreRequest = z.object({
  /** Absent: a new mapping; present: that mapping is changed. */
  id: id.optional(),
  platform: marketplaceChannel,
  store_id: z
    .string({ error: 'store_id is required' })
    .trim()
    .min(1, 'store_id is required')
    .max(100, 'store_id is too long (at most 100 characters)'),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(120, 'name is too long (at most 120 characters)'),
  location_id: id,
  vendor_id: id.nullable().default(null),
});
export type SaveMarketplaceStoreRequest = z.output<typeof saveMarketplaceStoreRequest>;

export const saveMarketplaceStoreResponse = z.object({ success: z.literal(true), store: marketplaceStore });

// ---------------------------------------------------------------- CSV import

export const marketplaceImportRequest = z.object({
  platform: marketplaceChannel,
  csv: z
    .string({ error: 'csv is required: the text of the export file' })
    .min(1, 'csv is empty')
    .max(MARKETPLACE_CSV_MAX_CHARS, 'csv is larger than 5 MB: split the export by date'),
});
export type MarketplaceImportRequest = z.infer<typeof marketplaceImportRequest>;

export const csvRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type CsvRowErrorWire = z.infer<typeof csvRowError>;

export const importedOrderLine = z.object({
  name: z.string(),
  /** Our meal, or -1 when the name matched none of the store's meals. */
  meal_id: z.number().int(),
  quantity: z.number().int(),
  unit_price: z.number(),
  combos: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: z.number() })),
  special_request: z.string().nullable(),
  line_total: z.number(),
});

export const importedOrder = z.object({
  external_id: z.string(),
  store_id: z.string(),
  /** The location the store maps to; null for an unknown store. */
  location: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** ISO instant; shown on the clock of `time_zone`, the location's (the default for an unknown store). */
  placed_at: z.string(),
  time_zone: z.string(),
  sub_total: z.number(),
  total: z.number(),
  platform_fee: z.number(),
  /** Already in the ledger: importing skips it. */
  duplicate: z.boolean(),
  lines: z.array(importedOrderLine),
});
export type ImportedOrder = z.infer<typeof importedOrder>;

export const marketplaceImportPreviewResponse = z.object({
  success: z.literal(true),
  platform: marketplaceChannel,
  /** Orders read without error (duplicates included). */
  orders: z.number().int(),
  lines: z.number().int(),
  /** Sum of those orders' totals. */
  total_sales: z.number(),
  /** Orders already in the ledger, which importing skips. */
  duplicates: z.number().int(),
  /** Item names that match none of the store's meals (stored with meal id -1). */
  unmatched_meals: z.array(z.string()),
  /** Store ids with no mapping: their rows are errors until the store is mapped. */
  unknown_stores: z.array(z.string()),
  errors: z.array(csvRowError),
  error_count: z.number().int(),
  sample: z.array(importedOrder),
});
export type MarketplaceImportPreview = z.infer<typeof marketplaceImportPreviewResponse>;

export const marketplaceImportCommitResponse = z.object({
  success: z.literal(true),
  platform: marketplaceChannel,
  /** New orders written to the ledger. */
  imported: z.number().int(),
  lines: z.number().int(),
  total_sales: z.number(),
  /** Orders of the file already in the ledger, left as they were. */
  duplicates: z.number().int(),
});
export type MarketplaceImportCommit = z.infer<typeof marketplaceImportCommitResponse>;
