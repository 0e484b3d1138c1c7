import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, test } from './fixtures';

const placeCall = (page: Page) =>
  page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/v1/stock-order-list/' &&
      (r.request().postDataJSON() as { query_type?: string }).query_type === 'place_order' &&
      r.status() === 200,
  );

/** Today's weekday at the Reservoir location (Melbourne), as the server decides edit windows. */
function melbourneWeekday(): string {
  return new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone: 'Australia/Melbourne' }).format(
    new Date(),
  );
}

/** Fills one quantity and places the order, accepting the below-minimum fee if it is offered. */
async function placeOrder(page: Page, quantity: string): Promise<number> {
  const items = page.getByRole('table', { name: 'Stock items' });
  await expect(items).toBeVisible();
  await items
    .getByRole('textbox', { name: /^Quantity of / })
    .first()
    .fill(quantity);
  const placed = placeCall(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const fee = page.getByRole('dialog', { name: 'Below the minimum order' });
  const done = page.getByRole('dialog', { name: 'Order placed' });
  await expect(fee.or(done)).toBeVisible();
  if (await fee.isVisible()) {
    await expectAccessible(page, 'below-minimum fee offer');
    await fee.getByRole('button', { name: /^Place order with \$[\d.,]+ delivery charge$/ }).click();
  }
  const body = (await (await placed).json()) as { data: { id: number; delivery_charge: number } };
  await expect(done).toContainText('Order placed successfully! Your delivery will be done on next');
  await expect(done).toContainText('We will send you an email once it is approved.');
  return body.data.id;
}

test('a stock user orders below the minimum, accepts the fee, finds the order and edits it when allowed', async ({
  page,
}) => {
  await loginAs(page, 'stock_user');
  await expect(page.getByRole('heading', { name: 'New stock order' })).toBeVisible();
  await expect(page.getByText('Stock expiring soon')).toBeVisible();
  await expectAccessible(page, 'new stock order');

  // Nothing chosen: the spec's words.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toContainText('Please select altleast 1 item to order');

  const id = await placeOrder(page, '1');
  await page
    .getByRole('dialog', { name: 'Order placed' })
    .getByRole('button', { name: 'View order history' })
    .click();
  await expect(page).toHaveURL(/\/stock-orders$/);
  const history = page.getByRole('table', { name: 'Stock order history' });
  await history.getByRole('button', { name: `Details of #${id}` }).click();
  await expectAccessible(page, 'stock order history, expanded');

  const deliveryDay = ['Monday', 'Thursday'].includes(melbourneWeekday());
  if (deliveryDay) {
    await expect(page.getByText('Orders cannot be edited on a delivery day.')).toBeVisible();
    return;
  }
  await page.getByRole('link', { name: `Edit order #${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/stock-order-edit:${id}$`));
  await expect(page.getByRole('heading', { name: `Edit order #${id}` })).toBeVisible();
  await expectAccessible(page, 'edit stock order');
  await page
    .getByRole('table', { name: 'Stock items' })
    .getByRole('textbox', { name: /^Quantity of / })
    .first()
    .fill('2');
  await page.getByRole('button', { name: 'Update Order' }).click();
  await expect(page).toHaveURL(/\/stock-orders$/);
  await expect(page.getByText('Updated Succesfully')).toBeVisible();
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
  await expect(
    page.getByRole('table', { name: 'Adjusted items' }).getByText('Adjusted').first(),
  ).toBeVisible();
});

test('an operator orders stock for their location and sees it in their stock orders', async ({ page }) => {
  await loginAs(page, 'operator');
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'New Stock Order' })
    .click();
  await expect(page).toHaveURL(/\/operator-admin-stock$/);
  const id = await placeOrder(page, '40');
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
