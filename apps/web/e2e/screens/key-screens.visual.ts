import type { Page } from '@playwright/test';
import { chooseOption, DEMO_PASSWORD, expect, loginAs, staffToken, test } from '../fixtures';
import { DEMO_CLOCK } from './demo-clock';

/**
 * The key screens as a person sees them at 1400 px, compared with the accepted pictures in
 * ./accepted/. The demo's clock starts at DEMO_CLOCK (playwright.screens.config.ts) and the browser's
 * is fixed a few minutes later, so data and dates are the same on every run. A failure leaves the
 * expected, actual and diff pictures in test-results/; after an intended change, accept the new
 * look with `npm run test:screens -- --update-snapshots` and commit the pictures.
 */

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(new Date(DEMO_CLOCK).getTime() + 5 * 60_000));
  // No internet in tests: the map's tiles fail at once, and the map shows its plain background.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
});

/** Waits for fonts and the pictures in view to settle, then compares the viewport. */
async function looksAsAccepted(page: Page, name: string): Promise<void> {
  // Not 'networkidle': the orders page and the kitchen display keep a live event stream open.
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root, [aria-busy="true"]')).toHaveCount(
    0,
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy pictures below the fold never load in a viewport picture: only those in view are awaited.
    const inView = [...document.images].filter((i) => {
      const box = i.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    });
    await Promise.all(inView.map((i) => i.decode().catch(() => undefined)));
  });
  await expect(page).toHaveScreenshot(`${name}.png`);
}

test('the customer screens', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Reservoir pickup location' })).toBeVisible();
  await looksAsAccepted(page, 'home');

  await page.getByRole('button', { name: 'Reservoir pickup location' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reservoir' })).toBeVisible();
  // The tab's content loads after the heading (its placeholder may not be there yet when looked for).
  await expect(page.getByRole('heading', { name: 'Restaurants of the Week!' })).toBeVisible();
  await expect(page.getByText('Smash Bros Burgers').first()).toBeVisible();
  await looksAsAccepted(page, 'restaurants');

  await page.goto('/vendor:1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await looksAsAccepted(page, 'vendor');
});

test('the checkout and the orders of a signed-in customer', async ({ page }) => {
  await loginAs(page, 'customer');
  await page.goto('/vendor:1');
  const dish = page.getByRole('button', { name: /^[^,]+, \$[\d.]+$/ }).first();
  await dish.click();
  const dialog = page.getByRole('dialog');
  const option = dialog.getByRole('radio').first();
  if (await option.count()) await option.check();
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  await looksAsAccepted(page, 'checkout');

  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await looksAsAccepted(page, 'orders');
});

test('the back office: dashboard and sales invoice', async ({ page }) => {
  await loginAs(page, 'super_admin');
  await expect(page.getByRole('heading', { name: 'Sales by Source' })).toBeVisible();
  await looksAsAccepted(page, 'dashboard');

  await page.goto('/admin-sales-invoice');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await looksAsAccepted(page, 'invoice');
});

test('the stock order and the kitchen display', async ({ page }) => {
  await loginAs(page, 'stock_user');
  await expect(page.getByRole('table', { name: 'Stock items' })).toBeVisible();
  await looksAsAccepted(page, 'stock-order');

  await page.goto('/kitchen');
  await page.getByRole('textbox', { name: 'Email' }).fill('kitchen@demo.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Kitchen · / })).toBeVisible();
  await looksAsAccepted(page, 'kitchen');
  // Issue 38: one sound button in the bar at a wide screen too.
  await page.setViewportSize({ width: 1920, height: 900 });
  await looksAsAccepted(page, 'kitchen-1920');
});

test('the pickup board at 1400 and 1920 px', async ({ page }) => {
  const token = await staffToken(page.request, 'operator');
  const link = await page.request.post('/api/v1/admin-data/', {
    headers: { Authorization: `Token ${token}` },
    data: { query_type: 'pickup_board_link' },
  });
  const { path } = (await link.json()) as { path: string };
  for (const width of [1400, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: /Order pickup$/ })).toBeVisible();
    await looksAsAccepted(page, `pickup-board-${width}`);
  }
});

// Issue 38: the back office at the operator's two screen widths.
for (const width of [1400, 1920]) {
  test(`the back office at ${width} px: operator dashboard, invoice, stock order history, menus`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAs(page, 'operator');
    await expect(page.getByRole('heading', { name: 'Sales by Source' })).toBeVisible();
    await looksAsAccepted(page, `operator-dashboard-${width}`);

    await loginAs(page, 'super_admin');
    await page.goto('/admin-sales-invoice');
    await chooseOption(page, page.getByRole('combobox', { name: 'Operator' }), 'Northside Kitchens Pty Ltd');
    await page.getByRole('combobox', { name: 'Fortnight period' }).click();
    await page.getByRole('option').nth(3).click();
    const commissions = page.getByRole('table', { name: 'Commissions' });
    await expect(commissions.getByRole('row')).toHaveCount(10);
    await commissions.scrollIntoViewIfNeeded();
    await looksAsAccepted(page, `invoice-period-${width}`);

    await page.goto('/admin-menu');
    await chooseOption(page, page.getByRole('combobox', { name: 'Location' }), 'Reservoir');
    await page.getByRole('button', { name: /^Smash Bros Burgers/ }).click();
    await expect(page.getByRole('heading', { name: 'Smash Bros Burgers', level: 2 })).toBeVisible();
    // From the top (the invoice before it was scrolled to its commissions).
    await page.evaluate(() => window.scrollTo(0, 0));
    await looksAsAccepted(page, `menus-${width}`);

    await loginAs(page, 'stock_user');
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Order History' })
      .click();
    await expect(
      page.getByRole('table', { name: 'Stock order history' }).getByRole('row').nth(1),
    ).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await looksAsAccepted(page, `stock-order-history-${width}`);
  });
}

test('the stock list of a super admin and the stock order, at 1400 and 1920 px', async ({ page }) => {
  await loginAs(page, 'super_admin');
  await page.goto('/stock-admin-stocklist');
  await chooseOption(page, page.getByRole('combobox', { name: 'Location' }), 'Box Hill');
  const table = page.getByRole('table', { name: 'Stock list' });
  await expect(table.getByRole('textbox', { name: /^Name of / }).first()).toBeVisible();
  // A long name wraps in its field and reads in full (issue 38: it was cut).
  const name = table.getByRole('textbox', { name: /^Name of / }).first();
  await name.fill('Free range eggs, extra large, 15 dozen tray from the Daylesford farm co-op');
  await name.blur();
  for (const width of [1400, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    // The last column is in view beside the menu, with no sideways scroll.
    await expect(table.getByRole('columnheader', { name: 'Change all locations' })).toBeInViewport();
    await expect(table.getByRole('checkbox', { name: /^Change all locations of / }).first()).toBeInViewport();
    await looksAsAccepted(page, `stock-list-${width}`);
  }

  await loginAs(page, 'stock_user');
  await expect(page.getByRole('table', { name: 'Stock items' })).toBeVisible();
  // At 1400 px it is the picture 'stock-order' above.
  await page.setViewportSize({ width: 1920, height: 900 });
  await looksAsAccepted(page, 'stock-order-1920');
});
