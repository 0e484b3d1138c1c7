import { MENU_MESSAGES } from '@kitchaco/domain';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, fillTestCard, loginAs, test } from './fixtures';
import { scaled } from './machine';

/**
 * The customer side of menu review (issue 7): an operator adds a meal with a combo and a sub item;
 * it waits for review and customers do not see it; the super admin approves it in Menu Review, and
 * a customer orders it with both choices and finds it among their orders. Then a change of a live
 * meal: Pad Thai stays on sale at its old price while the change waits; the super admin sees the
 * before and after and approves it, and customers get the new price; a rejected change keeps the
 * old one and the operator reads the reason.
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
async function openBrandPage(page: Page, brandId: number, brand = BRAND): Promise<void> {
  await page.goto(`/vendor:${brandId}`);
  await expect(page.getByRole('heading', { level: 1, name: brand })).toBeVisible();
  await expect(page.getByRole('button', { name: /, \$\d+\.\d{2}$/ }).first()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  // There is no internet in tests: map tiles fail at once instead of waiting for a timeout.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
});

test('an operator’s new meal waits for review, hidden from customers, until the super admin approves it and a customer orders it', async ({
  page,
}) => {
  test.setTimeout(scaled(180_000));
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
  // New items: only the proposed values (nothing of them is live).
  const priceRow = (table: string) =>
    review.getByRole('table', { name: table }).getByRole('row', { name: /^Price/ });
  await expect(priceRow(`New meal ${meal}`)).toContainText(`$${PRICE}`);
  await expect(priceRow(`New combo ${COMBO}`)).toContainText(`$${COMBO_PRICE}`);
  await expect(priceRow(`New sub item ${SUBITEM}`)).toContainText('free');
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

/** The operator's edit page of a meal of a brand at their location; answers the brand's id. */
async function openOperatorMeal(page: Page, brand: string, meal: string): Promise<number> {
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Menu', exact: true })
    .click();
  await page.getByRole('button', { name: new RegExp(`^${brand}`) }).click();
  const addHref = await page.getByRole('link', { name: `Add a meal to ${brand}` }).getAttribute('href');
  await page.getByRole('textbox', { name: 'Search meals' }).fill(meal);
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: meal, exact: true, level: 3 }) })
    .getByRole('link', { name: `Edit ${meal}` })
    .click();
  await expect(page).toHaveURL(/\/operator-menu-edit#\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit meal' })).toBeVisible();
  return Number(addHref?.split('#')[1]);
}

/** The live price the edit page states ("Customers see Pad Thai at $17.90."). */
async function livePrice(page: Page): Promise<string> {
  const live = page.getByRole('region', { name: 'Live version' });
  await expect(live.getByText('On sale', { exact: true })).toBeVisible();
  const text = (await live.textContent()) ?? '';
  const found = /at \$(\d+\.\d{2})\./.exec(text);
  expect(found, text).not.toBeNull();
  return found![1]!;
}

const plusOne = (price: string) => (Number(price) + 1).toFixed(2);

/** Menu Review's group of a meal at Reservoir. */
async function openReview(page: Page, meal: string) {
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Menu Review', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin-menu-review$/);
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: meal, exact: true, level: 3 }) })
    .filter({ hasText: LOCATION });
}

test('a price change of a live meal keeps it on sale at the old price until approved; a rejection tells the operator why', async ({
  page,
}) => {
  test.setTimeout(scaled(180_000));
  const THAI = 'Bangkok Street';
  const MEAL = 'Pad Thai';
  const OTHER = 'Green Curry';
  const REASON = 'A dollar more needs the owner’s sign-off first.';

  // The operator raises Pad Thai's price by a dollar.
  await loginAs(page, 'operator');
  const brandId = await openOperatorMeal(page, THAI, MEAL);
  const oldPrice = await livePrice(page);
  const newPrice = plusOne(oldPrice);
  await page.getByRole('textbox', { name: 'Price ($)' }).fill(newPrice);
  const saved = adminCall(page, 'update_menu');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Saved. Your changes are waiting for the super admin's review.")).toBeVisible();
  // Live and pending apart: the meal stays on sale, the change waits with its before and after.
  await expect(page.getByRole('region', { name: 'Live version' })).toContainText(`at $${oldPrice}.`);
  const pending = page.getByRole('region', { name: 'Pending change' });
  await expect(pending).toContainText('Customers still see the live version');
  const pendingPrice = pending
    .getByRole('table', { name: `Pending change to meal ${MEAL}` })
    .getByRole('row', { name: /^Price/ });
  await expect(pendingPrice).toContainText(`$${oldPrice}`);
  await expect(pendingPrice).toContainText(`$${newPrice}`);
  await expect(pendingPrice).toContainText('Changed');
  await expectAccessible(page, 'operator edit with a pending change');

  // A customer still gets Pad Thai, at the old price.
  await loginAs(page, 'customer');
  await openBrandPage(page, brandId, THAI);
  await expect(page.getByRole('button', { name: `${MEAL}, $${oldPrice}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `${MEAL}, $${newPrice}` })).toHaveCount(0);

  // The super admin sees before and after, field by field, and approves.
  await loginAs(page, 'super_admin');
  let review = await openReview(page, MEAL);
  await expect(review).toHaveCount(1);
  const change = review.getByRole('table', { name: `Change to meal ${MEAL}` });
  const priceRow = change.getByRole('row', { name: /^Price/ });
  await expect(priceRow).toContainText(`$${oldPrice}`);
  await expect(priceRow).toContainText(`$${newPrice}`);
  await expect(priceRow).toContainText('Changed');
  await expect(change.getByRole('row', { name: /^Name/ })).not.toContainText('Changed');
  await expect(change.getByRole('row', { name: /^Picture/ })).toBeVisible();
  await expect(change.getByRole('columnheader', { name: 'Live now' })).toBeVisible();
  await expect(change.getByRole('columnheader', { name: 'Proposed' })).toBeVisible();
  await expectAccessible(page, 'menu review with a change of a live meal');
  const decided = adminCall(page, 'review_menu_item');
  await review.getByRole('button', { name: `Approve meal ${MEAL}` }).click();
  expect((await decided).request().postDataJSON()).toMatchObject({
    kind: 'meal',
    decision: 'Enabled',
    change_id: expect.any(Number),
  });
  await expect(review).toHaveCount(0);

  // Customers get the new price at once.
  await openBrandPage(page, brandId, THAI);
  await expect(page.getByRole('button', { name: `${MEAL}, $${newPrice}` })).toBeVisible();

  // Another change, rejected with a reason.
  await loginAs(page, 'operator');
  await openOperatorMeal(page, THAI, OTHER);
  const otherPrice = await livePrice(page);
  await page.getByRole('textbox', { name: 'Price ($)' }).fill(plusOne(otherPrice));
  const savedOther = adminCall(page, 'update_menu');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await savedOther).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Pending change' })).toBeVisible();

  await loginAs(page, 'super_admin');
  review = await openReview(page, OTHER);
  await review.getByRole('button', { name: `Reject meal ${OTHER}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reject meal ${OTHER}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
  await expectAccessible(page, 'reject dialog');
  const rejected = adminCall(page, 'review_menu_item');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  expect((await rejected).request().postDataJSON()).toMatchObject({ decision: 'Rejected', reason: REASON });
  await expect(review).toHaveCount(0);

  // The operator reads why; the live meal kept its price.
  await loginAs(page, 'operator');
  await openOperatorMeal(page, THAI, OTHER);
  await expect(page.getByText(`Your change was rejected: ${REASON}`)).toBeVisible();
  expect(await livePrice(page)).toBe(otherPrice);
  await expect(page.getByRole('region', { name: 'Pending change' })).toHaveCount(0);
  await expectAccessible(page, 'operator edit after a rejection');
  await page.getByRole('link', { name: 'Back to the menu' }).click();
  await page.getByRole('textbox', { name: 'Search meals' }).fill(OTHER);
  await expect(
    page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: OTHER, exact: true, level: 3 }) }),
  ).toContainText(`Your change was rejected: ${REASON}`);
});
