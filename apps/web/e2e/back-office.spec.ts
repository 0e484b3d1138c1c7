import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { chooseOption, expect, expectAccessible, loginAs, queryCallAnswer, test } from './fixtures';
import { scaled } from './machine';

/**
 * The back office's week: the super admin reads the dashboard of one location for a day, opens the
 * channel details, works the customer order list (expand, change a status, export) and reports on an
 * external operator; an operator sees only their own location; signed out, the lists send the
 * visitor to the login.
 */

const LOCATION = 'Reservoir';

/** A day as the business counts it (Melbourne), `offset` days from today: '2026-11-22'. */
function businessDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date());
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + offset);
  return at.toISOString().slice(0, 10);
}

/** '2026-11-22' as the calendar names its day buttons: '22 November 2026'. */
function dayLabel(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** '2026-11-22' as the pickers show it: '22/11/2026'. */
const shown = (iso: string) => iso.split('-').reverse().join('/');

const adminCall = (page: Page, queryType: string) => queryCallAnswer(page, queryType);

/** Opens a date picker of the form and clicks the day, moving month by month to reach it. */
async function pickDate(page: Page, form: Locator, label: string, iso: string): Promise<void> {
  await form.getByRole('button', { name: label }).click();
  // The calendar opens with a transition: look for the day only once it is there.
  await page.getByRole('button', { name: 'Next month' }).filter({ visible: true }).first().waitFor();
  // While the calendar changes month, the old grid may still be in the page beside the new one.
  const day = page
    .getByRole('button', { name: dayLabel(iso), exact: true })
    .filter({ visible: true })
    .first();
  for (let step = 0; step < 3 && !(await day.isVisible()); step++) {
    const current = (await form.getByRole('button', { name: label }).textContent()) ?? '';
    const [d, m, y] = current.trim().split('/');
    const earlier = `${y}-${m}-${d}` > iso;
    await page.getByRole('button', { name: earlier ? 'Previous month' : 'Next month' }).click();
  }
  await day.click();
  await expect(form.getByRole('button', { name: label })).toHaveText(shown(iso));
}

test.describe('super admin', () => {
  test('reads one location for a day, opens the channel details, then changes an order status from the order list', async ({
    page,
  }) => {
    test.setTimeout(scaled(150_000));
    await loginAs(page, 'super_admin');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();

    // One location, one past day: the Uber Eats details exist for a single past day. The demo's
    // orders are random, so a quiet day may have no Uber Eats order: the latest day with one is read.
    const filters = page.getByRole('form', { name: 'Dashboard filters' });
    const dashboard = page.getByRole('region', { name: 'Dashboard' });
    await chooseOption(page, filters.getByRole('combobox', { name: 'Location' }), LOCATION);
    let uberOrders = 0;
    let day = '';
    let sent: Record<string, unknown> = {};
    let previousSales = 0;
    for (let offset = -1; offset >= -7 && uberOrders === 0; offset--) {
      day = businessDay(offset);
      await pickDate(page, filters, 'Start date', day);
      await pickDate(page, filters, 'End date', day);
      const loaded = adminCall(page, 'dashboard_data');
      await filters.getByRole('button', { name: 'Apply' }).click();
      const answer = await loaded;
      sent = answer.request().postDataJSON() as Record<string, unknown>;
      expect(sent).toMatchObject({ kitchaco_location: expect.any(Number) });
      expect(sent.kitchaco_location).toBeGreaterThan(0);
      expect(sent.start_date).toBe(sent.end_date);
      const body = (await answer.json()) as {
        sales_by_source: { source: string; num_orders: number }[];
        previous_period?: { total_sales: number };
      };
      uberOrders = body.sales_by_source.find((s) => s.source === 'uber_eats')?.num_orders ?? 0;
      previousSales = body.previous_period?.total_sales ?? 0;
    }
    expect(uberOrders, 'a day with Uber Eats orders in the last week').toBeGreaterThan(0);

    await expect(dashboard.getByText(`· ${LOCATION}.`, { exact: false })).toBeVisible();
    const totalSales = dashboard.getByRole('definition').first();
    await expect(totalSales).toHaveText(/^\$[\d,]+\.\d\d$/);
    // One day is compared with the day before: the total's card says by how much.
    expect(previousSales, 'sales on the day before').not.toBe(0);
    await expect(dashboard.getByText(/^Changes are against the previous day, /)).toBeVisible();
    await expect(dashboard.getByRole('definition').nth(1)).toHaveText(/^[+-]?\d+\.\d% vs previous day$/);
    await expect(
      dashboard.getByRole('img', { name: /^Sales by hour of the day: .*\(previous period \$/ }),
    ).toBeVisible();
    const sources = dashboard.getByRole('table', { name: 'Sales by Source' });
    await expect(sources.getByRole('row')).toHaveCount(7);
    // Each source's change of sales against the day before: a percentage, or a dash where it sold nothing then.
    await expect(
      sources.getByRole('columnheader', { name: 'Change in sales vs previous day' }),
    ).toBeVisible();
    await expect(
      sources
        .getByRole('row', { name: /^Kitchaco / })
        .getByRole('cell')
        .last(),
    ).toHaveText(/^([+-]?\d+\.\d%|—No sales in the previous period)$/);
    const items = dashboard.getByRole('table', { name: 'Items Sold' });
    await expect(items.getByRole('row').nth(1)).toBeVisible();
    await expect(
      dashboard.getByRole('table', { name: 'Sales by Vendor' }).getByRole('row').nth(1),
    ).toBeVisible();
    await expect(dashboard.getByRole('img', { name: /^Sales by hour of the day: / })).toBeVisible();
    await expectAccessible(page, 'dashboard of one location');

    // The table downloads hold what the table shows.
    const download = page.waitForEvent('download');
    await dashboard.getByRole('button', { name: 'Download CSV of Items Sold' }).click();
    const csv = (await readFile((await (await download).path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Name,Quantity,Matched');
    expect(lines).toHaveLength(await items.getByRole('row').count());

    await dashboard.getByRole('button', { name: /^Uber Eats details/ }).click();
    const uber = page.getByRole('dialog', { name: 'Uber Eats details' });
    await expect(uber.getByRole('table', { name: 'Uber Eats orders' })).toBeVisible();
    await expectAccessible(page, 'Uber Eats details');
    await uber.getByRole('button', { name: 'Close' }).click();

    await dashboard.getByRole('button', { name: 'Kitchaco details' }).click();
    const own = page.getByRole('dialog', { name: 'Kitchaco details' });
    await expect(own.getByRole('table', { name: 'Kitchaco channels' }).getByRole('row')).toHaveCount(5);
    await expectAccessible(page, 'Kitchaco details');
    await own.getByRole('button', { name: 'Close' }).click();

    // One day is not a Deliveroo fortnight: the modal says why there are no figures.
    await dashboard.getByRole('button', { name: /^Deliveroo details/ }).click();
    const deliveroo = page.getByRole('dialog', { name: 'Deliveroo details' });
    await expect(deliveroo.getByText(/14-day period starting on a Monday/)).toBeVisible();
    await expectAccessible(page, 'Deliveroo details');
    await deliveroo.getByRole('button', { name: 'Close' }).click();

    // The order list opens on the same location and day.
    const listed = adminCall(page, 'orders_data');
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Customer Orders' })
      .click();
    await expect(page).toHaveURL(/\/admin-orders$/);
    const request = (await listed).request().postDataJSON() as Record<string, unknown>;
    expect(request).toMatchObject({ kitchaco_location: sent.kitchaco_location, start_date: sent.start_date });
    const orderFilters = page.getByRole('form', { name: 'Order filters' });
    await expect(orderFilters.getByRole('combobox', { name: 'Location' })).toHaveValue(LOCATION);
    await expect(orderFilters.getByRole('button', { name: 'Start date' })).toHaveText(shown(day));

    const table = page.getByRole('table', { name: 'Customer orders' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const details = table.getByRole('button', { name: /^Details of order #\d+$/ }).first();
    const id = Number(/#(\d+)/.exec((await details.getAttribute('aria-label')) ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await details.click();
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('table', { name: `Items of order #${id}` })).toBeVisible();
    const expanded = page.locator(`#customer-order-${id}`);
    await expect(expanded.getByText('Order source', { exact: true })).toBeVisible();
    await expect(expanded.getByText('Total', { exact: true })).toBeVisible();
    await expect(expanded.getByText('Last status change', { exact: true })).toBeVisible();
    await expectAccessible(page, 'customer orders with an order expanded');

    const status = table.getByRole('combobox', { name: `Status of order #${id}` });
    const next = (await status.inputValue()) === 'Cooking' ? 'Ready for pickup' : 'Cooking';
    await chooseOption(page, status, next);
    const confirm = page.getByRole('dialog', { name: 'Change order status' });
    await expect(
      confirm.getByText(
        `Are you sure you want to change Order #${id} to ${next}? This will also send a notification to the customer.`,
        { exact: true },
      ),
    ).toBeVisible();
    await expectAccessible(page, 'status change confirmation');
    const changed = adminCall(page, 'update_order_status');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect((await changed).request().postDataJSON()).toMatchObject({ order_id: id, status: next });
    await expect(page.getByText('Changed Successfully')).toBeVisible();
    await expect(status).toHaveValue(next);
    await expect(expanded.getByText(/^admin@demo\.test, \d\d \w{3} \d{4} /)).toBeVisible();

    // No closes the confirmation and keeps the status.
    await chooseOption(page, status, 'Finished');
    await page
      .getByRole('dialog', { name: 'Change order status' })
      .getByRole('button', { name: 'No' })
      .click();
    await expect(status).toHaveValue(next);

    // The export: every order of the filters as CSV, from the server.
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV of customer orders' }).click();
    const file = await exported;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    expect(await readFile((await file.path()) ?? '', 'utf8')).toContain(String(id));
  });

  test("pages through every location's orders one page at a time and filters them by status", async ({
    page,
  }) => {
    await loginAs(page, 'super_admin');
    await page.evaluate(
      ([from, to]) => {
        window.localStorage.setItem('kitchaco.report.location_id', '0');
        window.localStorage.setItem('kitchaco.report.start_date', from ?? '');
        window.localStorage.setItem('kitchaco.report.end_date', to ?? '');
      },
      [businessDay(-27), businessDay(0)],
    );
    const first = adminCall(page, 'orders_data');
    await page.goto('/admin-orders');
    expect((await first).request().postDataJSON()).toMatchObject({ kitchaco_location: 0, page: 1 });
    const summary = page.getByText(/^Showing 1–50 of [\d,]+ orders$/);
    await expect(summary).toBeVisible();
    const table = page.getByRole('table', { name: 'Customer orders' });
    await expect(table.locator('tbody > tr')).toHaveCount(50);

    const second = adminCall(page, 'orders_data');
    await page
      .getByRole('navigation', { name: 'Order pages' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    expect((await second).request().postDataJSON()).toMatchObject({ page: 2 });
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(/^Showing 51–100 of /)).toBeVisible();
    await expect(table.locator('tbody > tr')).toHaveCount(50);

    const filters = page.getByRole('form', { name: 'Order filters' });
    await chooseOption(page, filters.getByRole('combobox', { name: 'Status' }), 'Canceled');
    const filtered = adminCall(page, 'orders_data');
    await filters.getByRole('button', { name: 'Apply' }).click();
    expect((await filtered).request().postDataJSON()).toMatchObject({ status: 'Canceled', page: 1 });
    await expect(page).toHaveURL(/[?&]status=Canceled/);
    await expect(table.getByRole('combobox', { name: /^Status of order/ }).first()).toHaveValue('Canceled');
    for (const value of await table.getByRole('combobox', { name: /^Status of order/ }).all()) {
      await expect(value).toHaveValue('Canceled');
    }
    await expectAccessible(page, 'customer orders, canceled');
  });

  test("reports an external operator's sales by location", async ({ page }) => {
    await loginAs(page, 'super_admin');
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Operators' }).click();
    await expect(page).toHaveURL(/\/admin-operators$/);
    await expect(page.getByText('Choose an operator and Apply to see their sales.')).toBeVisible();
    await expectAccessible(page, 'operators, nothing chosen');

    const filters = page.getByRole('form', { name: 'Operator report filters' });
    await chooseOption(page, filters.getByRole('combobox', { name: 'Operator' }), /.+/);
    const operator = await filters.getByRole('combobox', { name: 'Operator' }).inputValue();
    const reported = adminCall(page, 'reports_data');
    await filters.getByRole('button', { name: 'Apply' }).click();
    expect((await reported).ok()).toBe(true);

    await expect(page.getByRole('heading', { name: new RegExp(`^${operator}, `) })).toBeVisible();
    await expect(page.getByRole('definition').first()).toHaveText(/^\$[\d,]+\.\d\d$/);
    const table = page.getByRole('table', { name: 'Sales by Location' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('img', { name: /^Sales by location: / })).toBeVisible();
    await expectAccessible(page, 'operator report');
  });
});

test.describe('operator', () => {
  test('sees the dashboard and the orders of their own location only, and changes an order status', async ({
    page,
  }) => {
    test.setTimeout(scaled(120_000));
    await loginAs(page, 'operator');
    await expect(page).toHaveURL(/\/operator-admin$/);
    const dashboard = page.getByRole('region', { name: 'Dashboard' });
    await expect(dashboard.getByText(/^Sales of your location from /)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveCount(0);
    await expect(dashboard.getByRole('definition').first()).toHaveText(/^\$[\d,]+\.\d\d$/);
    // The default fortnight is compared with the one before it.
    await expect(dashboard.getByRole('definition').nth(1)).toHaveText(/^[+-]?\d+\.\d% vs previous \d+ days$/);
    await expect(dashboard.getByRole('table', { name: 'Items Sold' })).toBeVisible();
    await expectAccessible(page, 'operator dashboard');

    const listed = adminCall(page, 'orders_data');
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Orders', exact: true })
      .click();
    await expect(page).toHaveURL(/\/operator-admin-orders$/);
    expect((await listed).request().postDataJSON()).toMatchObject({ kitchaco_location: -1 });
    const table = page.getByRole('table', { name: 'Customer orders' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveCount(0);

    // Column 5 is the location: one name on every row, the operator's own (the header shows it).
    const locations = new Set(
      (await table.locator('tbody > tr > td:nth-child(5)').allTextContents()).map((t) => t.trim()),
    );
    expect(locations.size).toBe(1);
    const [own] = [...locations];
    await expect(page.getByRole('banner')).toContainText(own ?? '');
    await expectAccessible(page, 'operator orders');

    // The operator changes the status of an order of their own location, confirming first; the
    // card payment stays the super admin's to read.
    const details = table.getByRole('button', { name: /^Details of order #\d+$/ }).first();
    const id = Number(/#(\d+)/.exec((await details.getAttribute('aria-label')) ?? '')?.[1]);
    const status = table.getByRole('combobox', { name: `Status of order #${id}` });
    const next = (await status.inputValue()) === 'Cooking' ? 'Ready for pickup' : 'Cooking';
    await chooseOption(page, status, next);
    const confirm = page.getByRole('dialog', { name: 'Change order status' });
    await expect(
      confirm.getByText(
        `Are you sure you want to change Order #${id} to ${next}? This will also send a notification to the customer.`,
        { exact: true },
      ),
    ).toBeVisible();
    await expectAccessible(page, 'operator status change confirmation');
    const changed = adminCall(page, 'update_order_status');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const answer = await changed;
    expect(answer.request().postDataJSON()).toMatchObject({ order_id: id, status: next });
    expect(answer.ok()).toBe(true);
    await expect(page.getByText('Changed Successfully')).toBeVisible();
    await expect(status).toHaveValue(next);
    await details.click();
    const expanded = page.locator(`#customer-order-${id}`);
    await expect(expanded.getByText(/^operator@demo\.test, \d\d \w{3} \d{4} /)).toBeVisible();
    await expect(expanded.getByRole('heading', { name: 'Card payment' })).toHaveCount(0);
  });
});

test.describe('signed out', () => {
  for (const [screen, login] of [
    ['/admin-orders', '/admin'],
    ['/admin-operators', '/admin'],
    ['/admin-payments', '/admin'],
    ['/operator-admin-orders', '/operator-admin'],
  ] as const) {
    test(`${screen} sends the visitor to ${login}`, async ({ page }) => {
      await page.goto(screen);
      await expect(page).toHaveURL(new RegExp(`${login}$`));
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    });
  }
});
