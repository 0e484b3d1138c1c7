import type { APIRequestContext, Page } from '@playwright/test';
import {
  chooseOption,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  getJson,
  loginAs,
  queryCallAnswer,
  staffToken,
  test,
} from './fixtures';
import { scaled } from './machine';

/**
 * Hours, closures and sold-out items (docs/kitchen.md, "Hours, closures and sold-out items —
 * screens"): the kitchen marks a meal sold out on its tablet, the customer sees it greyed and cannot
 * add it, the kitchen puts it back and the customer can; an operator adds a brand's closure on the
 * Hours & closures page and removes it again. Each journey puts back what it changed (the last
 * Seoul Fried's Tteokbokki, a closure months ahead), so other journeys are unaffected.
 */

const KITCHEN_EMAIL = 'kitchen@demo.test';

interface Vendor {
  id: number;
  title: string;
}

interface Meal {
  id: number;
  meal_name: string;
  meal_price: number;
  meal_subitem: { id: number; name: string }[];
}

const audFormat = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/**
 * Seoul Fried's Tteokbokki, a meal of the demo catalogue no other journey orders (they use the first
 * two Reservoir brands' first meals, and menu review adds meals of its own to Seoul Fried).
 */
const BRAND = 'Seoul Fried';
const MEAL = 'Tteokbokki';

async function brandAndMeal(request: APIRequestContext) {
  const vendors = await getJson<Vendor[]>(request, '/api/v1/vendors/?kitchaco=1');
  const vendor = vendors.find((v) => v.title === BRAND);
  if (!vendor) throw new Error(`The demo data needs ${BRAND} at Reservoir`);
  const { meals } = await getJson<{ meals: Meal[] }>(request, `/api/v1/vendors/${vendor.id}/menu/`);
  const meal = meals.find((m) => m.meal_name === MEAL);
  if (!meal) throw new Error(`The demo data needs ${MEAL} at ${BRAND}`);
  return { vendor, meal };
}

/** Puts the meal back on sale through the API, whatever the journey left. */
async function backOnSale(request: APIRequestContext, mealId: number) {
  const token = await staffToken(request, 'operator');
  await request.post('/api/v1/admin-data/', {
    headers: { Authorization: `Token ${token}` },
    data: { query_type: 'set_meal_sold_out', meal_id: mealId, until: null },
  });
}

async function signInKitchen(page: Page) {
  await page.goto('/kitchen');
  await page.getByRole('textbox', { name: 'Email' }).fill(KITCHEN_EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Kitchen · / })).toBeVisible();
}

test('the kitchen marks a meal sold out today, the customer cannot add it until it is back on sale', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const { vendor, meal } = await brandAndMeal(page.request);
  const cardName = `${meal.meal_name}, ${audFormat.format(meal.meal_price)}`;
  // The customer in a browser of their own (axe needs a page of a context made by the test).
  const context = await browser.newContext();
  const customer = await context.newPage();
  try {
    await signInKitchen(page);
    const availability = queryCallAnswer(page, 'kitchen_availability');
    await page.getByRole('button', { name: 'Sold out', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Sold out' });
    expect((await availability).ok()).toBe(true);
    await panel.getByRole('textbox', { name: 'Search meals' }).fill(meal.meal_name);
    const brand = panel.getByRole('region', { name: vendor.title });
    await expect(brand.getByText(meal.meal_name, { exact: true })).toBeVisible();
    await expectAccessible(page, 'the kitchen sold-out panel');

    const marked = queryCallAnswer(page, 'set_meal_sold_out');
    await brand
      .getByRole('button', { name: `Mark sold out today: ${meal.meal_name} (${vendor.title})` })
      .click();
    expect((await marked).ok(), 'set_meal_sold_out answers').toBe(true);
    await expect(brand.getByText(/^Sold out · back /).first()).toBeVisible();

    // The customer's menu greys it: a "Sold out" badge, and its card cannot be chosen.
    await customer.goto(`/vendor:${vendor.id}`);
    const card = customer.getByRole('button', { name: `${cardName}, sold out` });
    await expect(card).toBeDisabled();
    await expect(card.getByText('Sold out', { exact: true })).toBeVisible();
    await expectAccessible(customer, 'a vendor page with a sold-out meal');

    // The kitchen puts it back on sale; the customer adds it.
    await brand.getByRole('button', { name: `Back on sale: ${meal.meal_name} (${vendor.title})` }).click();
    await expect(brand.getByText('On sale', { exact: true })).toBeVisible();
    await customer.reload();
    await customer.getByRole('button', { name: cardName, exact: true }).click();
    const dialog = customer.getByRole('dialog', { name: meal.meal_name });
    const subitem = meal.meal_subitem[0];
    if (subitem) await dialog.getByRole('radio', { name: subitem.name }).check();
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(customer.getByText(`1 × ${meal.meal_name} added to your cart.`)).toBeVisible();
  } finally {
    await backOnSale(page.request, meal.id);
    await context.close();
  }
});

test('an operator adds a brand closure on the Hours & closures page and removes it', async ({ page }) => {
  const { vendor } = await brandAndMeal(page.request);
  // A year ahead: nothing is closed today by this journey.
  const day = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
  const reason = `Refit ${crypto.randomUUID().slice(0, 6)}`;
  await loginAs(page, 'operator');
  await page.getByRole('link', { name: 'Hours & closures' }).first().click();
  await expect(page.getByRole('heading', { name: 'Hours & closures', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Location hours' })).toBeVisible();
  await expectAccessible(page, 'the Hours & closures page');

  const form = page.getByRole('form', { name: 'Add closure' });
  await chooseOption(page, form.getByRole('combobox', { name: 'Closed' }), vendor.title);
  await form.getByRole('textbox', { name: 'Date', exact: true }).fill(day);
  await form.getByRole('textbox', { name: 'Reason (customers see it)' }).fill(reason);
  const added = queryCallAnswer(page, 'add_closure');
  await form.getByRole('button', { name: 'Add closure' }).click();
  expect((await added).ok(), 'add_closure answers').toBe(true);

  const closures = page.getByRole('table', { name: 'Closures' });
  const row = closures.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText(vendor.title);
  await row.getByRole('button', { name: `Remove closure: ${vendor.title}, ${reason}` }).click();
  await expect(page.getByText(reason)).toHaveCount(0);
});
