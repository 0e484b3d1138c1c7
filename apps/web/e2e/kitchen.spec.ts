import type { APIRequestContext, Page } from '@playwright/test';
import {
  customerToken,
  DEMO_CUSTOMER_PHONE,
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
 * The kitchen floor (docs/kitchen.md, "Kitchen display"): a customer orders from two brands of
 * Reservoir; the kitchen tablet, open all along, gets a ticket per brand without a reload, starts
 * and finishes them (with an undo on the way); the customer's order is Ready for pickup, texted
 * once; the counter's pickup board shows the number under Ready. A network blip keeps the tickets
 * and brings the missed ones in when the stream is back.
 */

const KITCHEN = { email: 'kitchen@demo.test', location: 'Reservoir' };

interface Vendor {
  id: number;
  title: string;
}

interface Meal {
  id: number;
  meal_name: string;
  meal_subitem: { id: number }[];
}

interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  body: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Two Reservoir brands with a meal each. */
async function twoBrands(request: APIRequestContext) {
  const vendors = await getJson<Vendor[]>(request, '/api/v1/vendors/?kitchaco=1');
  const picked: { vendor: Vendor; meal: Meal }[] = [];
  for (const vendor of vendors) {
    const { meals } = await getJson<{ meals: Meal[] }>(request, `/api/v1/vendors/${vendor.id}/menu/`);
    const meal = meals[0];
    if (meal) picked.push({ vendor, meal });
    if (picked.length === 2) return picked as [(typeof picked)[0], (typeof picked)[0]];
  }
  throw new Error('The demo data needs two Reservoir brands with a meal each');
}

/**
 * Places a card-paid pickup order at Reservoir with one meal of each brand, as checkout does (the
 * cart and Square's sandbox token that pays), with the signed-in customer's token.
 */
async function orderFromTwoBrands(request: APIRequestContext, token: string) {
  const [first, second] = await twoBrands(request);
  const line = (meal: Meal) => ({
    meal_id: meal.id,
    quantity: 1,
    ...(meal.meal_subitem[0] ? { subitem_id: meal.meal_subitem[0].id } : {}),
  });
  const placed = await request.post('/api/v1/orders/', {
    headers: { Authorization: `Token ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      checkout: { kitchaco: 1, order_type: 'pickup', lines: [line(first.meal), line(second.meal)] },
      payment: { source_id: 'cnon:card-nonce-ok' },
    },
  });
  expect(placed.status(), 'the card-paid order is placed').toBe(200);
  const { order } = (await placed.json()) as { order: { id: number } };
  return { id: order.id, first: first.vendor, second: second.vendor };
}

/** Signs the kitchen account in at /kitchen itself, with the staff sign-in form. */
async function signInKitchen(page: Page) {
  await page.goto('/kitchen');
  await expect(page.getByRole('heading', { name: 'Kitchen display', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(KITCHEN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const tickets = queryCallAnswer(page, 'kitchen_tickets');
  await page.getByRole('button', { name: 'Login' }).click();
  expect((await tickets).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: `Kitchen · ${KITCHEN.location}` })).toBeVisible();
}

async function readySmsCount(request: APIRequestContext, orderId: number): Promise<number> {
  const { messages } = await getJson<{ messages: OutboxMessage[] }>(request, '/api/dev/outbox?limit=200');
  return messages.filter(
    (m) =>
      m.channel === 'sms' &&
      m.to === DEMO_CUSTOMER_PHONE &&
      m.body.includes(`#${orderId} is now Ready for pickup`),
  ).length;
}

/** The secret address of Reservoir's pickup board, as the operator's back office gets it. */
async function pickupBoardPath(request: APIRequestContext): Promise<string> {
  const token = await staffToken(request, 'operator');
  const response = await request.post('/api/v1/admin-data/', {
    headers: { Authorization: `Token ${token}` },
    data: { query_type: 'pickup_board_link' },
  });
  expect(response.ok()).toBe(true);
  const { path } = (await response.json()) as { path: string };
  expect(path).toMatch(/^\/pickup-board\?display=\S+$/);
  return path;
}

test('the kitchen gets a two-brand order live, starts and finishes it; the customer and the pickup board see it ready', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(150_000));

  // The tablet on the pass: signed in at /kitchen, open before the order exists.
  await signInKitchen(page);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tap to enable sound' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sound on' })).toHaveCount(0);
  await expectAccessible(page, 'kitchen display');
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  // The customer, on their own phone: signed in, orders from two brands, follows the order.
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  // There is no internet in tests: map tiles fail at once instead of waiting for a timeout.
  await phone.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  const customer = await phone.newPage();
  await loginAs(customer, 'customer');
  const token = await customer.evaluate(() => window.localStorage.getItem('kitchaco.customer.token'));
  const order = await orderFromTwoBrands(customer.request, token ?? '');
  await customer.goto('/orders');
  const card = customer.getByRole('article', { name: `Order #${order.id}` });
  await expect(card.getByText('Received', { exact: true })).toBeVisible();

  // Two tickets, one per station, without a reload; announced for screen readers.
  const ticketAt = (vendor: Vendor) =>
    page.getByRole('region', { name: vendor.title }).getByRole('article', { name: `#${order.id}` });
  await expect(ticketAt(order.first)).toBeVisible();
  await expect(ticketAt(order.second)).toBeVisible();
  await expect(page.getByRole('article', { name: `#${order.id}` })).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: `New ticket #${order.id} for` })).toBeAttached();
  expect(loads).toBe(0);
  await expect(ticketAt(order.first)).toContainText(/(Due|Ordered for) \d{1,2}:\d\d/);
  await expect(ticketAt(order.first)).toContainText(/On time|Due in \d+ min|Due now|Late \d+ min/);
  await expectAccessible(page, 'kitchen display with a new order');

  // Start both: the order is Cooking for the customer, live.
  const bump = (label: string, vendor: Vendor) =>
    page.getByRole('button', { name: `${label} #${order.id} ${vendor.title}`, exact: true });
  for (const vendor of [order.first, order.second]) {
    const started = queryCallAnswer(page, 'bump_kitchen_ticket');
    await bump('Start', vendor).click();
    expect((await started).ok()).toBe(true);
    await expect(bump('Done', vendor)).toBeVisible();
  }
  await expect(card.getByText('Cooking', { exact: true })).toBeVisible();

  // Done on the first, undone from the strip, done again: still one station to go.
  const recent = page.getByRole('region', { name: 'Recently done' });
  let answered = queryCallAnswer(page, 'bump_kitchen_ticket');
  await bump('Done', order.first).click();
  expect((await answered).ok()).toBe(true);
  await expect(ticketAt(order.first)).toHaveCount(0);
  const undo = recent.getByRole('button', {
    name: new RegExp(`^Undo #${order.id} ${escapeRegExp(order.first.title)} `),
  });
  await expect(undo).toBeVisible();
  await expectAccessible(page, 'kitchen display with a recently done ticket');
  answered = queryCallAnswer(page, 'bump_kitchen_ticket');
  await undo.click();
  expect((await answered).request().postDataJSON()).toMatchObject({ status: 'started' });
  await expect(bump('Done', order.first)).toBeVisible();
  answered = queryCallAnswer(page, 'bump_kitchen_ticket');
  await bump('Done', order.first).click();
  expect((await answered).ok()).toBe(true);
  await expect(card.getByText('Cooking', { exact: true })).toBeVisible();

  // The last station done: Ready for pickup, on the customer's phone without a reload.
  answered = queryCallAnswer(page, 'bump_kitchen_ticket');
  await bump('Done', order.second).click();
  const last = (await (await answered).json()) as { order_status: string };
  expect(last.order_status).toBe('Ready for pickup');
  await expect(page.getByRole('article', { name: `#${order.id}` })).toHaveCount(0);
  await expect(recent.getByRole('listitem').filter({ hasText: `#${order.id} ` })).toHaveCount(2);
  await expect(card.getByText('Ready for pickup', { exact: true })).toBeVisible();

  // Texted once that it is ready.
  await expect.poll(() => readySmsCount(page.request, order.id), { timeout: 10_000 }).toBe(1);

  // The counter's pickup board: no sign-in, the number under Ready.
  const board = await phone.newPage();
  await board.goto(await pickupBoardPath(page.request));
  await expect(board.getByRole('heading', { level: 1, name: /^Reservoir/ })).toBeVisible();
  await expect(
    board.getByRole('list', { name: 'Ready' }).getByText(String(order.id), { exact: true }),
  ).toBeVisible();
  await expectAccessible(board, 'pickup board');
  expect(await readySmsCount(page.request, order.id)).toBe(1);
  expect(loads).toBe(0);
  await phone.close();
});

test('a network blip keeps the tickets on screen and brings the missed ones in, once each', async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  // The stream cannot connect: the list shows, and the screen says it is reconnecting.
  await page.route('**/api/v1/kitchen/events/**', (route) => route.abort('connectionreset'));
  await signInKitchen(page);
  const banner = page.getByRole('alert').filter({ hasText: 'Reconnecting…' });
  await expect(banner).toBeVisible();
  const before = await page.getByRole('article').count();

  // An order placed meanwhile is not on screen yet.
  const order = await orderFromTwoBrands(page.request, await customerToken(page.request));
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('article', { name: `#${order.id}` })).toHaveCount(0);
  expect(await page.getByRole('article').count()).toBe(before);

  // Back online: the banner goes, the list is read again and merged, each ticket once.
  await page.unroute('**/api/v1/kitchen/events/**');
  await expect(banner).toBeHidden({ timeout: 40_000 });
  await expect(page.getByRole('article', { name: `#${order.id}` })).toHaveCount(2, { timeout: 10_000 });
  await expect(page.getByRole('article')).toHaveCount(before + 2);

  // One sound button: "Tap to enable sound" until the browser allows sound, then "Sound on" in its
  // place (never both); sound off is remembered on the device.
  await expect(page.getByRole('button', { name: 'Sound on' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Tap to enable sound' }).click();
  await expect(page.getByRole('button', { name: 'Tap to enable sound' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sound on' }).click();
  await expect(page.getByRole('button', { name: 'Sound off' })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sound off' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tap to enable sound' })).toHaveCount(0);
});

/** Sets an order's status as a super admin does from the back office's order list. */
async function setOrderStatus(request: APIRequestContext, orderId: number, status: string) {
  const token = await staffToken(request, 'super_admin');
  const response = await request.post('/api/v1/admin-data/', {
    headers: { Authorization: `Token ${token}` },
    data: { query_type: 'update_order_status', order_id: orderId, status },
  });
  expect(response.ok()).toBe(true);
  expect(((await response.json()) as { success: boolean }).success).toBe(true);
}

test('an order made ready or canceled elsewhere leaves the kitchen display; a canceled one says so', async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  await signInKitchen(page);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const token = await customerToken(page.request);

  // Ready for pickup from the back office: both tickets leave the columns, on the open screen.
  const ready = await orderFromTwoBrands(page.request, token);
  await expect(page.getByRole('article', { name: `#${ready.id}` })).toHaveCount(2);
  await setOrderStatus(page.request, ready.id, 'Ready for pickup');
  await expect(page.getByRole('article', { name: `#${ready.id}` })).toHaveCount(0);
  // ...and on a screen loaded afterwards (no "Start" left for it anywhere).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Kitchen · ${KITCHEN.location}` })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: `#${ready.id}` })).toHaveCount(0);

  // Canceled (and refunded) from the back office: called off with a notice the cook dismisses.
  const canceled = await orderFromTwoBrands(page.request, token);
  await expect(page.getByRole('article', { name: `#${canceled.id}` })).toHaveCount(2);
  await setOrderStatus(page.request, canceled.id, 'Canceled');
  await expect(page.getByRole('article', { name: `#${canceled.id}` })).toHaveCount(0);
  const strip = page.getByRole('region', { name: 'Canceled: do not make' });
  await expect(strip).toBeVisible();
  // The demo's own orders may be canceled meanwhile too: this order's notices are found by number.
  const notice = (id: number, vendor: Vendor) =>
    strip.getByRole('listitem').filter({ hasText: `#${id} ${vendor.title}` });
  for (const vendor of [canceled.first, canceled.second])
    await expect(notice(canceled.id, vendor)).toContainText('Order canceled');
  await expect(page.getByRole('status').filter({ hasText: `Stop: #${canceled.id}` })).toHaveCount(1);
  await expectAccessible(page, 'kitchen display with a canceled order');
  await page.screenshot({ path: test.info().outputPath('kitchen-canceled-1400.png') });
  for (const vendor of [canceled.first, canceled.second]) {
    await strip.getByRole('button', { name: `Dismiss canceled #${canceled.id} ${vendor.title}` }).click();
    await expect(notice(canceled.id, vendor)).toHaveCount(0);
  }

  // Refunded in full (the card provider took it) while in the kitchen: called off too.
  const refunded = await orderFromTwoBrands(page.request, token);
  await expect(page.getByRole('article', { name: `#${refunded.id}` })).toHaveCount(2);
  const admin = await staffToken(page.request, 'super_admin');
  const payment = await page.request.get(`/api/v1/payments/orders/${refunded.id}/`, {
    headers: { Authorization: `Token ${admin}` },
  });
  const { payment: paid } = (await payment.json()) as { payment: { refundable: number } };
  const refund = await page.request.post('/api/v1/payments/refunds/', {
    headers: { Authorization: `Token ${admin}` },
    data: { order_id: refunded.id, amount: paid.refundable, reason: 'Customer changed their mind' },
  });
  expect(refund.ok(), await refund.text()).toBe(true);
  await expect(page.getByRole('article', { name: `#${refunded.id}` })).toHaveCount(0);
  for (const vendor of [refunded.first, refunded.second])
    await expect(notice(refunded.id, vendor)).toContainText('Refunded in full');
});

test('a DoorDash order the platform cancels leaves the kitchen display with a notice', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await signInKitchen(page);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  // The demo's DoorDash store of Reservoir's first brand (docs/marketplaces.md, "Try it locally").
  const [brand] = await getJson<Vendor[]>(page.request, '/api/v1/vendors/?kitchaco=1');
  const { meals } = await getJson<{ meals: (Meal & { meal_price: string })[] }>(
    page.request,
    `/api/v1/vendors/${brand!.id}/menu/`,
  );
  const meal = meals.find((m) => m.meal_subitem.length === 0) ?? meals[0]!;
  const externalId = `dd-e2e-${crypto.randomUUID()}`;
  const store = { merchant_supplied_id: `dd-1-${brand!.id}` };
  const doordash = (data: unknown) =>
    page.request.post('/api/v1/marketplaces/doordash/webhook/', {
      headers: { authorization: 'Bearer demo-doordash-webhook-token' },
      data,
    });
  const created = await doordash({
    event: { type: 'OrderCreate', status: 'NEW' },
    order: {
      id: externalId,
      store,
      consumer: { first_name: 'Ottoline', phone: '+61400333444' },
      categories: [
        {
          name: 'Mains',
          items: [{ name: meal.meal_name, quantity: 1, price: Math.round(Number(meal.meal_price) * 100) }],
        },
      ],
      subtotal: Math.round(Number(meal.meal_price) * 100),
      tax: 0,
      is_pickup: false,
      fulfillment_type: 'dx_delivery',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  // The worker stores it and the ticket arrives on the open screen.
  const ticket = page.getByRole('article').filter({ hasText: 'Ottoline' }).filter({ hasText: 'DoorDash' });
  await expect(ticket).toHaveCount(1, { timeout: scaled(30_000) });
  const orderNumber = (await ticket.getByRole('heading', { level: 3 }).innerText()).match(/#(\d+)/)?.[1];
  expect(orderNumber).toBeTruthy();

  const cancel = await doordash({ external_order_id: externalId, store, is_asap: true });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  await expect(ticket).toHaveCount(0, { timeout: scaled(30_000) });
  const strip = page.getByRole('region', { name: 'Canceled: do not make' });
  await expect(
    strip.getByRole('listitem').filter({ hasText: `#${orderNumber} ${brand!.title}` }),
  ).toContainText('Order canceled');
});

test('the pickup board says plainly when its link is wrong or missing', async ({ page }) => {
  // A counter screen loads the board's own small chunk, not the staff pages' or the kitchen display's
  // (it was blank for seconds while those loaded: issue 38).
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/pickup-board?display=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This pickup board link does not work' })).toBeVisible();
  await expectAccessible(page, 'pickup board, wrong link');
  expect(scripts.some((path) => path.includes('pickup-board-page'))).toBe(true);
  expect(scripts.filter((path) => /staff-routes|kitchen-pages|ticket-card|staff-frame/.test(path))).toEqual(
    [],
  );
  await page.goto('/pickup-board');
  await expect(page.getByRole('heading', { name: 'This screen has no pickup board link' })).toBeVisible();
});

test('a super admin chooses a location from the navigation; an operator opens the pickup board link', async ({
  page,
}) => {
  await loginAs(page, 'super_admin');
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Kitchen display' })
    .click();
  await expect(page).toHaveURL(/\/kitchen$/);
  await page.getByRole('link', { name: KITCHEN.location }).click();
  await expect(page).toHaveURL(/\/kitchen\?location=1$/);
  await expect(page.getByRole('heading', { level: 1, name: `Kitchen · ${KITCHEN.location}` })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Open pickup board' })).toHaveAttribute(
    'href',
    /\/pickup-board\?display=\S+$/,
  );
  await page.keyboard.press('Escape');

  // The operator's orders page offers the link and a new one, asking first.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await loginAs(page, 'operator');
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  const panel = page.getByRole('region', { name: 'Pickup board' });
  const open = panel.getByRole('link', { name: 'Open pickup board' });
  const old = await open.getAttribute('href');
  await panel.getByRole('button', { name: 'Make a new link' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make a new pickup board link?' });
  await expectAccessible(page, 'new pickup board link confirmation');
  const rotated = queryCallAnswer(page, 'pickup_board_link');
  await confirm.getByRole('button', { name: 'Make a new link' }).click();
  expect((await rotated).request().postDataJSON()).toMatchObject({ rotate: true });
  await expect(open).not.toHaveAttribute('href', old ?? '');
  const response = await page.request.get(
    `/api/v1/pickup-board/?display=${new URL(old ?? '').searchParams.get('display')}`,
  );
  expect(response.status(), 'the old link stops working').toBe(404);
});

test('the kitchen display links its web app manifest; the customer pages do not', async ({ page }) => {
  await page.goto('/kitchen');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/kitchen.webmanifest');
  const response = await page.request.get('/kitchen.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Kitchaco Kitchen', start_url: '/kitchen', display: 'standalone' });
  for (const icon of manifest.icons) {
    expect((await page.request.get(icon.src)).ok(), `icon ${icon.src}`).toBe(true);
  }
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectAccessible(page, 'kitchen sign-in');

  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
});
