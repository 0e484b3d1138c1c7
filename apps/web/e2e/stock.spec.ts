import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  loginAs,
  melbourneWeekday,
  stockAccounts,
  test,
} from './fixtures';

/**
 * The stock user's and the operator's stock ordering. The server decides the edit window by its own
 * clock in the location's time zone (the rule itself is tested with a fixed clock in stock.test.ts),
 * so these journeys pick the demo location to use from today's weekday in Melbourne: the Reservoir
 * and Brunswick locations never share a delivery day, so one of them can always edit today.
 */

/** Signs in at /stock as a demo stock user (`loginAs` with another of the demo stock accounts). */
async function signInAtStock(page: Page, email: string): Promise<void> {
  if (email === 'stock@demo.test') {
    await loginAs(page, 'stock_user');
    return;
  }
  await page.goto('/stock');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(/^Welcome /)).toBeVisible();
}

const saveCall = (page: Page, queryType: string) =>
  page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/v1/stock-order-list/' &&
      (r.request().postDataJSON() as { query_type?: string }).query_type === queryType &&
      r.status() === 200,
  );

/** Fills the first item's quantity and places the order, accepting the below-minimum fee. */
async function placeOrderBelowMinimum(page: Page, quantity: string): Promise<{ id: number; total: number }> {
  const items = page.getByRole('table', { name: 'Stock items' });
  await expect(items).toBeVisible();
  await items
    .getByRole('textbox', { name: /^Quantity of / })
    .first()
    .fill(quantity);
  await expect(page.getByText('more to reach the minimum.')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();

  const fee = page.getByRole('dialog', { name: 'Below the minimum order' });
  await expect(fee).toContainText('Your order is below the minimum stock order of $');
  await expectAccessible(page, 'below-minimum fee offer');
  const placed = saveCall(page, 'place_order');
  await fee.getByRole('button', { name: /^Place order with \$[\d.,]+ delivery charge$/ }).click();
  const body = (await (await placed).json()) as {
    data: { id: number; delivery_charge: number; total: number };
  };
  expect(body.data.delivery_charge, 'the fee was accepted').toBeGreaterThan(0);

  const done = page.getByRole('dialog', { name: 'Order placed' });
  await expect(done).toContainText('Order placed successfully! Your delivery will be done on next');
  await expect(done).toContainText('We will send you an email once it is approved.');
  return { id: body.data.id, total: body.data.total };
}

const historyRow = (page: Page, id: number) =>
  page
    .getByRole('table', { name: 'Stock order history' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });

test('a stock user orders below the minimum, accepts the fee, finds the order and edits it', async ({
  page,
}) => {
  const today = melbourneWeekday();
  const account = (await stockAccounts(page)).find((a) => !a.deliveryDays.includes(today));
  expect(account, `a demo location without a delivery on ${today}`).toBeDefined();
  await signInAtStock(page, account!.email);

  await expect(page.getByRole('heading', { name: 'New stock order' })).toBeVisible();
  await expectAccessible(page, 'new stock order');

  // Nothing chosen: the spec's words.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select altleast 1 item to order');

  const { id } = await placeOrderBelowMinimum(page, '1');
  const done = page.getByRole('dialog', { name: 'Order placed' });
  await expect(done).toContainText(account!.deliveryDays.join(', '));
  await done.getByRole('button', { name: 'View order history' }).click();

  await expect(page).toHaveURL(/\/stock-orders$/);
  const row = historyRow(page, id);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('incl. below-minimum fee $');
  await row.getByRole('button', { name: `Details of #${id}` }).click();
  await expect(page.getByRole('table', { name: 'Products ordered' })).toBeVisible();
  await expectAccessible(page, 'stock order history, expanded');

  await page.getByRole('link', { name: `Edit order #${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/stock-order-edit:${id}$`));
  await expect(page.getByRole('heading', { name: `Edit order #${id}` })).toBeVisible();
  await expectAccessible(page, 'edit stock order');
  const quantity = page
    .getByRole('table', { name: 'Stock items' })
    .getByRole('textbox', { name: /^Quantity of / })
    .first();
  await expect(quantity).toHaveValue('1');

  // Emptied: the edit's own words.
  await quantity.fill('');
  await page.getByRole('button', { name: 'Update Order' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select altleast 1 item');

  // Still below the minimum: the order keeps the fee it carries, and the totals show it.
  await quantity.fill('2');
  await expect(page.getByRole('group', { name: 'Order totals' })).toContainText('Delivery charge');
  const edited = saveCall(page, 'user_edit_order');
  await page.getByRole('button', { name: 'Update Order' }).click();
  const body = (await (await edited).json()) as { data: { orderData: { qty: number }[] } };
  expect(body.data.orderData.map((l) => l.qty)).toEqual([2]);
  await expect(page).toHaveURL(/\/stock-orders$/);
  await expect(page.getByText('Updated Succesfully')).toBeVisible();
});

test('a recommended quantity shows the figures it was worked out from', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await loginAs(page, 'stock_user');
  const items = page.getByRole('table', { name: 'Stock items' });
  await expect(items).toBeVisible();
  const how = items.getByRole('button', { name: /^How [\d.]+ was worked out for / }).first();
  await expect(how, 'a demo item with a recommendation').toBeVisible();
  const name = (await how.getAttribute('aria-label'))!;
  const recommended = name.match(/^How ([\d.]+) was/)![1]!;

  // Keyboard: focus and Enter open the figures; Escape closes them and gives the focus back.
  await how.focus();
  await page.keyboard.press('Enter');
  const figures = page.getByRole('dialog', { name });
  await expect(figures).toBeVisible();
  await expect(figures).toContainText(/^Delivered (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, lasts until /);
  await expect(figures).toContainText(
    new RegExp(
      `(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [\\d.,]+( \\+ (Mon|Tue|Wed|Thu|Fri|Sat|Sun) [\\d.,]+)* = [\\d.,]+ → ${recommended.replace('.', '\\.')} .+ \\(average of the last 16 weeks\\)`,
    ),
  );
  await expectAccessible(page, 'recommendation figures');
  await page.screenshot({ path: test.info().outputPath('recommendation-figures.png') });
  await page.keyboard.press('Escape');
  await expect(figures).toBeHidden();
  await expect(how).toBeFocused();
});

test('editing is refused for an approved order and on a delivery day, with the reason in the history', async ({
  page,
}) => {
  const today = melbourneWeekday();
  const accounts = await stockAccounts(page);

  // Approved: the history explains, and the edit address sends the user back with the reason.
  await loginAs(page, 'stock_user');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Order History' }).click();
  const approved = page
    .getByRole('table', { name: 'Stock order history' })
    .getByRole('row')
    .filter({ hasText: 'Approved' })
    .first();
  const approvedId = Number((await approved.getByRole('cell').first().innerText()).replace('#', ''));
  await approved.getByRole('button', { name: /^Details of #/ }).click();
  const reason = 'This order has already been approved and can no longer be edited.';
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByRole('link', { name: `Edit order #${approvedId}` })).toHaveCount(0);
  await page.goto(`/stock-order-edit:${approvedId}`);
  await expect(page).toHaveURL(/\/stock-orders$/);
  await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();

  // A delivery day: a location delivering today refuses edits of its pending order.
  const delivering = accounts.find((a) => a.deliveryDays.includes(today));
  if (!delivering) {
    test.info().annotations.push({
      type: 'note',
      description: `No demo location delivers on ${today}: the delivery-day refusal is covered by the server tests.`,
    });
    return;
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await signInAtStock(page, delivering.email);
  const { id } = await placeOrderBelowMinimum(page, '1');
  await page
    .getByRole('dialog', { name: 'Order placed' })
    .getByRole('button', { name: 'View order history' })
    .click();
  await historyRow(page, id)
    .getByRole('button', { name: `Details of #${id}` })
    .click();
  await expect(page.getByText('Orders cannot be edited on a delivery day.')).toBeVisible();
  await expect(page.getByRole('link', { name: `Edit order #${id}` })).toHaveCount(0);
  await page.goto(`/stock-order-edit:${id}`);
  await expect(page).toHaveURL(/\/stock-orders$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Orders cannot be edited on a delivery day.' }),
  ).toBeVisible();
});

test('the history shows what the stock admin adjusted on an approved order', async ({ page }) => {
  await loginAs(page, 'stock_user');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Order History' }).click();
  const history = page.getByRole('table', { name: 'Stock order history' });
  await expect(history).toBeVisible();
  const toggles = history.getByRole('button', { name: /^Details of #\d+$/ });
  const count = await toggles.count();
  let found = false;
  for (let i = 0; i < count && !found; i++) {
    await toggles.nth(i).click();
    found = await page.getByRole('table', { name: 'Adjusted items' }).isVisible();
  }
  expect(found, 'an approved order with adjusted items in the demo history').toBe(true);
  const adjusted = page.getByRole('table', { name: 'Adjusted items' });
  await expect(adjusted.getByText('Adjusted', { exact: true }).first()).toBeVisible();
  await expect(adjusted.getByText(/^ordered /).first()).toBeVisible();
});

test('an operator orders stock for their location and sees it in their stock orders', async ({ page }) => {
  await loginAs(page, 'operator');
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'New Stock Order' })
    .click();
  await expect(page).toHaveURL(/\/operator-admin-stock$/);
  await expect(page.getByRole('note', { name: 'Stock expiring soon' })).toBeVisible();
  await expectAccessible(page, 'operator new stock order');
  const { id } = await placeOrderBelowMinimum(page, '1');
  await page
    .getByRole('dialog', { name: 'Order placed' })
    .getByRole('button', { name: 'View order history' })
    .click();
  await expect(page).toHaveURL(/\/operator-stock-orders$/);
  await expect(page.getByRole('button', { name: `Details of #${id}` })).toBeVisible();
  await expectAccessible(page, 'operator stock orders');
});

test('order history asks a signed-out visitor to sign in at /stock', async ({ page }) => {
  await page.goto('/stock-orders');
  await expect(page).toHaveURL(/\/stock$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('the stock order shows a page of items at a time; the search finds an item on a later page, and quantities stay across pages', async ({
  page,
}) => {
  await loginAs(page, 'stock_user');
  const items = page.getByRole('table', { name: 'Stock items' });
  const quantities = items.getByRole('textbox', { name: /^Quantity of / });
  await expect(quantities.first()).toBeVisible();
  // One page of 25 rows, not the whole list (hundreds of fields took seconds to draw).
  await expect(quantities).toHaveCount(25);
  await expect(page.getByRole('status').filter({ hasText: /^Showing 1–25 of \d+ items$/ })).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Stock list pages' });

  // The first item of the last page, found by a search from the first page.
  await pages.getByRole('button', { name: 'Page 3' }).click();
  const far = await quantities.first().getAttribute('aria-label');
  const name = /^Quantity of (.+) \([^)]+\)$/.exec(far ?? '')?.[1] ?? '';
  expect(name, 'an item on the third page').not.toBe('');
  await pages.getByRole('button', { name: 'Page 1' }).click();
  await expect(items.getByRole('textbox', { name: far! })).toHaveCount(0);
  const search = page.getByRole('searchbox', { name: 'Find an item' });
  await search.fill(name.toUpperCase());
  await expect(items.getByRole('textbox', { name: far! })).toBeVisible();
  await expect(pages).toHaveCount(0);
  await items.getByRole('textbox', { name: far! }).fill('2');
  await expect(page.getByRole('group', { name: 'Order totals' })).not.toContainText('Total$0.00');

  // Cleared: back to page 1 of the whole list; the quantity waits on its own page.
  await search.fill('');
  await expect(quantities).toHaveCount(25);
  await expect(items.getByRole('textbox', { name: far! })).toHaveCount(0);
  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(items.getByRole('textbox', { name: far! })).toHaveValue('2');
  await expectAccessible(page, 'stock order, third page');
});
