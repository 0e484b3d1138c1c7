import { type AdminBrand, isOnSale, MENU_MESSAGES, onSaleAt } from '@kitchaco/domain';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { chooseOption, expect, expectAccessible, loginAs, queryCallAnswer, test } from './fixtures';
import { scaled } from './machine';

/**
 * Menu management: an operator changes a price (a pending change: the live meal stays on sale at its
 * price) and adds a combo, which wait for review; the super admin approves them in Menu Review and
 * the new price is live; the super admin adds a meal with a
 * picture, searches and sorts the list, and the server's rules (price 0 while Enabled, a name) are
 * shown in the forms. The journeys share one demo database and run in order.
 */

const LOCATION = 'Reservoir';
const BRAND = 'Smash Bros Burgers';
const MEAL = 'Classic Smash';
const OLD_PRICE = '14.90';
const NEW_PRICE = '15.90';
const COMBO = 'Truffle mayo';
const ADDED_MEAL = 'Chilli Cheese Smash';

test.describe.configure({ mode: 'serial' });

const adminCall = (page: Page, queryType: string) => queryCallAnswer(page, queryType);

/** The meal card of the list whose heading is `name`. */
const mealCard = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true, level: 3 }) });

/** The meals of BRAND on sale by status that the server says are sold out now. */
/** The admin menu as the server answers it. */
interface AdminMenuResponse {
  menu_details: AdminBrand[];
}

function soldOutMeals(menu: AdminMenuResponse): string[] {
  const brand = menu.menu_details.find((b) => b.title === BRAND);
  expect(brand, `${BRAND} is in the menu`).toBeDefined();
  return (brand?.meals ?? [])
    .filter((m) => isOnSale(m.status) && !onSaleAt(m.sold_out_until, new Date()))
    .map((m) => m.meal_name);
}

/** The super admin's list at Reservoir, Smash Bros Burgers chosen; the menu as the server sent it. */
async function openAdminBrand(page: Page): Promise<AdminMenuResponse> {
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Menus', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin-menu$/);
  await expect(page.getByRole('heading', { name: 'Menus', level: 2 })).toBeVisible();
  const loaded = adminCall(page, 'admin_menu');
  await chooseOption(page, page.getByRole('combobox', { name: 'Location' }), LOCATION);
  expect((await loaded).request().postDataJSON()).toMatchObject({ kitchaco_location: expect.any(Number) });
  const brand = page.getByRole('button', { name: new RegExp(`^${BRAND}`) });
  await brand.click();
  await expect(brand).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: BRAND, level: 2 })).toBeVisible();
  return (await (await loaded).json()) as AdminMenuResponse;
}

test('an operator changes a price and adds a combo: both wait for the super admin’s review', async ({
  page,
}) => {
  test.setTimeout(scaled(90_000));
  await loginAs(page, 'operator');
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Menu', exact: true })
    .click();
  await expect(page).toHaveURL(/\/operator-admin-menu$/);
  await expect(page.getByRole('heading', { name: `Menu of ${LOCATION}`, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${BRAND}`) }).click();
  await page.getByRole('textbox', { name: 'Search meals' }).fill('classic');
  const card = mealCard(page, MEAL);
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Enabled', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'operator menu');

  // Brand -1 in the address: the spec's alert, back to the list.
  await page.goto('/operator-menu-add#-1');
  await expect(page.getByText(MENU_MESSAGES.selectBrandAndRetry)).toBeVisible();
  await expect(page).toHaveURL(/\/operator-admin-menu$/);
  await page.getByRole('button', { name: new RegExp(`^${BRAND}`) }).click();
  await page.getByRole('textbox', { name: 'Search meals' }).fill('classic');

  await mealCard(page, MEAL)
    .getByRole('link', { name: `Edit ${MEAL}` })
    .click();
  await expect(page).toHaveURL(/\/operator-menu-edit#\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit meal' })).toBeVisible();
  // An operator cannot choose a status: their change waits for review.
  await expect(page.getByRole('combobox', { name: 'Meal Status' })).toHaveValue('Waiting for review');
  const price = page.getByRole('textbox', { name: 'Price ($)' });
  await price.fill(NEW_PRICE);
  const saved = adminCall(page, 'update_menu');
  await page.getByRole('button', { name: 'Submit' }).click();
  const sent = (await saved).request().postDataJSON() as { menu_item: Record<string, unknown> };
  expect(sent.menu_item).toMatchObject({ meal_name: MEAL, meal_price: '15.9', status: 'Waiting for review' });
  expect(sent.menu_item).not.toHaveProperty('category_id');
  await expect(page.getByText("Saved. Your changes are waiting for the super admin's review.")).toBeVisible();
  // The live meal stays on sale; the change waits apart, before and after.
  await expect(page.getByRole('region', { name: 'Live version' }).getByText('On sale')).toBeVisible();
  const pendingPrice = page
    .getByRole('region', { name: 'Pending change' })
    .getByRole('table', { name: `Pending change to meal ${MEAL}` })
    .getByRole('row', { name: /^Price/ });
  await expect(pendingPrice).toContainText(`$${OLD_PRICE}`);
  await expect(pendingPrice).toContainText(`$${NEW_PRICE}`);

  // A combo, saved at once from its dialog.
  await page.getByRole('button', { name: 'Add combo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Combo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/extras for an additional price/)).toBeVisible();
  await expect(dialog.getByText(/pick-one choices at no extra cost/)).toBeVisible();
  await expectAccessible(page, 'add combo dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(COMBO);
  await dialog.getByRole('textbox', { name: 'Price ($)' }).fill('2.5');
  const added = adminCall(page, 'add_menu_subitem_combo');
  await dialog.getByRole('button', { name: 'Add' }).click();
  expect((await added).request().postDataJSON()).toMatchObject({
    add_type: 'Combo',
    type_name: COMBO,
    type_price: '2.5',
    type_status: 'Waiting for review',
  });
  await expect(dialog.getByText(MENU_MESSAGES.addMore)).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  const combos = page.getByRole('region', { name: 'Combos' });
  // Combos are listed in the order they were added: the new one is last.
  const row = combos.getByRole('row').last();
  await expect(row.getByRole('textbox', { name: /^Combo \d+ name$/ })).toHaveValue(COMBO);
  await expect(row.getByText('Waiting for review')).toBeVisible();
  // What was typed before the dialog is still there, and saved.
  await expect(price).toHaveValue(NEW_PRICE);
  await expectAccessible(page, 'operator meal edit');

  await page.getByRole('link', { name: 'Back to the menu' }).click();
  await page.getByRole('textbox', { name: 'Search meals' }).fill('classic');
  const waiting = mealCard(page, MEAL);
  // The list shows the live meal, on sale at its price, with its change pending.
  await expect(waiting.getByText(`$${OLD_PRICE}`)).toBeVisible();
  await expect(waiting.getByText('Enabled', { exact: true }).first()).toBeVisible();
  await expect(waiting.getByText('Pending change', { exact: true })).toBeVisible();
  await expect(waiting.getByRole('listitem').filter({ hasText: COMBO })).toContainText('$2.50');
});

test('the super admin approves the change in Menu Review and the new price shows on the menu', async ({
  page,
}) => {
  test.setTimeout(scaled(90_000));
  await loginAs(page, 'super_admin');
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Menu Review', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin-menu-review$/);
  await expect(page.getByRole('heading', { name: 'Menu Review', level: 2 })).toBeVisible();
  const review = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: MEAL, exact: true }) })
    .filter({ hasText: LOCATION });
  await expect(review).toHaveCount(1);
  const priceRow = review
    .getByRole('table', { name: `Change to meal ${MEAL}` })
    .getByRole('row', { name: /^Price/ });
  await expect(priceRow).toContainText(`$${OLD_PRICE}`);
  await expect(priceRow).toContainText(`$${NEW_PRICE}`);
  await expect(
    review.getByRole('table', { name: `New combo ${COMBO}` }).getByRole('row', { name: /^Price/ }),
  ).toContainText('$2.50');
  await expectAccessible(page, 'menu review');

  const decisions = page.waitForResponse((r) => {
    const body = r.request().postDataJSON() as { query_type?: string; kind?: string } | null;
    return body?.query_type === 'review_menu_item' && body.kind === 'combo';
  });
  await review.getByRole('button', { name: `Approve all of ${MEAL}` }).click();
  expect((await decisions).request().postDataJSON()).toMatchObject({ decision: 'Enabled' });
  await expect(review).toHaveCount(0);

  await openAdminBrand(page);
  await page.getByRole('textbox', { name: 'Search meals' }).fill(MEAL);
  const card = mealCard(page, MEAL);
  await expect(card.getByText(`$${NEW_PRICE}`)).toBeVisible();
  await expect(card.getByText('Enabled', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: COMBO })).toContainText('Enabled');
  await expectAccessible(page, 'super admin menu');
});

test('the super admin adds a meal with a picture and finds it in the list; search and sort work', async ({
  page,
}) => {
  test.setTimeout(scaled(90_000));
  await loginAs(page, 'super_admin');
  await openAdminBrand(page);
  await page.getByRole('link', { name: `Add a meal to ${BRAND}` }).click();
  await expect(page).toHaveURL(/\/admin-menu-add\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Add meal' })).toBeVisible();
  await expect(page.getByText(`${BRAND} · ${LOCATION}`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Mains');

  // The browser refuses what the server would refuse, before anything is sent.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('The image must be a JPEG, PNG or WebP file.')).toBeVisible();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  await fileInput.setInputFiles({ name: 'chilli.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('The image must be a JPEG, PNG or WebP file.')).toBeHidden();
  await page.getByRole('textbox', { name: 'Meal Name' }).fill(ADDED_MEAL);
  await expect(page.getByRole('img', { name: `Preview of the new image of ${ADDED_MEAL}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Price ($)' }).fill('19.5');
  await page.getByRole('textbox', { name: 'Description' }).fill('Beef, jalapeños, chilli jam and cheese.');
  await expectAccessible(page, 'add meal');
  const added = adminCall(page, 'add_menu');
  await page.getByRole('button', { name: 'Submit' }).click();
  const sent = (await added).request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    meal_name: ADDED_MEAL,
    meal_price: '19.5',
    meal_status: 'Enabled',
    category_id: 51,
  });
  expect(String(sent.image)).toMatch(/^data:image\/png;base64,/);
  const confirm = page.getByRole('dialog', { name: 'Meal added' });
  await expect(confirm.getByText(MENU_MESSAGES.addedAdmin)).toBeVisible();
  await confirm.getByRole('button', { name: 'No' }).click();

  // Back on the list at the brand, the new meal marked, with its stored picture.
  await expect(page).toHaveURL(/\/admin-menu\?brand=\d+&meal=\d+$/);
  const card = mealCard(page, ADDED_MEAL);
  await expect(card.getByText('$19.50')).toBeVisible();
  const picture = card.locator('img');
  await expect(picture).toHaveAttribute('src', /^\/images\/[a-f0-9]{32}\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // Search is a text match on the meal name, any case.
  const search = page.getByRole('textbox', { name: 'Search meals' });
  const names = () => page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
  await search.fill('SMASH');
  const found = await names();
  expect(found.length).toBeGreaterThan(2);
  for (const name of found) expect(name.toLowerCase()).toContain('smash');
  await search.fill('no such meal');
  await expect(page.getByText(MENU_MESSAGES.noResults, { exact: true })).toBeVisible();
  await search.fill('');

  const sort = page.getByRole('combobox', { name: 'Sort' });
  const az = await names();
  expect(az).toEqual([...az].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  await chooseOption(page, sort, 'Z - A');
  await expect.poll(names).toEqual([...az].reverse());
  const statuses = () =>
    page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((c) => c.querySelector('.mantine-Badge-root')?.textContent ?? ''));
  await chooseOption(page, sort, 'Status: Disabled - Enabled');
  await expect.poll(async () => (await statuses())[0]).toBe('Disabled');
  await chooseOption(page, sort, 'Status: Enabled - Disabled');
  await expect.poll(async () => (await statuses())[0]).toBe('Enabled');
  expect((await statuses()).at(-1)).toBe('Disabled');
});

test('the forms show the server’s rules: no Enabled meal at price 0, and a name is needed', async ({
  page,
}) => {
  test.setTimeout(scaled(90_000));
  await loginAs(page, 'super_admin');
  await openAdminBrand(page);
  await page.getByRole('link', { name: `Add a meal to ${BRAND}` }).click();
  await page.getByRole('textbox', { name: 'Meal Name' }).fill('Free Smash');
  await page.getByRole('textbox', { name: 'Price ($)' }).fill('0');
  const refused = adminCall(page, 'add_menu');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: MENU_MESSAGES.addPriceZero })).toBeVisible();

  await page.getByRole('textbox', { name: 'Meal Name' }).fill('');
  await page.getByRole('textbox', { name: 'Price ($)' }).fill('12');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  // The edit page: the same rule in its update wording. The app view has no navigation bar.
  await page.goBack();
  await page.getByRole('textbox', { name: 'Search meals' }).fill(ADDED_MEAL);
  const edit = mealCard(page, ADDED_MEAL).getByRole('link', { name: `Edit ${ADDED_MEAL}` });
  const href = await edit.getAttribute('href');
  await page.goto(`${href}&app_view=true`);
  await expect(page.getByRole('heading', { name: 'Edit meal', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Preview/ })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Price ($)' }).fill('0');
  const update = adminCall(page, 'update_menu');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await update).status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: MENU_MESSAGES.updatePriceZero })).toBeVisible();
  await expectAccessible(page, 'edit meal in the app view');
});

test('the menu screen marks a meal sold out today, says when it is back on the location’s clock, and puts it back', async ({
  page,
}) => {
  test.setTimeout(scaled(90_000));
  await loginAs(page, 'super_admin');
  const menu = await openAdminBrand(page);
  const badges = page.getByText('Sold out today', { exact: true });
  // A red "Sold out today" badge only on a meal that is sold out; the action is a neutral "Mark sold out".
  expect(soldOutMeals(menu)).not.toContain(MEAL);
  await expect(badges).toHaveCount(soldOutMeals(menu).length);
  const onSale =
    menu.menu_details.find((b) => b.title === BRAND)?.meals.filter((m) => isOnSale(m.status)) ?? [];
  await expect(page.getByRole('button', { name: /^Mark sold out: / })).toHaveCount(
    onSale.length - soldOutMeals(menu).length,
  );
  const card = mealCard(page, MEAL);
  const mark = card.getByRole('button', { name: `Mark sold out: ${MEAL}` });
  await expect(mark).toHaveText('Mark sold out');
  // Neutral, not the red of a state: its text is the default text colour.
  expect(await mark.evaluate((b) => getComputedStyle(b).color)).not.toMatch(
    /^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/,
  );
  const soldOut = adminCall(page, 'set_meal_sold_out');
  const refreshed = adminCall(page, 'admin_menu');
  await mark.click();
  expect((await soldOut).status()).toBe(200);
  const after = (await (await refreshed).json()) as AdminMenuResponse;
  expect(soldOutMeals(after)).toContain(MEAL);
  await expect(badges).toHaveCount(soldOutMeals(after).length);
  await expect(card.getByText('Sold out today', { exact: true })).toBeVisible();
  // When it is back, in Melbourne time ("Back 11:00 AM", or with a weekday when that is another day).
  await expect(card.getByText(/^Back ((Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?\d{1,2}:\d\d (AM|PM)$/)).toBeVisible();
  await expectAccessible(page, 'menu with a sold-out meal', { include: `#${await card.getAttribute('id')}` });
  const back = adminCall(page, 'set_meal_sold_out');
  await card.getByRole('button', { name: `Back on sale: ${MEAL}` }).click();
  expect((await back).status()).toBe(200);
  await expect(card.getByText('Sold out today', { exact: true })).toHaveCount(0);
  await expect(badges).toHaveCount(soldOutMeals(menu).length);
  await expect(card.getByRole('button', { name: `Mark sold out: ${MEAL}` })).toBeVisible();
});

test('menu pages send other accounts to their own sign-in', async ({ page }) => {
  await loginAs(page, 'operator');
  await page.goto('/admin-menu');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin-menu-review');
  await expect(page).toHaveURL(/\/admin$/);
  await loginAs(page, 'super_admin');
  await page.goto('/operator-admin-menu');
  await expect(page).toHaveURL(/\/operator-admin$/);
});
