import { randomUUID } from 'node:crypto';
import type { AuditDecl, StaffRole } from '@kitchaco/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { modules } from '../modules/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { type Caller, tokenFor } from '../test/auth.js';
import { createStaff } from '../test/factories.js';
import { rows } from '../test/ledger.js';
import { CARD_OK } from '../test/payments.js';
import {
  createBundle,
  createPendingStockOrder,
  createSite,
  createSiteClosure,
  createSiteStockItem,
  createSiteTicket,
  type Site,
  snapshot,
} from '../test/two-locations.js';
import type { Access } from './actor.js';

/**
 * The authorisation matrix: every call of the registry, every kind of caller, and the caller's own
 * location (or own records) against another's, in one table. A call added without a row fails the
 * first test; a row whose roles differ from the declaration fails it too, and so does a row without
 * its location rule, or without a probe where the rule needs one. Every cell is then exercised.
 *
 * `who`: who may make the call at all (everyone else gets 401 without a token, 403 with one).
 *
 * `other`: what a caller bound to one place gets when the request names another's: another
 * location, or a record of one (a stock order, a meal, a brand, a customer order), or, for a
 * customer, another customer. Bound callers are stock users, operators and kitchen staff (their
 * location) and customers (their own profile); stock admins and super admins work across locations even when
 * their account has a location, so their answer is always `any`.
 *   - 'refused': 403 or 404 in the spec's error shape, and nothing anywhere changes; the same
 *     request from a caller of that other place succeeds, so the refusal is about place alone;
 *   - 'own': the answer is the caller's own location's, exactly as if it had named its own;
 *   - 'any': cross-location by design (public catalogue, a customer ordering anywhere, the
 *     stock admin's and super admin's screens): the other place's answer;
 *   - 'none': the call names no location and no record of one (or its input is not the caller's
 *     to choose, as with a signed marketplace webhook).
 *
 * `probe`: a minimal valid request naming a site's location or records (built fresh per request,
 * so a call that consumes a record gets its own). Required unless the rule is 'none'; a call only
 * stock admins or super admins may make may leave it out (listed in UNPROBED, checked below).
 *
 * `mixed` (refused calls that carry records in their body): the caller's own location with another
 * location's record smuggled in (a stock item, a combo). Refused too (any 4xx), changing nothing.
 */
const S = 'stock_user';
const O = 'operator';
const A = 'stock_admin';
const SA = 'super_admin';
const K = 'kitchen';

type Who = 'public' | 'customer' | 'demo' | readonly StaffRole[];
const OTHER_RULES = ['refused', 'own', 'any', 'none'] as const;
type Other = (typeof OTHER_RULES)[number];
interface Request {
  url?: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
}
type Probe = (site: Site, db: Db) => Request | Promise<Request>;
/** A request naming the caller's own location with a record of another location inside it. */
type Mixed = (own: Site, other: Site, db: Db) => Request | Promise<Request>;
interface Row {
  who: Who;
  other: Other;
  probe?: Probe;
  mixed?: Mixed;
}
const row = (who: Who, other: Other, probe?: Probe, mixed?: Mixed): Row => ({
  who,
  other,
  ...(probe ? { probe } : {}),
  ...(mixed ? { mixed } : {}),
});
/** A query_type call's body, without query_type (added when sent). */
const body =
  (f: (s: Site, db: Db) => Record<string, unknown> | Promise<Record<string, unknown>>): Probe =>
  async (s, db) => ({ payload: await f(s, db) });

/** A month holding both sites' ledger orders, and an ended fortnight (from the anchor Monday). */
const RANGE = { start_date: '01 Nov 2026', end_date: '30 Nov 2026' };
const FORTNIGHT = { start_date: '02 Nov 2026', end_date: '15 Nov 2026' };
const GOOD_CARD = CARD_OK;
const cart = (s: Site) => ({
  kitchaco: s.location,
  order_type: 'pickup',
  lines: [{ meal_id: s.meal, quantity: 1, subitem_id: s.subitem, combo_ids: [s.combo] }],
});
/** A stock order of `at` with the stock item of `item` (the same site, or another one smuggled in). */
const placeStockOrder = (at: Site, item: Site) => ({
  orderData: { kitchaco: at.location, stockData: [{ id: item.stockItem, qty: 1 }] },
});
const editStockOrder = async (db: Db, at: Site, item: Site) => ({
  orderData: {
    orderId: await createPendingStockOrder(db, at),
    kitchaco: at.location,
    stockData: [{ stock_list_id: item.stockItem, qty: 3 }],
  },
});
const editMeal = (at: Site, extras: Record<string, unknown>) => ({
  menu_item: { id: at.editableMeal, meal_name: 'Matrix meal', meal_price: 12, status: 'Disabled', ...extras },
});
const ofLocation = body((s) => ({ kitchaco_location: s.location, ...RANGE }));
const ofOperatorFortnight = body((s) => ({ external_operator: s.externalOperator, ...FORTNIGHT }));
const platformsOfLocation = body((s) => ({ kitchaco: s.location, ...FORTNIGHT, uber_eats: true }));

const EXPECTED: Record<string, Row> = {
  'POST /api/v1/send-sms/': row('public', 'none'),
  'POST /api/v1/login-phone/': row('public', 'none'),
  'GET /api/v1/customers/:id/': row('customer', 'refused', (s) => ({
    url: `/api/v1/customers/${s.customer.id}/`,
  })),
  'PUT /api/v1/customers/:id/': row('customer', 'refused', (s) => ({
    url: `/api/v1/customers/${s.customer.id}/`,
    payload: { username: 'Matrix', email: 'matrix@example.test' },
  })),
  'POST /api/v1/logout/': row('public', 'none'),
  'POST /api/v1/login-facebook/': row('public', 'none'),
  'GET /api/v1/delivery-charge/': row('public', 'any', (s) => ({
    url: `/api/v1/delivery-charge/?kitchaco=${s.location}`,
  })),
  'POST /api/v1/delivery-charge/': row('public', 'any', (s) => ({ payload: { kitchaco: s.location } })),
  'GET /api/v1/meal-combo/': row('public', 'any', (s) => ({ url: `/api/v1/meal-combo/?meal_id=${s.meal}` })),
  'POST /api/v1/meal-combo/': row('public', 'any', (s) => ({ payload: { meal_id: s.meal } })),
  'GET /api/v1/catering-package': row('public', 'none'),
  'POST /api/v1/catering-package': row('public', 'none'),
  'GET /api/v1/public-event/': row('public', 'none'),
  'POST /api/v1/public-event/': row('public', 'none'),
  'GET /api/v1/kitchaco-location/': row('public', 'none'),
  'GET /api/dev/outbox': row('demo', 'none'),
  '/api/v1/admin-data/ admin_login': row('public', 'none'),
  '/api/v1/stock-login/ login': row('public', 'none'),
  '/api/v1/stock-admin-user/ login': row('public', 'none'),
  '/api/v1/kitchaco-location/ kitchaco_locations': row('public', 'none'),
  // Every location's name and address, as the public list shows them: the filters need them.
  '/api/v1/admin-data/ kitchaco_locations': row([SA, O, A, S], 'none'),
  'GET /api/v1/vendors/': row('public', 'any', (s) => ({ url: `/api/v1/vendors/?kitchaco=${s.location}` })),
  'GET /api/v1/vendor-filters/': row('public', 'none'),
  'GET /api/v1/vendors/:id/menu/': row('public', 'any', (s) => ({
    url: `/api/v1/vendors/${s.vendor}/menu/`,
  })),
  'GET /api/v1/feed/': row('public', 'none'),
  '/api/v1/admin-data/ add_feed_post': row([SA], 'none'),
  '/api/v1/admin-data/ delete_feed_post': row([SA], 'none'),
  'POST /api/v1/orders/quote/': row('public', 'any', (s) => ({ payload: cart(s) })),
  // A customer picks any location to order from.
  'POST /api/v1/orders/': row('customer', 'any', (s) => ({
    payload: { checkout: cart(s), payment: GOOD_CARD },
    headers: { 'idempotency-key': randomUUID() },
  })),
  'GET /api/v1/payments/config/': row('public', 'any', (s) => ({
    url: `/api/v1/payments/config/?kitchaco=${s.location}`,
  })),
  'GET /api/v1/site/app-links/': row('public', 'none'),
  'POST /api/v1/csp-report/': row('public', 'none'),
  'GET /api/v1/payments/orders/:id/': row([SA], 'any', (s) => ({
    url: `/api/v1/payments/orders/${s.order}/`,
  })),
  // Needs an order paid by card (payments/refunds.test.ts exercises it).
  'POST /api/v1/payments/refunds/': row([SA], 'any'),
  'GET /api/v1/payments/reconciliation/': row([SA], 'none'),
  'POST /api/v1/payments/reconciliation/': row([SA], 'none'),
  'POST /api/v1/payments/flags/:id/resolve/': row([SA], 'none'),
  // Open, but signed by Square (HMAC-SHA256 of the notification URL and the raw body).
  'POST /api/v1/square/webhook/': row('public', 'none'),
  // Open, but signed by Twilio (X-Twilio-Signature: HMAC-SHA1 of the callback URL and the form).
  'POST /api/v1/notifications/twilio/status/': row('public', 'none'),
  // Always the signed-in customer's own orders: nothing to name.
  'GET /api/v1/orders/': row('customer', 'none'),
  'GET /api/v1/orders/events/': row('customer', 'none'),
  '/api/v1/admin-data/ update_order_status': row(
    [SA, O, K],
    'refused',
    body((s) => ({ order_id: s.order, status: 'Cooking' })),
  ),
  // The kitchen floor (docs/kitchen.md): kitchen and operator accounts their own location only.
  '/api/v1/admin-data/ kitchen_tickets': row(
    [K, O, SA],
    'refused',
    body((s) => ({ kitchaco: s.location })),
  ),
  '/api/v1/admin-data/ bump_kitchen_ticket': row(
    [K, O, SA],
    'refused',
    body(async (s, db) => ({ ticket_id: await createSiteTicket(db, s), status: 'started' })),
  ),
  '/api/v1/admin-data/ kitchen_capacity': row(
    [K, O, SA],
    'refused',
    body((s) => ({ kitchaco: s.location })),
  ),
  // Writes what is there already (unlimited, not busy): later probes at the location are unaffected.
  '/api/v1/admin-data/ save_kitchen_capacity': row(
    [SA, O],
    'refused',
    body((s) => ({ kitchaco: s.location, slot_capacity_items: null, busy_minutes: 0 })),
  ),
  // Hours, closures and sold-out items (docs/kitchen.md): writes that leave what probes order alone
  // (the editable meal back on sale, the brand's hours as the location's, a closure far ahead).
  '/api/v1/admin-data/ kitchen_availability': row(
    [K, O, SA],
    'refused',
    body((s) => ({ kitchaco: s.location })),
  ),
  '/api/v1/admin-data/ set_meal_sold_out': row(
    [K, O, SA],
    'refused',
    body((s) => ({ meal_id: s.editableMeal, until: null })),
  ),
  '/api/v1/admin-data/ save_opening_hours': row(
    [SA, O],
    'refused',
    body((s) => ({ kitchaco: s.location, vendor_id: s.vendor, opening_hours: null })),
  ),
  '/api/v1/admin-data/ add_closure': row(
    [SA, O],
    'refused',
    body((s) => ({
      kitchaco: s.location,
      vendor_id: s.vendor,
      starts_at: '2027-07-01T00:00:00Z',
      ends_at: '2027-07-02T00:00:00Z',
      reason: 'Matrix closure',
    })),
  ),
  '/api/v1/admin-data/ remove_closure': row(
    [SA, O],
    'refused',
    body(async (s, db) => ({ id: await createSiteClosure(db, s) })),
  ),
  // A stream (its location rule is tested in modules/kitchen): always the caller's own location.
  'GET /api/v1/kitchen/events/': row([K, O, SA], 'none'),
  '/api/v1/admin-data/ pickup_board_link': row(
    [SA, O],
    'refused',
    body((s) => ({ kitchaco: s.location })),
  ),
  // Public, and only its secret display token names a location.
  'GET /api/v1/pickup-board/': row('public', 'none'),
  'POST /api/v1/stock-list/': row([S, O], 'refused', (s) => ({ payload: { kitchaco: s.location } })),
  '/api/v1/stock-order-list/ place_order': row(
    [S, O],
    'refused',
    body((s) => placeStockOrder(s, s)),
    (own, other) => ({ payload: placeStockOrder(own, other) }),
  ),
  '/api/v1/stock-order-list/ get_all': row(
    [S, O],
    'refused',
    body((s) => ({ kitchaco: s.location })),
  ),
  '/api/v1/stock-order-list/ get_user_specific_order': row(
    [S, O],
    'refused',
    body((s) => ({ orderId: s.stockOrder })),
  ),
  '/api/v1/stock-order-list/ user_edit_order': row(
    [S, O],
    'refused',
    body((s, db) => editStockOrder(db, s, s)),
    async (own, other, db) => ({ payload: await editStockOrder(db, own, other) }),
  ),
  '/api/v1/stock-order-list/ get_admin_pending': row([A, SA], 'none'),
  '/api/v1/stock-order-list/ get_admin_specific_pending': row(
    [A, SA],
    'any',
    body((s) => ({ orderId: s.stockOrder })),
  ),
  '/api/v1/stock-order-list/ admin_approve_order': row(
    [A, SA],
    'any',
    body(async (s, db) => ({
      orderData: {
        orderId: await createPendingStockOrder(db, s),
        admin_adjustment: 0,
        stockData: [{ stock_list_id: s.stockItem, qty: 2 }],
      },
    })),
  ),
  '/api/v1/stock-order-list/ admin_disapprove_order': row(
    [A, SA],
    'any',
    body(async (s, db) => ({ orderId: await createPendingStockOrder(db, s), reason: 'Matrix' })),
  ),
  '/api/v1/stock-order-list/ get_admin_approved_disapproved': row([A, SA], 'any', ofLocation),
  '/api/v1/stock-order-list/ get_admin_stock_list': row(
    [A, SA],
    'any',
    body((s) => ({ kitchaco_location: s.location })),
  ),
  '/api/v1/stock-order-list/ update_admin_stock_list': row(
    [A, SA],
    'any',
    body((s) => ({
      stockData: [
        {
          id: s.stockItem,
          qty_type_id: s.unit,
          name: s.stockItemName,
          price: 10,
          par: 5,
          has_expiry: false,
          has_gst: true,
          status: 'enabled',
        },
      ],
    })),
  ),
  '/api/v1/admin-data/ stock_usage_report': row([A, SA], 'any', ofLocation),
  '/api/v1/admin-data/ stock_bundles': row(
    [A, SA],
    'any',
    body((s) => ({ kitchaco_location: s.location })),
  ),
  '/api/v1/admin-data/ add_stock_bundle': row(
    [SA],
    'any',
    body(async (s, db) => ({ meal_id: s.meal, stock_list_id: await createSiteStockItem(db, s), qty: 1 })),
  ),
  '/api/v1/admin-data/ update_stock_bundle': row(
    [SA],
    'any',
    body(async (s, db) => {
      const bundle = await createBundle(db, s);
      return { stock_bundle: { id: bundle.id, stock_list__id: bundle.stockItem, qty: 2 } };
    }),
  ),
  '/api/v1/admin-data/ delete_stock_bundle': row(
    [SA],
    'any',
    body(async (s, db) => ({ stock_bundle_id: (await createBundle(db, s)).id })),
  ),
  // An operator always gets their own location, whatever it asks for (operator default -1).
  'POST /api/v1/admin-data/export/orders/': row([SA, O], 'own', async (s) => ({
    payload: { kitchaco_location: s.location, ...RANGE },
  })),
  '/api/v1/admin-data/ dashboard_data': row([SA, O], 'own', ofLocation),
  '/api/v1/admin-data/ orders_data': row([SA, O], 'own', ofLocation),
  '/api/v1/admin-data/ external_operators': row([SA], 'none'),
  '/api/v1/admin-data/ reports_data': row(
    [SA],
    'any',
    body((s) => ({ external_operator: s.externalOperator, ...RANGE })),
  ),
  '/api/v1/admin-data/ sales_invoice_fortnight_period': row([SA], 'none'),
  '/api/v1/sales-report/ get_sales_report': row(
    [SA],
    'any',
    body((s) => ({ kitchaco: s.location, ...FORTNIGHT })),
  ),
  '/api/v1/sales-report/ generate_sales_report': row(
    [SA],
    'any',
    body((s) => ({ kitchaco: s.location, ...FORTNIGHT })),
  ),
  'POST /api/v1/generate-sales-invoice/': row([SA], 'any', (s) => ({
    payload: { kitchaco: s.location, ...FORTNIGHT },
  })),
  '/api/v1/sales-report/ update_and_approve_sales_report': row([SA], 'any', ofOperatorFortnight),
  '/api/v1/sales-report/ email_sales_report': row([SA], 'any', ofOperatorFortnight),
  '/api/v1/sales-report/ mark_invoice_paid': row(
    [SA],
    'any',
    body((s) => ({ external_operator: s.externalOperator, ...FORTNIGHT, reference: 'EFT-1' })),
  ),
  '/api/v1/sales-report/ carry_payout_reconciliation': row([SA], 'any', ofOperatorFortnight),
  '/api/v1/sales-report/ get_transactional_report': row([SA], 'any', platformsOfLocation),
  'POST /api/v1/sales-report/invoice-pdf/': row([SA], 'any', ofOperatorFortnight),
  'POST /api/v1/sales-report/invoice-csv/': row([SA], 'any', ofOperatorFortnight),
  'POST /api/v1/sales-report/transactions-pdf/': row([SA], 'any', platformsOfLocation),
  'POST /api/v1/sales-report/transactions-csv/': row([SA], 'any', platformsOfLocation),
  '/api/v1/admin-data/ admin_menu': row(
    [SA, O],
    'own',
    body((s) => ({ kitchaco_location: s.location })),
  ),
  '/api/v1/admin-data/ admin_categories': row([SA, O], 'none'),
  '/api/v1/admin-data/ get_specific_menu_item': row(
    [SA, O],
    'refused',
    body((s) => ({ meal_id: s.editableMeal })),
  ),
  '/api/v1/admin-data/ update_menu': row(
    [SA, O],
    'refused',
    body((s) => editMeal(s, { meal_subitem: [{ name: 'Matrix side', status: 'Disabled' }] })),
    (own, other) => ({
      payload: editMeal(own, {
        meal_combo: [{ id: other.combo, name: 'Taken', price: 0, status: 'Enabled' }],
      }),
    }),
  ),
  '/api/v1/admin-data/ add_menu_subitem_combo': row(
    [SA, O],
    'refused',
    body((s) => ({ meal_id: s.editableMeal, add_type: 'Combo', type_name: 'Matrix', type_price: 1 })),
  ),
  '/api/v1/admin-data/ add_menu': row(
    [SA, O],
    'refused',
    body((s) => ({ meal_name: 'Matrix meal', meal_price: 12, meal_status: 'Disabled', vendor_id: s.vendor })),
  ),
  '/api/v1/admin-data/ menu_review_queue': row([SA], 'none'),
  '/api/v1/admin-data/ review_menu_item': row(
    [SA],
    'any',
    body((s) => ({ kind: 'meal', id: s.editableMeal, decision: 'Disabled' })),
  ),
  '/api/v1/admin-data/ admin_get_all_kiosks': row([SA], 'none'),
  '/api/v1/admin-data/ create_device_code': row(
    [SA],
    'any',
    body((s) => ({ kiosk_id: s.kiosk })),
  ),
  // An operator reads their own location's entries, whatever location they name.
  '/api/v1/admin-data/ admin_audit_log': row(
    [SA, O],
    'own',
    body((s) => ({ kitchaco_location: s.location })),
  ),
  'POST /api/v1/admin-data/export/audit/': row([SA, O], 'own', (s) => ({
    payload: { kitchaco_location: s.location },
  })),
  'POST /api/v1/contact/': row('public', 'none'),
  // Marketplace webhooks are open, but each is authenticated as its platform does (Uber Eats and
  // Deliveroo: HMAC signature of the raw body; DoorDash: the portal's bearer token); the store id
  // of the platform's order, not a caller, decides the location.
  'POST /api/v1/marketplaces/uber-eats/webhook/': row('public', 'none'),
  'POST /api/v1/marketplaces/deliveroo/webhook/': row('public', 'none'),
  'POST /api/v1/marketplaces/doordash/webhook/': row('public', 'none'),
  '/api/v1/admin-data/ marketplace_stores': row([SA], 'none'),
  '/api/v1/admin-data/ marketplace_inbox': row([SA], 'none'),
  '/api/v1/admin-data/ marketplace_inbox_retry': row([SA], 'none'),
  // The health page and its outbox view: the whole platform's signals, super admins only.
  '/api/v1/admin-data/ admin_health': row([SA], 'none'),
  // The go-live check: calls the providers with the platform's credentials, super admins only.
  '/api/v1/admin-data/ admin_provider_check': row([SA], 'none'),
  '/api/v1/admin-data/ admin_outbox': row([SA], 'none'),
  '/api/v1/admin-data/ admin_outbox_retry': row([SA], 'none'),
  '/api/v1/admin-data/ save_marketplace_store': row(
    [SA],
    'any',
    body((s) => ({
      platform: 'uber_eats',
      store_id: randomUUID(),
      name: 'Matrix store',
      location_id: s.location,
      vendor_id: s.vendor,
    })),
  ),
  // An export file names stores of any location; the super admin imports for all of them.
  '/api/v1/admin-data/ marketplace_import_preview': row([SA], 'any'),
  '/api/v1/admin-data/ marketplace_import_commit': row([SA], 'any'),
  // A payout report names stores of any location; a reconciliation names an operator (0: all).
  '/api/v1/admin-data/ marketplace_payout_import': row([SA], 'any'),
  '/api/v1/admin-data/ marketplace_payout_reconciliation': row([SA], 'any'),
  '/api/v1/admin-data/ marketplace_payout_import_missing': row([SA], 'any'),
  'POST /api/v1/marketplace-payouts/reconciliation-csv/': row([SA], 'any'),
  // Staff accounts and locations: the super admin's, across locations; any account its own password.
  '/api/v1/admin-data/ staff_accounts': row([SA], 'none'),
  '/api/v1/admin-data/ add_staff_account': row(
    [SA],
    'any',
    body((s) => ({
      email: `matrix-${randomUUID()}@example.test`,
      first_name: 'Matrix',
      last_name: 'Operator',
      role: 'operator',
      kitchaco: s.location,
    })),
  ),
  '/api/v1/admin-data/ update_staff_account': row(
    [SA],
    'any',
    body(async (s, db) => ({
      id: (await createStaff(db, 'operator', { locationId: s.location })).id,
      first_name: 'Renamed',
      role: 'kitchen',
      kitchaco: s.location,
    })),
  ),
  '/api/v1/admin-data/ reset_staff_password': row(
    [SA],
    'any',
    body(async (s, db) => ({ id: (await createStaff(db, 'stock_user', { locationId: s.location })).id })),
  ),
  '/api/v1/admin-data/ change_password': row([S, O, A, SA, K], 'none'),
  '/api/v1/admin-data/ add_location': row(
    [SA],
    'any',
    body((s) => ({
      name: 'Matrix',
      address: '1 Matrix Street, Matrix',
      suburb: 'Matrix',
      lat: -37.8,
      lng: 144.9,
      opening_hours: { Monday: { open: '11:00', close: '21:00' } },
      external_operator_id: s.externalOperator,
    })),
  ),
};

/** Super-admin-only calls whose cross-location answer is not exercised here (tested in their module). */
const UNPROBED = [
  'POST /api/v1/payments/refunds/',
  '/api/v1/admin-data/ marketplace_import_preview',
  '/api/v1/admin-data/ marketplace_import_commit',
  '/api/v1/admin-data/ marketplace_payout_import',
  '/api/v1/admin-data/ marketplace_payout_reconciliation',
  '/api/v1/admin-data/ marketplace_payout_import_missing',
  'POST /api/v1/marketplace-payouts/reconciliation-csv/',
];

const describeAccess = (a: Access) => (a.kind === 'staff' ? [...a.roles].sort() : a.kind);
const describeWho = (w: Who) => (typeof w === 'string' ? w : [...w].sort());
interface Call {
  method: string;
  url: string;
  queryType?: string;
  stream?: boolean;
}
const declared = new Map<string, { access: Access; call: Call; audit: AuditDecl | false | undefined }>();
for (const m of modules) {
  for (const r of m.routes ?? [])
    declared.set(`${r.method} ${r.url}`, {
      access: r.access,
      audit: r.audit,
      call: { method: r.method, url: r.url, stream: Boolean(r.stream) },
    });
  for (const c of m.calls ?? []) {
    declared.set(`${c.endpoint} ${c.queryType}`, {
      access: c.access,
      audit: c.audit,
      call: { method: 'POST', url: c.endpoint, queryType: c.queryType },
    });
  }
}

/**
 * Tables whose rows are bookkeeping, not business records: sign-in sessions and codes, rate
 * counters, retries' keys, the sales rollups (kept by triggers from the ledger) and the audit log.
 */
const NOT_BUSINESS_TABLES =
  /^(sessions|sms_codes|rate_limit_events|rate_counters|idempotency_keys|provider_events|audit_log|audit_probe)$|rollup/;

/**
 * Counts the rows each committed statement writes, per table, into `audit_probe` (row triggers on
 * every business table): how the matrix knows whether a call changed anything.
 */
async function installWriteProbe(db: Db): Promise<void> {
  await db.execute(sql`CREATE TABLE audit_probe (tbl text NOT NULL)`);
  await db.execute(sql`CREATE FUNCTION audit_probe_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO audit_probe VALUES (TG_TABLE_NAME); RETURN NULL; END $$`);
  const tables = await rows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  for (const { table_name } of tables) {
    if (NOT_BUSINESS_TABLES.test(table_name)) continue;
    await db.execute(
      sql.raw(`CREATE TRIGGER audit_probe AFTER INSERT OR UPDATE OR DELETE ON "${table_name}"
        FOR EACH ROW EXECUTE FUNCTION audit_probe_row()`),
    );
  }
}

/** The business tables written since the last call, and the audit entries recorded meanwhile. */
async function takeWrites(db: Db): Promise<{ tables: string[]; entries: { action: string }[] }> {
  const written = await rows<{ tbl: string }>(db, sql`DELETE FROM audit_probe RETURNING tbl`);
  const entries = await rows<{ action: string; id: number }>(
    db,
    sql`SELECT action, id::int AS id FROM audit_log WHERE id > ${lastAuditId} ORDER BY id`,
  );
  lastAuditId = entries.at(-1)?.id ?? lastAuditId;
  return { tables: [...new Set(written.map((r) => r.tbl))].sort(), entries };
}
let lastAuditId = 0;

type Role = Exclude<Caller, 'anonymous'>;
const CALLERS: Caller[] = ['anonymous', 'customer', S, O, A, SA, K, 'none'];
/**
 * Callers tied to one place: stock users, operators and kitchen staff to their location, customers
 * to themselves.
 */
const BOUND = new Set<Caller>(['customer', S, O, K]);

function allowed(who: Who, caller: Caller): boolean {
  if (who === 'public' || who === 'demo') return true;
  if (who === 'customer') return caller === 'customer';
  return (who as readonly string[]).includes(caller);
}

describe('authorisation matrix', () => {
  it('has exactly one row per declared call, matching its declared access, each with a location rule', () => {
    expect([...declared.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [key, { access }] of declared) {
      const r = EXPECTED[key]!;
      expect(describeAccess(access), key).toEqual(describeWho(r.who));
      expect(OTHER_RULES, `${key}: location rule`).toContain(r.other);
      if (r.mixed) expect(r.other, `${key}: a mixed probe is checked for refused calls`).toBe('refused');
      if (r.other === 'none') {
        expect(r.probe, `${key}: a call that names no location needs no probe`).toBeUndefined();
        continue;
      }
      // Whoever a place binds must be shown another place's records: these need a probe.
      const boundMayCall = typeof r.who === 'string' || r.who.some((w) => BOUND.has(w));
      if (boundMayCall || r.other !== 'any') expect(r.probe, `${key}: probe`).toBeDefined();
      else if (!r.probe) expect(UNPROBED, `${key}: unprobed`).toContain(key);
    }
    expect(UNPROBED.filter((k) => EXPECTED[k]?.probe)).toEqual([]);
  });

  it('every staff call declares its audit entry, or that it changes nothing (audit: false)', () => {
    const undeclared = [...declared]
      .filter(([, d]) => d.access.kind === 'staff' && d.audit === undefined)
      .map(([key]) => key);
    expect(undeclared, 'staff calls without `audit` in their declaration').toEqual([]);
  });

  let t: TestApp;
  let own: Site;
  let other: Site;
  /** Each caller's token at the own site, and a caller of the same kind at the other site. */
  const tokens = new Map<Caller, string>();
  const peers = new Map<Caller, string>();
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await installWriteProbe(db);
    own = await createSite(db, '20.00');
    other = await createSite(db, '35.00');
    tokens.set('customer', own.customer.token);
    peers.set('customer', other.customer.token);
    for (const c of CALLERS) {
      if (c === 'anonymous' || c === 'customer') continue;
      tokens.set(c, (await tokenFor(db, c as Role, own.location)).token);
      peers.set(c, (await tokenFor(db, c as Role, other.location)).token);
    }
    // The fortnight's reports of both sites, which the invoice calls read.
    for (const site of [own, other]) {
      const res = await send(
        { method: 'POST', url: '/api/v1/sales-report/', queryType: 'generate_sales_report' },
        tokens.get(SA),
        { payload: { kitchaco: site.location, ...FORTNIGHT } },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await takeWrites(db);
  });
  afterAll(() => t.close());

  /**
   * What a staff call declared against what it did: a call declared `audit: false` writes no
   * business table; a call that wrote records at least one entry of its declared action, in the
   * same transaction (a write without its entry fails here, naming the tables it wrote).
   */
  async function expectAudited(key: string, caller: Caller, send: () => Promise<unknown>) {
    const db = t.database.db;
    await takeWrites(db);
    const result = await send();
    const { tables, entries } = await takeWrites(db);
    const decl = declared.get(key)!.audit;
    if (caller === 'anonymous' || caller === 'customer' || caller === 'none') return result;
    if (decl === false) {
      expect(tables, `${key} as ${caller} is declared audit: false but wrote`).toEqual([]);
    } else if (decl && tables.length > 0) {
      expect(
        entries.map((e) => e.action.split('.')[0]),
        `${key} as ${caller} wrote ${tables.join(', ')} without an audit entry of ${decl.action}`,
      ).toContain(decl.action.split('.')[0]);
    }
    return result;
  }

  function send(call: Call, token: string | undefined, req: Request) {
    return t.app.inject({
      method: call.method as 'GET',
      url: req.url ?? call.url,
      headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...req.headers },
      ...(call.method === 'GET'
        ? {}
        : { payload: call.queryType ? { query_type: call.queryType, ...req.payload } : (req.payload ?? {}) }),
    });
  }

  const ok = (res: { statusCode: number; body: string }, what: string) =>
    expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toSatisfy(
      (s: number) => s >= 200 && s < 300,
    );

  function expectWireError(res: { statusCode: number; json(): unknown }, statuses: number[], what: string) {
    expect(statuses, what).toContain(res.statusCode);
    expect(res.json(), what).toMatchObject({
      success: false,
      error: expect.any(String),
      code: expect.any(String),
    });
  }

  // ---------------------------------------------------------------- calls without a probe

  const unprobed = [...declared].filter(
    ([key, d]) => !EXPECTED[key]?.probe && (d.access.kind === 'customer' || d.access.kind === 'staff'),
  );
  it.each(unprobed.flatMap(([key, d]) => CALLERS.map((caller) => [key, caller, d] as const)))(
    '%s as %s (access only: names no location, or unprobed)',
    async (key, caller, { call }) => {
      const may = allowed(EXPECTED[key]!.who, caller);
      // An allowed caller of an event stream gets a stream that stays open (tested in its module).
      if (may && call.stream) return;
      const res = await send(call, tokens.get(caller), {
        url: call.url.replace(':id', '999999'),
        payload: call.queryType ? {} : { username: 'Matrix', email: 'matrix@example.test' },
      });
      if (caller === 'anonymous') expect(res.statusCode).toBe(401);
      else if (!may) expect(res.statusCode).toBe(403);
      else expect([401, 403], 'an allowed caller passes the access check').not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    },
  );

  // ---------------------------------------------------------------- own and other location

  const probed = [...declared].filter(([key]) => EXPECTED[key]?.probe);
  it.each(probed.flatMap(([key, d]) => CALLERS.map((caller) => [key, caller, d] as const)))(
    '%s as %s, own and other location',
    async (key, caller, { call }) => {
      const { who, other: rule, probe, mixed } = EXPECTED[key]!;
      const db = t.database.db;
      const token = tokens.get(caller);
      const ownRequest = await probe!(own, db);
      const otherRequest = await probe!(other, db);

      if (!allowed(who, caller)) {
        for (const req of [ownRequest, otherRequest]) {
          const res = await send(call, token, req);
          expectWireError(res, [caller === 'anonymous' ? 401 : 403], `${caller} is refused by role`);
        }
        return;
      }

      const mine = (await expectAudited(key, caller, () => send(call, token, ownRequest))) as Awaited<
        ReturnType<typeof send>
      >;
      ok(mine, 'own location, valid input');
      const expectation: Other = BOUND.has(caller) ? rule : 'any';

      if (expectation === 'refused') {
        const before = await snapshot(db);
        const res = await send(call, token, otherRequest);
        expectWireError(res, [403, 404], 'another location is refused');
        expect(await snapshot(db), 'a refused call changes nothing').toEqual(before);
        // The same request from a caller of that location succeeds: the refusal is about place alone.
        ok(await send(call, peers.get(caller), otherRequest), "the other location's own caller");
        if (mixed) {
          const request = await mixed(own, other, db);
          const start = await snapshot(db);
          const res = await send(call, token, request);
          expectWireError(
            res,
            [400, 403, 404, 409, 422],
            "another location's record inside the own location",
          );
          expect(await snapshot(db), 'a refused call changes nothing').toEqual(start);
        }
        return;
      }
      const theirs = (await expectAudited(key, caller, () => send(call, token, otherRequest))) as Awaited<
        ReturnType<typeof send>
      >;
      ok(theirs, 'another location');
      if (expectation === 'own') {
        expect(theirs.body, 'answered for the own location').toBe(mine.body);
      } else if (rule === 'own') {
        // What a bound caller is held to must differ between the two sites, or 'own' proves nothing.
        expect(theirs.body, "the other location's answer differs").not.toBe(mine.body);
      }
    },
  );
});
