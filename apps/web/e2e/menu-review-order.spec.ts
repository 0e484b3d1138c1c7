import { MENU_MESSAGES } from '@kitchaco/domain';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, fillTestCard, loginAs, test } from './fixtures';

/**
 * The customer side of menu review (issue 7): an operator adds a meal with a combo and a sub item;
 * it waits for review and customers do not see it; the super admin approves it in Menu Review, and
 * a customer orders it with both choices and finds it among their orders.
 */

const LOCATION = 'Reservoir';
const BRAND = 'Seoul Fried';
const PRICE = '16.40';
const COMBO = 'Extra kimchi slaw';
const COMBO_PRICE = '2.50';
const SUBITEM = 'Soy garlic glaze';

const adminCall = (page: Page, queryType: string) =>
  page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/v1/admin-data/' &&
      r.request().method() === 'POST' &&
      (r.request().postDataJSON() as { query_type?: string }).query_type === queryType,
  );

/** The brand's page as a customer sees it, once its menu has loaded. */
async function openBrandPage(page: Page, brandId: number): Promise<void> {
  await page.goto(`/vendor:${brandId}`);
  await expect(page.getByRole('heading', { level: 1, name: BRAND })).toBeVisible();
  await expect(page.getByRole('button', { name: /, \$\d+\.\d{2}$/ }).first()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  // There is no internet in tests: map tiles fail at once instead of waiting for a timeout.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
});

test('an operator’s new meal waits for review, hidden from customers, until the super admin approves it and a customer orders it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A retry runs on the same database: a fresh name keeps this attempt's meal apart.
  const meal = `Gochujang Cheese Wings${test.info().retry ? ` ${test.info().retry + 1}` : ''}`;
  const mealButton = page.getByRole('button', { name: `${meal}, $${PRICE}` });

  // The operator adds the meal to a brand of their location.
  await loginAs(page, 'operator');
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Menu', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: `Menu of ${LOCATION}`, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${BRAND}`) }).click();
  await page.getByRole('link', { name: `Add a meal to ${BRAND}` }).click();
  await expect(page).toHaveURL(/\/operator-menu-add#\d+$/);
  const brandId = Number(new URL(page.url()).hash.slice(1));
  await expect(page.getByRole('heading', { name: 'Add meal' })).toBeVisible();
  // No status to choose and no category: an operator's meal waits for review.
  await expect(page.getByRole('combobox', { name: 'Meal Status' })).toHaveValue('Waiting for review');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Meal Name' }).fill(meal);
  await page.getByRole('textbox', { name: 'Price ($)' }).fill(PRICE);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Crispy wings in gochujang glaze under melted mozzarella.');
  await expectAccessible(page, 'operator add meal');
  const added = adminCall(page, 'add_menu');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await added).request().postDataJSON()).toMatchObject({
    meal_name: meal,
    meal_price: '16.4',
    meal_status: 'Waiting for review',
    vendor_id: brandId,
  });
  await expect(page.getByText(MENU_MESSAGES.addedOperator)).toBeVisible();
  await expect(page).toHaveURL(/\/operator-menu-edit#\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit meal' })).toBeVisible();
  await expect(page.getByText(/This meal is waiting for the super admin's review/)).toBeVisible();

  // A combo (an extra at a price) and a sub item (a free pick-one choice), each saved from its dialog.
  await page.getByRole('button', { name: 'Add combo' }).click();
  const comboDialog = page.getByRole('dialog', { name: 'Add New Combo' });
  await comboDialog.getByRole('textbox', { name: 'Name' }).fill(COMBO);
  await comboDialog.getByRole('textbox', { name: 'Price ($)' }).fill(COMBO_PRICE);
  const comboAdded = adminCall(page, 'add_menu_subitem_combo');
  await comboDialog.getByRole('button', { name: 'Add' }).click();
  expect((await comboAdded).status()).toBe(200);
  await expect(comboDialog.getByText(MENU_MESSAGES.addMore)).toBeVisible();
  await comboDialog.getByRole('button', { name: 'No' }).click();
  await expect(comboDialog).toBeHidden();

  await page.getByRole('button', { name: 'Add sub item' }).click();
  const subDialog = page.getByRole('dialog', { name: 'Add New Sub Item' });
  await expect(subDialog).toBeVisible();
  await expect(subDialog.getByRole('textbox', { name: 'Price ($)' })).toHaveCount(0);
  await subDialog.getByRole('textbox', { name: 'Name' }).fill(SUBITEM);
  await expectAccessible(page, 'add sub item dialog');
  const subAdded = adminCall(page, 'add_menu_subitem_combo');
  await subDialog.getByRole('button', { name: 'Add' }).click();
  expect((await subAdded).request().postDataJSON()).toMatchObject({
    add_type: 'SubItem',
    type_name: SUBITEM,
    type_status: 'Waiting for review',
  });
  await expect(subDialog.getByText(MENU_MESSAGES.addMore)).toBeVisible();
  await subDialog.getByRole('button', { name: 'No' }).click();
  await expect(subDialog).toBeHidden();
  const combos = page.getByRole('region', { name: 'Combos' });
  await expect(combos.getByRole('row').filter({ hasText: 'Waiting for review' }).last()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sub items' }).getByRole('row').last().getByText('Waiting for review'),
  ).toBeVisible();

  // A customer: the brand's page does not offer the meal while it waits.
  await loginAs(page, 'customer');
  await openBrandPage(page, brandId);
  await expect(page.getByRole('button', { name: new RegExp(`^${meal}`) })).toHaveCount(0);

  // The super admin approves the meal with its combo and sub item: "Approve all" decides each entry.
  await loginAs(page, 'super_admin');
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Menu Review', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin-menu-review$/);
  const review = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: meal, exact: true }) });
  await expect(review).toContainText(`${BRAND} · ${LOCATION}`);
  await expect(review.getByRole('row', { name: new RegExp(`^Meal ${meal}`) })).toContainText(`$${PRICE}`);
  await expect(review.getByRole('row', { name: new RegExp(`^Combo ${COMBO}`) })).toContainText(
    `$${COMBO_PRICE}`,
  );
  await expect(review.getByRole('row', { name: new RegExp(`^Sub item ${SUBITEM}`) })).toContainText('free');
  await expectAccessible(page, 'menu review with a new meal');
  const decided: { kind: string; decision: string }[] = [];
  page.on('request', (r) => {
    const body = r.method() === 'POST' ? (r.postDataJSON() as Record<string, string> | null) : null;
    if (body?.query_type === 'review_menu_item') decided.push({ kind: body.kind!, decision: body.decision! });
  });
  await review.getByRole('button', { name: `Approve all of ${meal}` }).click();
  await expect(review).toHaveCount(0);
  // The meal first, then its combo and sub item (in the queue's order).
  expect(decided[0]).toEqual({ kind: 'meal', decision: 'Enabled' });
  expect(decided.slice(1)).toEqual(
    expect.arrayContaining([
      { kind: 'combo', decision: 'Enabled' },
      { kind: 'subitem', decision: 'Enabled' },
    ]),
  );
  expect(decided).toHaveLength(3);

  // The customer now finds it, picks the sub item and the combo, and orders it.
  await openBrandPage(page, brandId);
  await mealButton.click();
  const dialog = page.getByRole('dialog', { name: meal });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: SUBITEM }).check();
  await dialog.getByRole('checkbox', { name: `${COMBO} (+$${COMBO_PRICE})` }).check();
  await expect(dialog.getByText('Total $18.90')).toBeVisible();
  await expectAccessible(page, 'meal modal of the approved meal');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(meal);
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const summary = page.getByRole('table', { name: 'Order lines and totals' });
  await expect(summary.getByRole('row', { name: `1 × ${meal}` })).toContainText('$18.90');
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await fillTestCard(page);
  const placed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/orders/' && r.request().method() === 'POST',
  );
  await pay.click();
  const order = (await (await placed).json()) as { order: { id: number } };
  const orderId = order.order.id;
  await expect(
    page.getByRole('heading', { level: 1, name: `Thank you! Order #${orderId} is placed` }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'View your orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const listed = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(listed.getByText('Received', { exact: true })).toBeVisible();
  await expect(listed).toContainText(meal);
  await expectAccessible(page, 'orders with the approved meal');
});
