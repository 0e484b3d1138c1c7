import { z } from 'zod';
import { ENDPOINTS, queryCall, routeCall, SUPER_ADMIN } from '../wire/calls.js';
import { MARKETPLACE_CSV_MAX_CHARS } from './marketplaces.schemas.js';
import {
  importMissingPayoutOrdersRequest,
  importMissingPayoutOrdersResponse,
  payoutImportRequest,
  payoutImportResponse,
  payoutReconciliationRequest,
  payoutReconciliationResponse,
} from './payouts.schemas.js';

/** A report of up to 5 MB arrives as a JSON string: room for its escaped quotes and line ends. */
const IMPORT_BODY_LIMIT = Math.ceil(MARKETPLACE_CSV_MAX_CHARS * 1.5);

/** A file answer (CSV): its bytes, which no schema checks. */
const file = z.custom<unknown>(() => true);

/** Payout reconciliation (docs/marketplaces.md, "Payout reconciliation"). */
export const marketplacePayoutCalls = {
  marketplacePayoutImport: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'marketplace_payout_import',
    summary:
      "Imports a platform's payout report (Uber Eats Payment Details, DoorDash Transaction details; CSV text, at most 5 MB). Each row is stored once however often the report is imported; a file with any row error, or a store not mapped, is refused whole (422 with errors: [{ row, field, message }]).",
    access: SUPER_ADMIN,
    audit: { action: 'marketplace.payout_import', entity: 'payout_report' },
    input: payoutImportRequest,
    response: payoutImportResponse,
    bodyLimit: IMPORT_BODY_LIMIT,
    failures: 'spec',
    statuses: [422],
  }),
  marketplacePayoutReconciliation: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'marketplace_payout_reconciliation',
    summary:
      "One fortnight's marketplace orders against the imported payout reports, per location and platform: matched, amount or fee differs, missing from our ledger, unpaid, refunded, adjusted, with totals. 404 for an unknown fortnight or operator.",
    access: SUPER_ADMIN,
    audit: false,
    input: payoutReconciliationRequest,
    response: payoutReconciliationResponse,
    failures: 'spec',
    statuses: [404],
  }),
  marketplacePayoutImportMissing: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'marketplace_payout_import_missing',
    summary:
      "Writes the fortnight's orders that a platform paid and our ledger lacks, from the payout report (one summary line each, ingested as csv); only orders still missing are written, so a repeat writes nothing.",
    access: SUPER_ADMIN,
    audit: { action: 'marketplace.import_missing', entity: 'order' },
    input: importMissingPayoutOrdersRequest,
    response: importMissingPayoutOrdersResponse,
    failures: 'spec',
    statuses: [404],
  }),
  marketplacePayoutReconciliationCsv: routeCall({
    method: 'POST',
    url: '/api/v1/marketplace-payouts/reconciliation-csv/',
    summary:
      "The fortnight's payout reconciliation as CSV, one row per order (the same body as marketplace_payout_reconciliation).",
    tag: 'marketplaces',
    access: SUPER_ADMIN,
    audit: false,
    body: payoutReconciliationRequest,
    response: file,
    failures: 'status',
  }),
};
