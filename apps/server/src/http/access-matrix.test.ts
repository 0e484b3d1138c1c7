import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../modules/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { type Caller, tokenFor } from '../test/auth.js';
import { createLocation } from '../test/factories.js';
import type { Access } from './actor.js';

/**
 * The authorisation matrix: every call of the registry and who may make it. A call added without a
 * row here fails this test; a row whose rule differs from the declaration fails too. Each cell is
 * then exercised: allowed callers get past the access check, everyone else gets 401 or 403.
 */
const S = 'stock_user';
const O = 'operator';
const A = 'stock_admin';
const SA = 'super_admin';
const EXPECTED: Record<string, 'public' | 'customer' | 'demo' | string[]> = {
  'POST /api/v1/send-sms/': 'public',
  'POST /api/v1/login-phone/': 'public',
  'GET /api/v1/customers/:id/': 'customer',
  'PUT /api/v1/customers/:id/': 'customer',
  'POST /api/v1/logout/': 'public',
  'GET /api/v1/kitchaco-location/': 'public',
  'GET /api/dev/outbox': 'demo',
  '/api/v1/admin-data/ admin_login': 'public',
  '/api/v1/stock-login/ login': 'public',
  '/api/v1/stock-admin-user/ login': 'public',
  '/api/v1/kitchaco-location/ kitchaco_locations': 'public',
  '/api/v1/admin-data/ kitchaco_locations': [SA, O, A, S],
  'GET /api/v1/vendors/': 'public',
  'GET /api/v1/vendor-filters/': 'public',
  'GET /api/v1/vendors/:id/menu/': 'public',
  'GET /api/v1/feed/': 'public',
  '/api/v1/admin-data/ add_feed_post': [SA],
  '/api/v1/admin-data/ delete_feed_post': [SA],
  'POST /api/v1/orders/quote/': 'public',
  'POST /api/v1/orders/': 'customer',
  'GET /api/v1/orders/': 'customer',
  'GET /api/v1/orders/events/': 'customer',
  '/api/v1/admin-data/ update_order_status': [SA],
  'POST /api/v1/stock-list/': [S, O],
  '/api/v1/stock-order-list/ place_order': [S, O],
  '/api/v1/stock-order-list/ get_all': [S, O],
  '/api/v1/stock-order-list/ get_user_specific_order': [S, O],
  '/api/v1/stock-order-list/ user_edit_order': [S, O],
  '/api/v1/stock-order-list/ get_admin_pending': [A, SA],
  '/api/v1/stock-order-list/ get_admin_specific_pending': [A, SA],
  '/api/v1/stock-order-list/ admin_approve_order': [A, SA],
  '/api/v1/stock-order-list/ admin_disapprove_order': [A, SA],
  '/api/v1/stock-order-list/ get_admin_approved_disapproved': [A, SA],
  '/api/v1/stock-order-list/ get_admin_stock_list': [A, SA],
  '/api/v1/stock-order-list/ update_admin_stock_list': [A, SA],
  '/api/v1/admin-data/ stock_usage_report': [A, SA],
  '/api/v1/admin-data/ stock_bundles': [A, SA],
  '/api/v1/admin-data/ add_stock_bundle': [SA],
  '/api/v1/admin-data/ update_stock_bundle': [SA],
  '/api/v1/admin-data/ delete_stock_bundle': [SA],
  'POST /api/v1/admin-data/export/orders/': [SA, O],
  '/api/v1/admin-data/ dashboard_data': [SA, O],
  '/api/v1/admin-data/ orders_data': [SA, O],
  '/api/v1/admin-data/ external_operators': [SA],
  '/api/v1/admin-data/ reports_data': [SA],
  '/api/v1/admin-data/ sales_invoice_fortnight_period': [SA],
  '/api/v1/sales-report/ get_sales_report': [SA],
  '/api/v1/sales-report/ generate_sales_report': [SA],
  '/api/v1/sales-report/ update_and_approve_sales_report': [SA],
  '/api/v1/sales-report/ email_sales_report': [SA],
  '/api/v1/sales-report/ get_transactional_report': [SA],
  'POST /api/v1/sales-report/invoice-pdf/': [SA],
  'POST /api/v1/sales-report/invoice-csv/': [SA],
  'POST /api/v1/sales-report/transactions-pdf/': [SA],
  'POST /api/v1/sales-report/transactions-csv/': [SA],
  '/api/v1/admin-data/ admin_menu': [SA, O],
  '/api/v1/admin-data/ admin_categories': [SA, O],
  '/api/v1/admin-data/ get_specific_menu_item': [SA, O],
  '/api/v1/admin-data/ update_menu': [SA, O],
  '/api/v1/admin-data/ add_menu_subitem_combo': [SA, O],
  '/api/v1/admin-data/ add_menu': [SA, O],
  '/api/v1/admin-data/ menu_review_queue': [SA],
  '/api/v1/admin-data/ review_menu_item': [SA],
  '/api/v1/admin-data/ admin_get_all_kiosks': [SA],
  '/api/v1/admin-data/ create_device_code': [SA],
  'POST /api/v1/contact/': 'public',
  // Marketplace webhooks are open, but each checks its platform's HMAC signature of the raw body.
  'POST /api/v1/marketplaces/uber-eats/webhook/': 'public',
  'POST /api/v1/marketplaces/deliveroo/webhook/': 'public',
  'POST /api/v1/marketplaces/doordash/webhook/': 'public',
  'POST /api/v1/marketplaces/menulog/webhook/': 'public',
  '/api/v1/admin-data/ marketplace_stores': [SA],
  '/api/v1/admin-data/ save_marketplace_store': [SA],
  '/api/v1/admin-data/ marketplace_import_preview': [SA],
  '/api/v1/admin-data/ marketplace_import_commit': [SA],
};

const describeAccess = (a: Access) => (a.kind === 'staff' ? [...a.roles].sort() : a.kind);
const declared = new Map<
  string,
  { access: Access; call: { method: string; url: string; queryType?: string; stream?: boolean } }
>();
for (const m of modules) {
  for (const r of m.routes ?? [])
    declared.set(`${r.method} ${r.url}`, {
      access: r.access,
      call: { method: r.method, url: r.url, stream: Boolean(r.stream) },
    });
  for (const c of m.calls ?? []) {
    declared.set(`${c.endpoint} ${c.queryType}`, {
      access: c.access,
      call: { method: 'POST', url: c.endpoint, queryType: c.queryType },
    });
  }
}

describe('authorisation matrix', () => {
  it('has exactly one row per declared call, matching its declared access', () => {
    expect([...declared.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [key, { access }] of declared) {
      const row = EXPECTED[key]!;
      expect(describeAccess(access), key).toEqual(Array.isArray(row) ? [...row].sort() : row);
    }
  });

  let t: TestApp;
  const tokens = new Map<Caller, string>();
  const ownIds = new Map<Caller, number>();
  const callers: Caller[] = ['anonymous', 'customer', S, O, A, SA, 'none'];
  beforeAll(async () => {
    t = await createTestApp();
    const location = await createLocation(t.database.db);
    for (const c of callers) {
      if (c === 'anonymous') continue;
      const { token, id } = await tokenFor(t.database.db, c, location.id);
      tokens.set(c, token);
      ownIds.set(c, id);
    }
  });
  afterAll(() => t.close());

  const guarded = [...declared].filter(([, d]) => d.access.kind === 'customer' || d.access.kind === 'staff');
  it.each(guarded.flatMap(([key, d]) => callers.map((caller) => [key, caller, d] as const)))(
    '%s as %s',
    async (_key, caller, { access, call }) => {
      const allowed =
        access.kind === 'customer'
          ? caller === 'customer'
          : access.kind === 'staff' && (access.roles as string[]).includes(caller);
      // An allowed caller of an event stream gets a stream that stays open (tested in its module).
      if (allowed && call.stream) return;
      const token = tokens.get(caller);
      const res = await t.app.inject({
        method: call.method as 'GET',
        url: call.url.replace(':id', String(ownIds.get(caller) ?? 999_999)),
        headers: token ? { authorization: `Token ${token}` } : {},
        ...(call.method === 'GET'
          ? {}
          : {
              payload: call.queryType
                ? { query_type: call.queryType }
                : { username: 'Matrix', email: 'matrix@example.test' },
            }),
      });
      if (caller === 'anonymous') expect(res.statusCode).toBe(401);
      else if (!allowed) expect(res.statusCode).toBe(403);
      else expect([401, 403], 'an allowed caller passes the access check').not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    },
  );
});
