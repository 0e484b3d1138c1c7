import type { APIRequestContext, Page } from '@playwright/test';
import {
  customerToken,
  DEMO_CUSTOMER_PHONE,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  fillTestCard,
  getJson,
  signInInOpenDialog,
  test,
} from './fixtures';
import { scaled } from './machine';

/**
 * Kitchen capacity shared by every channel (docs/kitchen.md, "Capacity"): Richmond's operator sets
 * one item per 15 minutes; once the next slot holds an item, a customer's checkout says the kitchen
 * is full, offers the later times with room, and pays for the one chosen. The busy switch pauses
 * online ordering with the reason said at checkout. Richmond, so the journeys ordering at Reservoir
 * are not slowed down by it.
 */

const RICHMOND = { id: 3, name: 'Richmond', operator: 'operator3@demo.test' };

interface Vendor {
  id: number;
  title: string;
}

interface Meal {
  id: number;
  meal_name: string;
  meal_price: number;
  meal_combo: unknown[];
  meal_subitem: { id: number }[];
}

const aud = (amount: number) =>
  new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(amount);

/** A Richmond brand and a meal of it without options to choose. */
async function plainMeal(request: APIRequestContext) {
  const vendors = await getJson<Vendor[]>(request, `/api/v1/vendors/?kitchaco=${RICHMOND.id}`);
  for (const vendor of vendors) {
    const { meals } = await getJson<{ meals: Meal[] }>(request, `/api/v1/vendors/${vendor.id}/menu/`);
    const meal = meals.find((m) => m.meal_subitem.length === 0 && m.meal_combo.length === 0);
    if (meal) return { vendor, meal };
  }
  throw new Error('The demo data needs a Richmond meal without options');
}

/**
 * Fills the slot the next checkout is priced for: an order of one item through the API, as checkout
 * places it. Refused when the slot already holds its item, which fills it just as well.
 */
async function fillNextSlot(request: APIRequestContext, meal: Meal) {
  const token = await customerToken(request);
  await request.post('/api/v1/orders/', {
    headers: { Authorization: `Token ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      checkout: { kitchaco: RICHMOND.id, order_type: 'pickup', lines: [{ meal_id: meal.id, quantity: 1 }] },
      payment: { source_id: 'cnon:card-nonce-ok' },
    },
  });
}

async function signInOperator(page: Page) {
  await page.goto('/operator-admin');
  await page.getByRole('textbox', { name: 'Email' }).fill(RICHMOND.operator);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(/^Welcome /)).toBeVisible();
  await page.goto('/operator-admin-orders');
  await expect(page.getByRole('heading', { name: 'Kitchen capacity' })).toBeVisible();
}

async function setCapacity(page: Page, items: string) {
  const panel = page.getByRole('region', { name: 'Kitchen capacity' });
  await panel.getByRole('textbox', { name: 'Items per 15 minutes' }).fill(items);
  await panel.getByRole('button', { name: 'Save capacity' }).click();
  await expect(page.getByText('Kitchen capacity saved.').last()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
});

test('a full kitchen offers later pickup times at checkout; the busy switch pauses online orders', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(180_000));
  const { vendor, meal } = await plainMeal(page.request);

  // The operator, in a window of their own, allows one item per 15 minutes.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInOperator(staff);
  const panel = staff.getByRole('region', { name: 'Kitchen capacity' });
  try {
    await setCapacity(staff, '1');
    await expect(panel.getByText(/^Items promised: .*\/1/)).toBeVisible();
    await expectAccessible(staff, 'kitchen capacity panel');
    await fillNextSlot(page.request, meal);

    // The customer orders one item from Richmond.
    await page.goto('/');
    await page.getByRole('button', { name: `${RICHMOND.name} pickup location` }).click();
    await expect(page.getByRole('heading', { level: 1, name: RICHMOND.name })).toBeVisible();
    await page.getByRole('link', { name: vendor.title }).first().click();
    await page.getByRole('button', { name: `${meal.meal_name}, ${aud(meal.meal_price)}` }).click();
    const dialog = page.getByRole('dialog', { name: meal.meal_name });
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await signInInOpenDialog(page, DEMO_CUSTOMER_PHONE);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

    // As soon as possible has no room: the later times with room are offered, and Pay waits.
    const full = page.getByRole('alert').filter({ hasText: 'The kitchen is full at that time' });
    await expect(full).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toBeDisabled();
    await expectAccessible(page, 'checkout, kitchen full');
    const slots = full.getByRole('button');
    expect(await slots.count()).toBeGreaterThan(0);
    const chosen = (await slots.first().textContent()) ?? '';
    await slots.first().click();

    // The time chosen is an order for later, priced and paid like any other.
    await expect(page.getByRole('radio', { name: 'Later' })).toBeChecked();
    await expect(full).toBeHidden();
    const time = chosen.replace(/^[A-Z][a-z]{2} /, '');
    const [clock = '', half = ''] = time.split(' ');
    const [h = '0', m = '00'] = clock.split(':');
    const hour24 = (Number(h) % 12) + (half === 'PM' ? 12 : 0);
    await expect(page.getByRole('textbox', { name: 'Time' })).toHaveValue(
      `${String(hour24).padStart(2, '0')}:${m}`,
    );
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await expect(pay).toBeEnabled();
    await fillTestCard(page);
    await pay.click();
    await expect(
      page.getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed/ }),
    ).toBeVisible();

    // Busy: online ordering pauses, and the checkout says why.
    await staff.getByRole('button', { name: 'Busy for 15 min' }).click();
    await expect(panel.getByRole('status')).toHaveText(/^Busy: online ordering is paused until /);
    const quote = await page.request.post('/api/v1/orders/quote/', {
      headers: { Authorization: `Token ${await customerToken(page.request)}` },
      data: { kitchaco: RICHMOND.id, order_type: 'pickup', lines: [{ meal_id: meal.id, quantity: 1 }] },
    });
    expect(JSON.stringify(await quote.json())).toContain(
      'The kitchen is very busy and is not taking online orders',
    );
    await staff.getByRole('button', { name: 'Not busy' }).click();
    await expect(panel.getByRole('status')).toHaveText('Online ordering is open.');
  } finally {
    // Unlimited again, for whoever orders at Richmond next.
    await setCapacity(staff, '');
    await staffContext.close();
  }
});
