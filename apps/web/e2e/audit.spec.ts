import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  businessToday,
  chooseOption,
  expect,
  expectAccessible,
  loginAs,
  openAdminOrder,
  placeCardOrder,
  queryCallAnswer,
  staffToken,
  test,
} from './fixtures';
import { scaled } from './machine';

/**
 * The audit log (docs/audit.md): a super admin changes an order's status, then finds the change in
 * the log, opens its before and after and downloads the CSV; an operator reads only their own
 * location's entries, with no location filter; signed out, the log sends the visitor to /admin.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-25' as the wire writes it: '25 Nov 2026'. */
const wireDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
};
function daysAgo(days: number): string {
  const at = new Date(`${businessToday()}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

interface Change {
  id: number;
  location: string;
  summary: string;
}

/**
 * Changes the status of a recent order of a location through the API, as the super admin: setting
 * the journey up (an audited change elsewhere), never what it tests.
 */
async function changeStatusByApi(request: APIRequestContext, locationId: number): Promise<Change> {
  const token = await staffToken(request, 'super_admin');
  const headers = { Authorization: `Token ${token}` };
  const listed = await request.post('/api/v1/admin-data/', {
    headers,
    data: {
      query_type: 'orders_data',
      kitchaco_location: locationId,
      start_date: wireDate(daysAgo(13)),
      end_date: wireDate(businessToday()),
      page: 1,
      page_size: 20,
    },
  });
  expect(listed.ok(), 'the orders are listed').toBe(true);
  const { orders_by_location: orders } = (await listed.json()) as {
    orders_by_location: { id: number; status: string; kitchaco__location: string }[];
  };
  const order = orders.find((o) => o.status !== 'Canceled');
  if (!order) throw new Error(`The demo data needs a recent order at location ${locationId}`);
  const status = order.status === 'Cooking' ? 'Ready for pickup' : 'Cooking';
  const changed = await request.post('/api/v1/admin-data/', {
    headers,
    data: { query_type: 'update_order_status', order_id: order.id, status },
  });
  expect(changed.ok(), 'the status changes').toBe(true);
  return {
    id: order.id,
    location: order.kitchaco__location,
    summary: `Order #${order.id}: ${order.status} → ${status}`,
  };
}

const auditCall = (page: Page) => queryCallAnswer(page, 'admin_audit_log');

test.describe('super admin', () => {
  test('changes an order status, then finds it in the audit log, opens it and downloads the CSV', async ({
    page,
  }) => {
    test.setTimeout(scaled(150_000));
    const elsewhere = await changeStatusByApi(page.request, 2);
    const order = await placeCardOrder(page.request);

    await loginAs(page, 'super_admin');
    const details = await openAdminOrder(page, order.id);
    await expect(details).toBeVisible();
    const status = page.getByRole('combobox', { name: `Status of order #${order.id}` });
    const from = await status.inputValue();
    const to = from === 'Cooking' ? 'Ready for pickup' : 'Cooking';
    await chooseOption(page, status, to);
    await page
      .getByRole('dialog', { name: 'Change order status' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(page.getByText('Changed Successfully')).toBeVisible();

    // The log opens on the location and dates the order list had: Reservoir, today.
    const opened = auditCall(page);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin-audit$/);
    expect((await opened).request().postDataJSON()).toMatchObject({ kitchaco_location: 1, page: 1 });
    await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Audit log entries' });
    const mine = table.getByRole('row').filter({ hasText: `Order #${order.id}: ${from} → ${to}` });
    await expect(mine).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: elsewhere.summary })).toHaveCount(0);
    await expectAccessible(page, 'audit log of one location');

    // Every location, by who and what.
    const filters = page.getByRole('form', { name: 'Audit filters' });
    await chooseOption(page, filters.getByRole('combobox', { name: 'Location' }), 'All');
    await filters.getByRole('textbox', { name: 'Who' }).fill('ADMIN@demo');
    await chooseOption(page, filters.getByRole('combobox', { name: 'Action' }), 'order.status');
    const filtered = auditCall(page);
    await filters.getByRole('button', { name: 'Apply' }).click();
    const answer = await filtered;
    expect(answer.request().postDataJSON()).toMatchObject({
      kitchaco_location: 0,
      actor: 'ADMIN@demo',
      action: 'order.status',
      page: 1,
    });
    const body = (await answer.json()) as { entries: { action: string; actor_email: string }[] };
    expect(body.entries.length).toBeGreaterThanOrEqual(2);
    for (const entry of body.entries) {
      expect(entry).toMatchObject({ action: 'order.status', actor_email: 'admin@demo.test' });
    }
    await expect(page.getByText(/^Showing 1–\d+ of \d+ entries$/)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: elsewhere.summary })).toHaveCount(1);
    await expect(mine.getByRole('cell', { name: 'Reservoir', exact: true })).toBeVisible();
    await expect(mine.getByRole('cell', { name: 'admin@demo.test', exact: true })).toBeVisible();

    // The entry opens on its before and after, the changed field marked.
    const open = mine.getByRole('button', { name: /^Details of entry \d+$/ });
    const entryId = Number(/(\d+)$/.exec((await open.getAttribute('aria-label')) ?? '')?.[1]);
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const changes = page.getByRole('table', { name: `Changes of entry ${entryId}` });
    const statusRow = changes.getByRole('row').filter({ hasText: /^status/ });
    await expect(statusRow.getByRole('cell')).toHaveText([/^status\s*changed$/, from, to]);
    await expect(page.getByText('1 field changed')).toBeVisible();
    await expect(page.locator(`#audit-entry-${entryId}`).getByText('update_order_status')).toBeVisible();
    await expectAccessible(page, 'audit log with an entry open');

    // The CSV: every entry of the filters, from the server.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV of the audit log' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
    const csv = await readFile((await file.path()) ?? '', 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Time,Who,Role,Address,Action,What,Entity,Entity id,Location,Before,After');
    expect(lines.some((l) => l.includes(`Order #${order.id}: ${from} → ${to}`))).toBe(true);
    expect(lines.some((l) => l.includes(elsewhere.summary))).toBe(true);
    expect(lines.slice(1).every((l) => /^\d\d \w{3} \d{4} \d\d:\d\d,admin@demo\.test,/.test(l))).toBe(true);
  });
});

test.describe('operator', () => {
  test("reads only their own location's entries, with no location filter", async ({ page }) => {
    test.setTimeout(scaled(120_000));
    const own = await changeStatusByApi(page.request, 1);
    const elsewhere = await changeStatusByApi(page.request, 2);

    await loginAs(page, 'operator');
    const opened = auditCall(page);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin-audit$/);
    expect((await opened).request().postDataJSON()).toMatchObject({ kitchaco_location: -1 });
    await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Audit log entries' });
    await expect(table.getByRole('row').filter({ hasText: own.summary })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: elsewhere.summary })).toHaveCount(0);

    // Column 6 is the location: the operator's own on every row (the header shows it).
    const locations = new Set(
      (await table.locator('tbody > tr > td:nth-child(6)').allTextContents()).map((t) => t.trim()),
    );
    expect([...locations]).toEqual([own.location]);
    await expect(page.getByRole('banner')).toContainText(own.location);
    await expectAccessible(page, 'operator audit log');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV of the audit log' }).click();
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    expect(csv).toContain(own.summary);
    expect(csv).not.toContain(elsewhere.summary);
  });
});

test.describe('signed out', () => {
  test('/admin-audit sends the visitor to /admin', async ({ page }) => {
    await page.goto('/admin-audit');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
