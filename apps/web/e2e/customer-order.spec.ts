import type { APIRequestContext, Page, Request } from '@playwright/test';
import {
  DEMO_CUSTOMER_PHONE,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  fillTestCard,
  getJson,
  STAFF_ACCOUNTS,
  signInInOpenDialog,
  TEST_CARDS,
  test,
} from './fixtures';
import { scaled } from './machine';

interface Location {
  id: number;
  name: string;
  location: string;
}

interface Vendor {
  id: number;
  title: string;
  kitchaco: { id: number };
}

interface Meal {
  id: number;
  meal_name: string;
  meal_price: number;
  meal_combo: { id: number; name: string; price: number }[];
  meal_subitem: { id: number; name: string }[];
}

interface Quote {
  lines: { meal_name: string; quantity: number; line_total: number }[];
  sub_total: number;
  delivery_charge: number;
  discount: number;
  total: number;
  gst: number;
  transaction_charge: number;
}

const audFormat = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const aud = (amount: number) => audFormat.format(amount);
const cents = (amount: number) => Math.round(amount * 100);

const menuOf = (request: APIRequestContext, vendor: Vendor) =>
  getJson<{ meals: Meal[] }>(request, `/api/v1/vendors/${vendor.id}/menu/`).then((m) => m.meals);

/** Two brands of Reservoir: one with a meal offering both a sub-item and extras, and another one. */
async function pickDishes(request: APIRequestContext) {
  const vendors = await getJson<Vendor[]>(request, '/api/v1/vendors/?kitchaco=1');
  for (const first of vendors) {
    const rich = (await menuOf(request, first)).find(
      (m) => m.meal_combo.length > 0 && m.meal_subitem.length > 0,
    );
    if (!rich) continue;
    const second = vendors.find((v) => v.id !== first.id);
    if (!second) break;
    const [plain] = await menuOf(request, second);
    if (plain) return { first, rich, second, plain };
  }
  throw new Error('The demo data needs two Reservoir brands, one with a meal that has options and extras');
}

const isPath = (request: Request, path: string, method: string) =>
  new URL(request.url()).pathname === path && request.method() === method;

/** Opens a meal from the brand's menu, chooses its first option (if any) and adds it to the cart. */
async function addMeal(page: Page, meal: Meal, choose: { combo?: boolean } = {}) {
  await page.getByRole('button', { name: `${meal.meal_name}, ${aud(meal.meal_price)}` }).click();
  const dialog = page.getByRole('dialog', { name: meal.meal_name });
  await expect(dialog).toBeVisible();
  const subitem = meal.meal_subitem[0];
  if (subitem) await dialog.getByRole('radio', { name: subitem.name }).check();
  const combo = choose.combo ? meal.meal_combo[0] : undefined;
  if (combo) await dialog.getByRole('checkbox', { name: `${combo.name} (+${aud(combo.price)})` }).check();
  await expect(dialog.getByText(`Total ${aud(meal.meal_price + (combo?.price ?? 0))}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  // There is no internet in tests: map tiles fail at once instead of waiting for a timeout.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
});

test('a customer picks Reservoir on the map, orders from two restaurants, pays and follows the order live', async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  const { first, rich, second, plain } = await pickDishes(page.request);

  // Map: one marker per location, named after it; Reservoir's marker opens its restaurants.
  await page.goto('/');
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: 'Map' })).toHaveAttribute('aria-current', 'page');
  await expect(sections.getByRole('link', { name: 'Cart' })).toHaveCount(0);
  const locations = await getJson<Location[]>(page.request, '/api/v1/kitchaco-location/');
  for (const location of locations) {
    await expect(page.getByRole('button', { name: `${location.name} pickup location` })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: "What's Latest" })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search restaurants' })).toHaveCount(0);
  await expectAccessible(page, 'map tab');
  await page.getByRole('button', { name: 'Reservoir pickup location' }).click();

  // Restaurants: featured brands, the feed and every brand by kitchen.
  await expect(sections.getByRole('link', { name: 'Restaurants' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reservoir' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Restaurants of the Week!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checkout the latest' })).toBeVisible();
  await expectAccessible(page, 'restaurants tab');

  // Search finds the first brand by name and opens it at /vendor:{id}.
  await page.getByRole('searchbox', { name: 'Search restaurants' }).fill(first.title);
  await page.getByRole('option', { name: new RegExp(`^${first.title}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/vendor:${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expectAccessible(page, 'vendor page');

  // The meal modal: a sub-item is required, extras are added to the running total.
  await page.getByRole('button', { name: `${rich.meal_name}, ${aud(rich.meal_price)}` }).click();
  const dialog = page.getByRole('dialog', { name: rich.meal_name });
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog.getByText('Please choose one option.')).toBeVisible();
  await expectAccessible(page, 'meal modal');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await addMeal(page, rich, { combo: true });
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // A second brand, through the Restaurants tab.
  await sections.getByRole('link', { name: 'Restaurants' }).click();
  await page.getByRole('link', { name: second.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  await addMeal(page, plain);
  const cartLink = page.getByRole('link', { name: 'Cart, 2 items' });
  await expect(cartLink).toHaveText('2');

  await cartLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByText('Craving something else?')).toBeVisible();
  await expectAccessible(page, 'cart');

  // Checkout asks a signed-out customer to sign in, then carries on with the cart.
  const quotes: Promise<Quote | null>[] = [];
  page.on('response', (r) => {
    if (isPath(r.request(), '/api/v1/orders/quote/', 'POST') && r.ok()) {
      quotes.push(r.json().catch(() => null));
    }
  });
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await signInInOpenDialog(page, DEMO_CUSTOMER_PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pickup at Reservoir' })).toBeChecked();
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();

  // Ordering for a time the kitchen cannot serve is refused at the Time field.
  await page.getByRole('radio', { name: 'Later' }).check();
  const time = page.getByRole('textbox', { name: 'Time' });
  await time.fill('03:00');
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText(/Please choose a time in the future|kitchen is closed at that time/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeDisabled();
  await expectAccessible(page, 'checkout, order for later');
  await page.getByRole('radio', { name: 'As soon as possible' }).check();

  // Promo codes are checked by the server.
  const promo = page.getByRole('textbox', { name: 'Promo code' });
  await promo.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This promo code is not valid.')).toBeVisible();
  await promo.fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code WELCOME10 applied')).toBeVisible();
  const summary = page.getByRole('table', { name: 'Order lines and totals' });
  await expect(summary.getByRole('row', { name: /^Discount \(WELCOME10\)/ })).toBeVisible();

  // The Pay button names the total once the quote of the order on screen has arrived.
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  const quote = (await Promise.all(quotes)).filter((q) => q !== null).at(-1);
  if (!quote) throw new Error('no quote was answered');

  // The summary shows the server's quote, and its lines add up to its sub total.
  for (const line of quote.lines) {
    await expect(summary.getByRole('row', { name: `${line.quantity} × ${line.meal_name}` })).toContainText(
      aud(line.line_total),
    );
  }
  expect(quote.lines.reduce((sum, l) => sum + cents(l.line_total), 0)).toBe(cents(quote.sub_total));
  expect(cents(quote.total)).toBe(
    cents(quote.sub_total) + cents(quote.delivery_charge) - cents(quote.discount),
  );
  await expect(summary.getByRole('row', { name: /^Sub total/ })).toContainText(aud(quote.sub_total));
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText(aud(quote.total));
  await expect(summary.getByRole('row', { name: /^Includes GST/ })).toContainText(aud(quote.gst));
  // A pickup order has no delivery line (not "Delivery Free").
  await expect(summary.getByRole('row', { name: /^Delivery/ })).toHaveCount(0);
  expect(quote.discount).toBeGreaterThan(0);
  await expect(summary.getByRole('row', { name: /^Discount/ })).toContainText(aud(quote.discount));
  await expect(
    page.getByText(`Estimated card transaction charge (1.23%): ${aud(quote.transaction_charge)}`),
  ).toBeVisible();
  await expectAccessible(page, 'checkout');

  // Test payments are said plainly; the card form is the demo's stand-in of Square's.
  await expect(page.getByRole('note', { name: 'Test payments' })).toContainText(
    'Test payments: no money is taken',
  );

  // The card goes in; only its one-time token goes out. The answer to the first try is lost on the
  // way back (the server did place the order); the retry sends the same Idempotency-Key and the
  // same token, and gets that same order, charged once.
  const pay = page.getByRole('button', { name: `Pay ${aud(quote.total)}` });
  await fillTestCard(page);
  let placedOrderId = 0;
  await page.route(
    '**/api/v1/orders/',
    async (route) => {
      const response = await route.fetch();
      placedOrderId = ((await response.json()) as { order: { id: number } }).order.id;
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  const lostCall = page.waitForRequest((r) => isPath(r, '/api/v1/orders/', 'POST'));
  await pay.click();
  const lost = await lostCall;
  const retryKey = lost.headers()['idempotency-key'];
  expect(retryKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(lost.postDataJSON().payment).toEqual({ source_id: 'cnon:card-nonce-ok' });
  expect(lost.postData()).not.toContain('4111');
  await expect(page.getByText('We could not confirm your payment.', { exact: false })).toBeVisible();
  expect(placedOrderId).toBeGreaterThan(0);

  const calls: Request[] = [];
  page.on('request', (r) => {
    if (isPath(r, '/api/v1/orders/', 'POST')) calls.push(r);
  });
  await pay.dblclick();
  const confirmation = page.getByRole('heading', {
    level: 1,
    name: `Thank you! Order #${placedOrderId} is placed`,
  });
  await expect(confirmation).toBeVisible();
  expect(calls.map((r) => r.headers()['idempotency-key'])).toEqual([retryKey]);
  expect(calls.map((r) => r.postData())).toEqual([lost.postData()]);
  await expect(page.getByText(`Total paid: ${aud(quote.total)}`)).toBeVisible();
  await expect(page.getByText(/^Receipt: \S+/)).toBeVisible();
  await expectAccessible(page, 'order confirmation');

  // Order and payment are kept as the spec says; the cart is gone.
  const stored = await page.evaluate(() => ({
    order: JSON.parse(window.localStorage.getItem('kitchaco.order') ?? 'null'),
    payment: JSON.parse(window.localStorage.getItem('kitchaco.payment') ?? 'null'),
    cart: window.localStorage.getItem('kitchaco.cart'),
  }));
  expect(stored.order).toEqual({ id: placedOrderId, status: 'Received' });
  expect(stored.payment).toMatchObject({ status: 'COMPLETED', total: quote.total, error: null });
  expect(stored.payment.receipt_number).toBeTruthy();
  expect(stored.cart).toBeNull();
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();

  // Orders: the new order first, Received; the stream carries the token in a header, not the URL.
  const events = page.waitForRequest((r) => isPath(r, '/api/v1/orders/events/', 'GET'));
  await page.getByRole('link', { name: 'View your orders' }).click();
  const eventsCall = await events;
  expect(new URL(eventsCall.url()).search).toBe('');
  expect(eventsCall.headers().authorization).toMatch(/^Token \S+/);
  const order = page.getByRole('article', { name: `Order #${placedOrderId}` });
  await expect(order.getByText('Received', { exact: true })).toBeVisible();
  await expect(order).toContainText(rich.meal_name);
  await expect(order).toContainText(plain.meal_name);
  await expect(order).toContainText(`Total ${aud(quote.total)}`);
  await expect(page.getByText('Status updates live')).toBeVisible();
  await expectAccessible(page, 'orders');

  // The super admin moves it to Cooking; the badge follows without a reload.
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  const login = await page.request.post(STAFF_ACCOUNTS.super_admin.loginCall, {
    data: { query_type: 'admin_login', email: STAFF_ACCOUNTS.super_admin.email, password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const update = await page.request.post('/api/v1/admin-data/', {
    headers: { Authorization: `Token ${token}` },
    data: { query_type: 'update_order_status', order_id: placedOrderId, status: 'Cooking' },
  });
  expect(update.status()).toBe(200);
  await expect(order.getByText('Cooking', { exact: true })).toBeVisible();
  await expect(page.getByText(`Order #${placedOrderId} is now Cooking`)).toBeAttached();
  expect(loads).toBe(0);
});

/** One dish of a Reservoir brand in the cart, then checkout as the signed-in demo customer. */
async function checkoutOneDish(page: Page) {
  const { second, plain } = await pickDishes(page.request);
  await page.goto(`/vendor:${second.id}`);
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  await addMeal(page, plain);
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await signInInOpenDialog(page, DEMO_CUSTOMER_PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  return pay;
}

/** The signed-in customer's orders, asked from the server with the session the page keeps. */
async function orderIds(page: Page): Promise<number[]> {
  const token = await page.evaluate(() => window.localStorage.getItem('kitchaco.customer.token'));
  const response = await page.request.get('/api/v1/orders/', {
    headers: { Authorization: `Token ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }[]).map((o) => o.id);
}

const orderCalls = (page: Page) => {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (isPath(r, '/api/v1/orders/', 'POST')) calls.push(r);
  });
  return calls;
};

test('test payments are said plainly, and the card form checks the card before anything is sent', async ({
  page,
}) => {
  const pay = await checkoutOneDish(page);
  const calls = orderCalls(page);

  // The banner: no money is taken, with the test cards and what each does.
  const banner = page.getByRole('note', { name: 'Test payments' });
  await expect(banner).toContainText('Test payments: no money is taken');
  await expect(banner).toContainText('test mode, on its own server: no card is charged');
  await expect(banner).toContainText(`${TEST_CARDS.good} with any future expiry`);
  await expect(banner).toContainText(`${TEST_CARDS.declined}: declined`);
  await expect(banner).toContainText('Security code 911, postcode 99999 or expiry 01/40');
  await expectAccessible(page, 'checkout with the test card form');

  // Nothing filled in: every field says what it needs, the card number first has the focus.
  const form = page.getByRole('group', { name: 'Pay by card' });
  const number = form.getByRole('textbox', { name: 'Card number' });
  await pay.click();
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription('Enter a valid card number.');
  await expect(form.getByRole('textbox', { name: 'Expiry (MM/YY)' })).toHaveAccessibleDescription(
    'Enter the expiry date as MM/YY.',
  );
  await expect(form.getByRole('alert')).toContainText(
    'Check the card number, the expiry date, the security code and the postcode.',
  );
  await expectAccessible(page, 'checkout, card details missing');

  // A number failing the Luhn check, and a card past its expiry: told at the field, no token made.
  await fillTestCard(page, { number: '4111 1111 1111 1112', expiry: '01/20' });
  await page.keyboard.press('Enter');
  await expect(number).toBeFocused();
  await expect(number).toHaveAccessibleDescription('Enter a valid card number.');
  await expect(form.getByRole('textbox', { name: 'Expiry (MM/YY)' })).toHaveAccessibleDescription(
    'This card has expired.',
  );
  expect(calls).toHaveLength(0);

  // Security code 911: Square's sandbox token of a refused CVV, and the server's reason at the card.
  await fillTestCard(page, { cvv: '911' });
  const refused = page.waitForResponse((r) => isPath(r.request(), '/api/v1/orders/', 'POST'));
  await pay.click();
  expect((await refused).status()).toBe(402);
  expect(calls[0]?.postDataJSON().payment).toEqual({ source_id: 'cnon:card-nonce-rejected-cvv' });
  const problem = form.getByRole('alert');
  await expect(problem).toContainText('security code (CVV) was not accepted');
  await expect(problem).toBeFocused();
  await expectAccessible(page, 'checkout, security code refused');
});

test('a declined card orders nothing; the customer pays with another card', async ({ page }) => {
  const pay = await checkoutOneDish(page);
  const before = await orderIds(page);
  const calls = orderCalls(page);

  await fillTestCard(page, { number: TEST_CARDS.declined });
  const declined = page.waitForResponse((r) => isPath(r.request(), '/api/v1/orders/', 'POST'));
  await pay.click();
  expect((await declined).status()).toBe(402);
  const form = page.getByRole('group', { name: 'Pay by card' });
  const problem = form.getByRole('alert');
  await expect(problem).toContainText('Your card was declined. Please use another card.');
  await expect(problem).toBeFocused();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(await orderIds(page)).toEqual(before);
  const kept = await page.evaluate(() =>
    JSON.parse(window.localStorage.getItem('kitchaco.payment') ?? 'null'),
  );
  expect(kept).toMatchObject({
    status: 'DECLINED',
    error: 'Your card was declined. Please use another card.',
  });
  await expectAccessible(page, 'checkout, card declined');

  // Another card is a new attempt: a new token and a new Idempotency-Key.
  await form.getByRole('textbox', { name: 'Card number' }).fill(TEST_CARDS.good);
  const placed = page.waitForResponse((r) => isPath(r.request(), '/api/v1/orders/', 'POST'));
  await pay.click();
  const order = (await (await placed).json()) as { order: { id: number } };
  await expect(
    page.getByRole('heading', { level: 1, name: `Thank you! Order #${order.order.id} is placed` }),
  ).toBeVisible();
  expect(calls.map((r) => r.postDataJSON().payment.source_id)).toEqual([
    'cnon:card-nonce-declined',
    'cnon:card-nonce-ok',
  ]);
  const [first, second] = calls.map((r) => r.headers()['idempotency-key']);
  expect(second).not.toBe(first);
  expect(await orderIds(page)).toEqual([order.order.id, ...before]);
});

/**
 * A stand-in of Square's Web Payments SDK script, with the members Square documents
 * (https://developer.squareup.com/reference/sdks/web/payments): it records what checkout asks of it
 * and answers Square's sandbox token of an approved card.
 */
const FAKE_SQUARE_SDK = `
window.squareCalls = window.squareCalls || [];
window.squareLoads = (window.squareLoads || 0) + 1;
window.Square = {
  payments(applicationId, locationId) {
    window.squareCalls.push({ call: 'payments', applicationId, locationId });
    return {
      async card() {
        let root = null;
        return {
          async attach(element) {
            root = element;
            const label = document.createElement('label');
            label.textContent = "Square's card form";
            const input = document.createElement('input');
            input.id = 'square-card';
            label.htmlFor = input.id;
            element.append(label, input);
          },
          async tokenize(details) {
            window.squareCalls.push({ call: 'tokenize', details });
            return { status: 'OK', token: 'cnon:card-nonce-ok' };
          },
          async focus() { return true; },
          async destroy() { root && root.replaceChildren(); return true; },
        };
      },
    };
  },
};
`;

interface SquareCall {
  call: 'payments' | 'tokenize';
  applicationId?: string;
  locationId?: string;
  details?: { amount?: string };
}

test("with Square, checkout loads Square's SDK from the server's address and pays with its token", async ({
  page,
}) => {
  await page.route(
    (url) => url.pathname === '/api/v1/payments/config/',
    (route) =>
      route.fulfill({
        json: {
          provider: 'square',
          environment: 'sandbox',
          application_id: 'sandbox-sq0idb-e2e',
          location_id: 'LE2E',
          sdk_url: '/e2e/square.js',
          currency: 'AUD',
          country: 'AU',
          test_mode: true,
        },
      }),
  );
  await page.route('**/e2e/square.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_SQUARE_SDK }),
  );
  const pay = await checkoutOneDish(page);
  const banner = page.getByRole('note', { name: 'Test payments' });
  await expect(banner).toContainText("Card payments go to Square's sandbox");
  await expect(banner).not.toContainText(TEST_CARDS.declined);
  const form = page.getByRole('group', { name: 'Pay by card' });
  await expect(form.getByRole('textbox', { name: "Square's card form" })).toBeVisible();
  await expect(form).toContainText('Your card details go straight to Square');
  await expectAccessible(page, 'checkout with Square');

  const placed = page.waitForRequest((r) => isPath(r, '/api/v1/orders/', 'POST'));
  await pay.click();
  const request = await placed;
  expect(request.postDataJSON().payment).toEqual({ source_id: 'cnon:card-nonce-ok' });
  await expect(
    page.getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed$/ }),
  ).toBeVisible();

  // Square was set up with the server's ids, and verified the buyer for exactly the total charged.
  const square = await page.evaluate(() => {
    const recorded = window as unknown as { squareCalls: SquareCall[]; squareLoads: number };
    return { calls: recorded.squareCalls, loads: recorded.squareLoads };
  });
  expect(square.loads).toBe(1);
  expect(square.calls[0]).toEqual({
    call: 'payments',
    applicationId: 'sandbox-sq0idb-e2e',
    locationId: 'LE2E',
  });
  const tokenize = square.calls.find((c) => c.call === 'tokenize');
  expect(tokenize?.details).toMatchObject({
    amount: expect.stringMatching(/^\d+\.\d{2}$/),
    currencyCode: 'AUD',
    intent: 'CHARGE',
    customerInitiated: true,
    sellerKeyedIn: false,
    billingContact: { countryCode: 'AU', phone: DEMO_CUSTOMER_PHONE },
  });
  await expect(page.getByText(`Total paid: ${aud(Number(tokenize?.details?.amount))}`)).toBeVisible();
});

test('the cart keeps quantities, and sends the customer back to the restaurants once emptied', async ({
  page,
}) => {
  const { second, plain } = await pickDishes(page.request);
  await page.goto(`/vendor:${second.id}`);
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  await addMeal(page, plain);
  await addMeal(page, plain);

  // The same dish with the same choices is one line with a higher quantity; it survives a reload.
  await page.reload();

  // With something in the cart, a marker of another location asks before emptying it.
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: 'Map' }).click();
  const other = (await getJson<Location[]>(page.request, '/api/v1/kitchaco-location/')).find(
    (l) => l.id !== 1,
  );
  if (other) {
    await page.getByRole('button', { name: `${other.name} pickup location` }).click();
    const confirm = page.getByRole('dialog', { name: 'Change pickup location?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep current location' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reservoir' })).toBeVisible();
  }

  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('textbox', { name: `Quantity of ${plain.meal_name}` })).toHaveValue('2');
  await page.getByRole('button', { name: `One more ${plain.meal_name}` }).click();
  await expect(page.getByRole('textbox', { name: `Quantity of ${plain.meal_name}` })).toHaveValue('3');
  await expect(page.getByRole('main')).toContainText(aud((cents(plain.meal_price) * 3) / 100));

  await page.getByRole('button', { name: `Remove ${plain.meal_name}` }).click();
  await expect(sections.getByRole('link', { name: 'Restaurants' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/\/$/);
  await expect(sections.getByRole('link', { name: 'Cart' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();
});

test("a link from the provider's website selects the location by its position and opens Restaurants", async ({
  page,
}) => {
  const locations = await getJson<Location[]>(page.request, '/api/v1/kitchaco-location/');
  const second = [...locations].sort((a, b) => a.id - b.id)[1];
  test.skip(!second, 'needs two pickup locations');
  if (!second) return;

  await page.goto('/?utm_source=website&location=2');
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: 'Restaurants' })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => window.sessionStorage.getItem('kitchaco.website_redirect'))).toBe('true');
  await expect(page.getByRole('combobox', { name: 'Pickup location' })).toHaveValue(String(second.id));

  // The search only offers brands of the selected location.
  const here = await getJson<Vendor[]>(page.request, `/api/v1/vendors/?kitchaco=${second.id}`);
  const elsewhere = (await getJson<Vendor[]>(page.request, '/api/v1/vendors/?kitchaco=1')).find(
    (v) => !here.some((h) => h.title === v.title),
  );
  const search = page.getByRole('searchbox', { name: 'Search restaurants' });
  if (elsewhere) {
    await search.fill(elsewhere.title);
    await expect(page.getByText('No restaurant at this location matches.')).toBeVisible();
  }
  const [local] = here;
  if (local) {
    await search.fill(local.title);
    await expect(page.getByRole('option', { name: new RegExp(`^${local.title}`) })).toBeVisible();
  }
  await expectAccessible(page, 'restaurants with search results');
});

test('an unknown restaurant shows not-found content; a malformed vendor address is a 404', async ({
  page,
}) => {
  await page.goto('/vendor:999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant not found' })).toBeVisible();
  await expectAccessible(page, 'unknown restaurant');
  await page.getByRole('link', { name: 'All restaurants' }).click();
  await expect(page.getByRole('heading', { name: 'Restaurants of the Week!' })).toBeVisible();

  await page.goto('/vendor:abc');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('orders ask a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page, 'orders, signed out');
});
