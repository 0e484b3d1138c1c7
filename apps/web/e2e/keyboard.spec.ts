import type { Locator, Page } from '@playwright/test';
import {
  DEMO_CUSTOMER_PHONE,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  getJson,
  melbourneWeekday,
  nationalAustralianNumber,
  newestSmsId,
  readSmsCode,
  stockAccounts,
  TEST_CARDS,
  test,
} from './fixtures';
import { scaled } from './machine';

/**
 * Journeys done with the keyboard alone: every control is reached with Tab (or Shift+Tab), shows
 * where the focus is, and is used with Enter, Space, arrows or typing. No click, no fill.
 */

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, which must show a focus ring;
 * gives the number of presses it took.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses++) {
    const focused = await target.evaluate((el) => el === document.activeElement);
    if (focused) {
      // Text fields show the focus by their caret and border; every other control by a ring.
      const ring = await target.evaluate((el) => {
        if (el.matches('input, textarea, select')) return true;
        const style = getComputedStyle(el);
        const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
        return outline || style.boxShadow !== 'none';
      });
      expect(ring, 'the focused control shows a focus ring').toBe(true);
      return presses;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`the keyboard did not reach ${target} in ${max} presses`);
}

/** Reaches `target` with Tab and presses `key` on it; gives the number of presses, `key` included. */
async function press(
  page: Page,
  target: Locator,
  key = 'Enter',
  options: { back?: boolean; max?: number } = {},
): Promise<number> {
  const presses = await tabTo(page, target, options);
  await page.keyboard.press(key);
  return presses + 1;
}

/** At most this many presses from any quantity of a stock order to its order button (issue 38). */
const MOST_PRESSES_TO_ORDER = 30;

/**
 * From the quantity `from`, forward to the next "Skip to …" link of the stock table, through it to
 * the order button: the presses it takes (Tab and the Enter on the link), the button's own not counted.
 */
async function pressesToOrderButton(page: Page, from: Locator, button: Locator): Promise<number> {
  await expect(from).toBeFocused();
  const skip = page.getByRole('link', { name: /^Skip to (place|update) order$/ });
  let presses = 0;
  while (!(await skip.evaluateAll((links) => links.some((link) => link === document.activeElement)))) {
    await page.keyboard.press('Tab');
    presses += 1;
    expect(presses, 'Tab presses to the next skip link').toBeLessThanOrEqual(MOST_PRESSES_TO_ORDER);
  }
  await page.keyboard.press('Enter');
  presses += 1;
  await expect(button).toBeFocused();
  return presses;
}

/** Reaches a text field with Tab and types into it. */
async function type(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

interface Vendor {
  id: number;
  title: string;
}
interface Meal {
  meal_name: string;
  meal_price: number;
  meal_subitem: unknown[];
}

const aud = (amount: number) =>
  new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(amount);

/** Two Reservoir brands on sale, each with a meal without required options. */
async function twoBrands(page: Page) {
  const vendors = await getJson<Vendor[]>(page.request, '/api/v1/vendors/?kitchaco=1');
  const picked: { vendor: Vendor; meal: Meal }[] = [];
  for (const vendor of vendors) {
    const { meals } = await getJson<{ meals: (Meal & { sold_out?: boolean })[] }>(
      page.request,
      `/api/v1/vendors/${vendor.id}/menu/`,
    );
    const meal = meals.find((m) => m.meal_subitem.length === 0 && !m.sold_out);
    if (meal) picked.push({ vendor, meal });
    if (picked.length === 2) return picked as [(typeof picked)[0], (typeof picked)[0]];
  }
  throw new Error('the demo needs two Reservoir brands with a meal without options');
}

test.beforeEach(async ({ page }) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
});

test('a customer chooses a location, orders from two brands, signs in and pays with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  const [first, second] = await twoBrands(page);
  await page.goto('/');

  // The location: Reservoir's marker on the map, then its restaurants.
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await press(page, page.getByRole('button', { name: 'Reservoir pickup location' }));
  await expect(sections.getByRole('link', { name: 'Restaurants' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Reservoir' })).toBeVisible();

  // The first brand, and a dish from it into the cart.
  for (const [n, { vendor, meal }] of [first, second].entries()) {
    if (n === 1) {
      await press(page, sections.getByRole('link', { name: 'Restaurants' }), 'Enter', { back: true });
    }
    await press(page, page.getByRole('link', { name: vendor.title }).first());
    await expect(page.getByRole('heading', { level: 1, name: vendor.title })).toBeVisible();
    const dish = page.getByRole('button', { name: `${meal.meal_name}, ${aud(meal.meal_price)}` });
    await press(page, dish);
    const dialog = page.getByRole('dialog', { name: meal.meal_name });
    await expect(dialog).toBeVisible();
    await press(page, dialog.getByRole('button', { name: 'Add to cart' }));
    await expect(dialog).toBeHidden();
    // The focus comes back to the dish it left from.
    await expect(dish).toBeFocused();
    await expect(page.getByRole('link', { name: `Cart, ${n + 1} item${n ? 's' : ''}` })).toBeVisible();
  }

  // The cart, then the checkout, which asks to sign in.
  await press(page, page.getByRole('link', { name: 'Cart, 2 items' }), 'Enter', { back: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await press(page, page.getByRole('link', { name: 'Checkout', exact: true }));
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  const afterId = await newestSmsId(page.request, DEMO_CUSTOMER_PHONE);
  await type(
    page,
    signIn.getByRole('textbox', { name: 'Mobile number' }),
    nationalAustralianNumber(DEMO_CUSTOMER_PHONE),
  );
  await page.keyboard.press('Enter');
  const code = await readSmsCode(page.request, DEMO_CUSTOMER_PHONE, afterId);
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 4' })).toBeFocused();
  const reloaded = page.waitForEvent('load');
  await page.keyboard.type(code);
  await reloaded;

  // The checkout: the card by keyboard, then Pay.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  const card = page.getByRole('group', { name: 'Pay by card' });
  await type(page, card.getByRole('textbox', { name: 'Card number' }), TEST_CARDS.good);
  await type(page, card.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1234');
  await type(page, card.getByRole('textbox', { name: 'Security code (CVV)' }), '111');
  await type(page, card.getByRole('textbox', { name: 'Postcode' }), '3000');
  await press(page, pay);
  await expect(
    page.getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed$/ }),
  ).toBeVisible();
  await expectAccessible(page, 'order confirmation');
});

test('a stock user places a stock order, then edits it, in at most 30 presses from any quantity', async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  const today = melbourneWeekday();
  const account = (await stockAccounts(page)).find((a) => !a.deliveryDays.includes(today));
  expect(account, `a demo location without a delivery on ${today}`).toBeDefined();

  await page.goto('/stock');
  await type(page, page.getByRole('textbox', { name: 'Email' }), account!.email);
  await type(page, page.getByRole('textbox', { name: 'Password', exact: true }), DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'New stock order' });
  await expect(heading).toBeVisible();

  const quantities = page
    .getByRole('table', { name: 'Stock items' })
    .getByRole('textbox', { name: /^Quantity of / });
  // The second quantity (where issue 38 counted 144 presses to Place Order) and the first of a
  // later run of rows (the farthest from the next skip link).
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  for (const n of [1, 8]) {
    await type(page, quantities.nth(n), '1');
    const presses = await pressesToOrderButton(page, quantities.nth(n), placeOrder);
    expect(presses, `presses from quantity ${n + 1} to Place Order`).toBeLessThanOrEqual(
      MOST_PRESSES_TO_ORDER,
    );
    // Back up the table to the next quantity to try.
    if (n === 1) await tabTo(page, quantities.nth(8), { back: true });
  }
  await page.keyboard.press('Enter');
  // Two small quantities: below the location's minimum, so the fee is offered first.
  const fee = page.getByRole('dialog', { name: 'Below the minimum order' });
  await expect(fee).toBeVisible();
  await press(page, fee.getByRole('button', { name: /^Place order with \$[\d.,]+ delivery charge$/ }));
  const done = page.getByRole('dialog', { name: 'Order placed' });
  await expect(done).toContainText('Order placed successfully! Your delivery will be done on next');
  await press(page, done.getByRole('button', { name: 'OK' }));
  await expect(done).toBeHidden();
  // The focus is back at the top of the order, a few presses from the menu (not 149).
  await expect(heading).toBeFocused();
  const history = page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Order History' });
  const back = await press(page, history, 'Enter', { back: true, max: MOST_PRESSES_TO_ORDER });
  expect(back, 'presses back to the menu after the confirmation').toBeLessThanOrEqual(MOST_PRESSES_TO_ORDER);
  await expect(page).toHaveURL(/\/stock-orders$/);
  const table = page.getByRole('table', { name: 'Stock order history' });
  await expect(table).toContainText('Pending');

  // The order just placed (the newest pending one), edited.
  const details = table.getByRole('button', { name: /^Details of #\d+$/ }).first();
  const id = (await details.textContent())!.replace(/^.*Details of #(\d+).*$/s, '$1');
  await press(page, details);
  await press(page, page.getByRole('link', { name: `Edit order #${id}` }));
  await expect(page.getByRole('heading', { name: `Edit order #${id}` })).toBeVisible();
  const update = page.getByRole('button', { name: 'Update Order' });
  await tabTo(page, quantities.nth(1));
  await page.keyboard.type('2');
  const presses = await pressesToOrderButton(page, quantities.nth(1), update);
  expect(presses, 'presses from quantity 2 to Update Order').toBeLessThanOrEqual(MOST_PRESSES_TO_ORDER);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/stock-orders$/);
  await expect(page.getByText('Updated Succesfully')).toBeVisible();
  await expectAccessible(page, 'stock order history after a keyboard edit');
});
