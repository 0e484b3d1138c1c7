import type { APIRequestContext, Page, Request } from '@playwright/test';
import {
  DEMO_CUSTOMER_PHONE,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  STAFF_ACCOUNTS,
  signInInOpenDialog,
  test,
} from './fixtures';

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

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

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
  test.setTimeout(120_000);
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
  expect(quote.discount).toBeGreaterThan(0);
  await expect(summary.getByRole('row', { name: /^Discount/ })).toContainText(aud(quote.discount));
  await expect(
    page.getByText(`Estimated card transaction charge (1.23%): ${aud(quote.transaction_charge)}`),
  ).toBeVisible();
  await expectAccessible(page, 'checkout');

  // A declined card: the server's message, and the cart is kept.
  const pay = page.getByRole('button', { name: `Pay ${aud(quote.total)}` });
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('textbox', { name: 'Name on card' }).fill('Demo Customer');
  const declinedCall = page.waitForRequest((r) => isPath(r, '/api/v1/orders/', 'POST'));
  await pay.click();
  const declinedKey = (await declinedCall).headers()['idempotency-key'];
  expect(declinedKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  await expect(page.getByText('Your card was declined. Please use another card.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  const keptCart = await page.evaluate(() =>
    JSON.parse(window.localStorage.getItem('kitchaco.cart') ?? '{}'),
  );
  expect(Object.keys(keptCart.lines ?? {})).toHaveLength(2);
  await expectAccessible(page, 'checkout, card declined');

  // Another card. The answer to the first try is lost on the way back (the server did place the
  // order); the retry sends the same Idempotency-Key and gets that same order, charged once.
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
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
  const retryKey = (await lostCall).headers()['idempotency-key'];
  expect(retryKey).not.toBe(declinedKey);
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
