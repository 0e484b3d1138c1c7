import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_CUSTOMER_PHONE = '+61400000000';

export type StaffRole = 'super_admin' | 'operator' | 'stock_user' | 'stock_admin';
export type Role = 'customer' | StaffRole;

/** The demo staff accounts, the page each signs in at (and returns to on logout), and its login call. */
export const STAFF_ACCOUNTS: Record<StaffRole, { email: string; page: string; loginCall: string }> = {
  super_admin: { email: 'admin@demo.test', page: '/admin', loginCall: '/api/v1/admin-data/' },
  operator: { email: 'operator@demo.test', page: '/operator-admin', loginCall: '/api/v1/admin-data/' },
  stock_user: { email: 'stock@demo.test', page: '/stock', loginCall: '/api/v1/stock-login/' },
  stock_admin: {
    email: 'stockadmin@demo.test',
    page: '/stock-admin',
    loginCall: '/api/v1/stock-admin-user/',
  },
};

/**
 * Every test's page fails on an unexpected console error or uncaught exception. The browser's own
 * "Failed to load resource" lines are expected: wrong sign-ins answer 4xx on purpose.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(`console.error: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, 'unexpected errors in the browser').toEqual([]);
  },
});

const OPEN_MODAL = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';

/**
 * Runs axe on the current screen and fails on serious or critical violations. While a modal dialog
 * is open only the dialog is scanned: the page behind it is inert (and was scanned before it
 * opened), and a long page (a stock list of every item) takes axe seconds per pass. `include`
 * scopes a scan to what a step changed, for the same reason.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  { include }: { include?: string } = {},
): Promise<void> {
  // Let opening modals and menus finish their transitions (spinners run forever and are skipped).
  // Mantine starts a transition a frame or two after mounting, so no animation may be running yet
  // while a dialog is still see-through: wait for every open dialog to be fully opaque too.
  await page.waitForFunction((modal) => {
    const settled = document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
    const opaque = [...document.querySelectorAll(modal)].every((dialog) => {
      for (let el: Element | null = dialog; el; el = el.parentElement)
        if (getComputedStyle(el).opacity !== '1') return false;
      return true;
    });
    return settled && opaque;
  }, OPEN_MODAL);
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const scope = include ?? ((await page.locator(OPEN_MODAL).count()) > 0 ? OPEN_MODAL : undefined);
  if (scope) axe.include(scope);
  const { violations } = await axe.analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')})`,
    );
  expect(blocking, `accessibility of ${screen}`).toEqual([]);
  expect(await keyboardProblems(page), `keyboard reach of ${screen}`).toEqual([]);
}

/**
 * Controls a keyboard user cannot reach on the current screen: a visible, enabled control taken out
 * of the tab order (unless it belongs to a roving-focus group whose current member is in it, or to a
 * listbox or menu driven by arrow keys), and an element that looks clickable (it sets a pointer
 * cursor) without being, or being inside, a control.
 */
async function keyboardProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[contenteditable="true"]',
      ...[
        'button',
        'link',
        'tab',
        'checkbox',
        'radio',
        'switch',
        'menuitem',
        'option',
        'combobox',
        'slider',
      ].map((role) => `[role="${role}"]`),
    ].join(',');
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      if (el.closest('[inert], [aria-hidden="true"]')) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${(
        el.getAttribute('aria-label') ??
        el.textContent ??
        ''
      )
        .trim()
        .slice(0, 40)}"`;
    const problems: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
      if (!shown(el) || el.tabIndex >= 0) continue;
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
      // Arrow keys move within these: one member (or the owner) holds the tab stop.
      if (el.closest('[role="listbox"], [role="menu"], [role="grid"], [role="tree"]')) continue;
      const group = el.closest('[role="tablist"], [role="radiogroup"], [role="toolbar"]');
      if (group && [...group.querySelectorAll<HTMLElement>(CONTROLS)].some((m) => m.tabIndex >= 0)) continue;
      problems.push(`not in the tab order: ${describe(el)}`);
    }
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(el).cursor !== 'pointer') continue;
      // Only where the pointer cursor starts: children inherit it.
      if (el.parentElement && getComputedStyle(el.parentElement).cursor === 'pointer') continue;
      if (el.closest(CONTROLS) || el.closest('label') || !shown(el)) continue;
      if (el.tabIndex >= 0) continue;
      problems.push(`clickable but not focusable: ${describe(el)}`);
    }
    return problems;
  });
}

/**
 * Square's sandbox test cards, as the demo's stand-in of Square's card form takes them
 * (apps/web/src/features/checkout/payments/sandbox-cards.ts): the first is paid, the second declined.
 */
export const TEST_CARDS = { good: '4111 1111 1111 1111', declined: '4000 0000 0000 0002' } as const;

export interface TestCard {
  number?: string;
  expiry?: string;
  cvv?: string;
  postalCode?: string;
}

/** Types a card into checkout's card form (the test provider's stand-in): the good test card unless told. */
export async function fillTestCard(page: Page, card: TestCard = {}): Promise<void> {
  const form = page.getByRole('group', { name: 'Pay by card' });
  await form.getByRole('textbox', { name: 'Card number' }).fill(card.number ?? TEST_CARDS.good);
  await form.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill(card.expiry ?? '12/34');
  await form.getByRole('textbox', { name: 'Security code (CVV)' }).fill(card.cvv ?? '111');
  await form.getByRole('textbox', { name: 'Postcode' }).fill(card.postalCode ?? '3000');
}

interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  body: string;
}

export async function newestSmsId(request: APIRequestContext, phone: string): Promise<number> {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok(), 'the demo outbox answers').toBe(true);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages.find((m) => m.channel === 'sms' && m.to === phone)?.id ?? 0;
}

/** Waits for an SMS to `phone` newer than `afterId` in the demo outbox and returns its 4-digit code. */
export async function readSmsCode(
  request: APIRequestContext,
  phone: string,
  afterId: number,
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get('/api/dev/outbox')).json()) as {
          messages: OutboxMessage[];
        };
        const sms = messages.find((m) => m.channel === 'sms' && m.to === phone && m.id > afterId);
        code = /\b(\d{4})\b/.exec(sms?.body ?? '')?.[1] ?? '';
        return code;
      },
      { message: `an SMS code for ${phone} in the outbox`, timeout: 10_000 },
    )
    .toMatch(/^\d{4}$/);
  return code;
}

/** "+61400000000" -> "0400000000": what an Australian types with the country set to Australia. */
export function nationalAustralianNumber(phone: string): string {
  expect(phone.startsWith('+61'), 'an Australian test number').toBe(true);
  return `0${phone.slice(3)}`;
}

/**
 * Opens the header's Sign In modal, asks for a code for `phone` and returns the code from the demo
 * outbox, with the code entry showing.
 */
export async function requestSmsCode(page: Page, phone: string): Promise<string> {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const code = await sendCodeInOpenDialog(page, phone);
  await expectAccessible(page, 'code entry');
  return code;
}

/** In the open "Sign in" dialog: types `phone`, sends, and returns the code once its entry has focus. */
async function sendCodeInOpenDialog(page: Page, phone: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'phone entry');
  const afterId = await newestSmsId(page.request, phone);
  await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(nationalAustralianNumber(phone));
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = await readSmsCode(page.request, phone, afterId);
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 4' })).toBeFocused();
  return code;
}

/**
 * Finishes a customer sign-in in the "Sign in" dialog already open on the page (checkout opens it by
 * itself): number, code from the demo outbox, then the reload a customer with a full profile gets.
 */
export async function signInInOpenDialog(page: Page, phone: string): Promise<void> {
  const code = await sendCodeInOpenDialog(page, phone);
  const reloaded = page.waitForEvent('load');
  await page.keyboard.type(code);
  await reloaded;
}

export interface SignedIn {
  /** The welcome line or header name that proves the sign-in. */
  name: string;
}

/** A public GET of the API, answered 200, as JSON. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

/** Signs in as a demo account and waits until the signed-in screen shows. */
export async function loginAs(page: Page, role: Role): Promise<SignedIn> {
  if (role === 'customer') {
    await page.goto('/');
    const code = await requestSmsCode(page, DEMO_CUSTOMER_PHONE);
    // A customer with a full profile gets a page reload; the header then shows the name.
    const reloaded = page.waitForEvent('load');
    await page.keyboard.type(code);
    await reloaded;
    const username = await customerName(page);
    await expect(page.getByRole('banner').getByRole('button', { name: username })).toBeVisible();
    return { name: username };
  }

  const account = STAFF_ACCOUNTS[role];
  await page.goto(account.page);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const login = page.waitForResponse((r) => new URL(r.url()).pathname === account.loginCall);
  await page.getByRole('button', { name: 'Login' }).click();
  const body = (await (await login).json()) as { data: { first_name: string; last_name: string } };
  const name = `Welcome ${body.data.first_name} ${body.data.last_name}`;
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  return { name };
}

/** The signed-in customer's name, asked from the server with the session the page keeps. */
async function customerName(page: Page): Promise<string> {
  const session = await page.evaluate(() => ({
    token: window.localStorage.getItem('kitchaco.customer.token'),
    userId: window.localStorage.getItem('kitchaco.customer.user_id'),
  }));
  expect(session.token, 'a customer session in browser storage').toBeTruthy();
  const response = await page.request.get(`/api/v1/customers/${session.userId}/`, {
    headers: { Authorization: `Token ${session.token}` },
  });
  expect(response.status()).toBe(200);
  const { username } = (await response.json()) as { username: string | null };
  expect(username, 'the demo customer has a name').toBeTruthy();
  return username ?? '';
}

/** Keys the web app keeps in localStorage, as the page sees them. */
export function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage));
}

// ---------------------------------------------------------------- card-paid orders, set up through the API

/** A staff member's token, signed in through the API: for setting a journey up, never what it tests. */
export async function staffToken(request: APIRequestContext, role: StaffRole): Promise<string> {
  const account = STAFF_ACCOUNTS[role];
  const response = await request.post(account.loginCall, {
    data: {
      query_type: role === 'stock_user' || role === 'stock_admin' ? 'login' : 'admin_login',
      email: account.email,
      password: DEMO_PASSWORD,
    },
  });
  expect(response.ok(), `${role} signs in`).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** The demo customer's token, signed in through the API with the code from the demo outbox. */
export async function customerToken(
  request: APIRequestContext,
  phone = DEMO_CUSTOMER_PHONE,
): Promise<string> {
  const afterId = await newestSmsId(request, phone);
  const sent = await request.post('/api/v1/send-sms/', { data: { phone } });
  expect(sent.ok(), 'a sign-in code is sent').toBe(true);
  const code = await readSmsCode(request, phone, afterId);
  const login = await request.post('/api/v1/login-phone/', { data: { phone, code } });
  expect(login.ok(), 'the customer signs in').toBe(true);
  return ((await login.json()) as { token: string }).token;
}

export interface CardOrder {
  id: number;
  total: number;
  lines: { meal_name: string; quantity: number; line_total: number }[];
}

/**
 * Places a card-paid pickup order at Reservoir (location 1) as the demo customer, as checkout does:
 * the cart and Square's sandbox token that pays (`cnon:card-nonce-ok`), which the demo's test
 * provider charges at once, like Square's sandbox. Two lines: two of one meal and one of another.
 */
export async function placeCardOrder(request: APIRequestContext): Promise<CardOrder> {
  const token = await customerToken(request);
  const vendors = (await (await request.get('/api/v1/vendors/?kitchaco=1')).json()) as { id: number }[];
  const meals: { id: number; meal_subitem: { id: number }[] }[] = [];
  for (const vendor of vendors) {
    const menu = (await (await request.get(`/api/v1/vendors/${vendor.id}/menu/`)).json()) as {
      meals: { id: number; meal_subitem: { id: number }[] }[];
    };
    meals.push(...menu.meals);
    if (meals.length >= 2) break;
  }
  const [first, second] = meals;
  if (!first || !second) throw new Error('The demo data needs two meals at Reservoir');
  const line = (meal: { id: number; meal_subitem: { id: number }[] }, quantity: number) => ({
    meal_id: meal.id,
    quantity,
    ...(meal.meal_subitem[0] ? { subitem_id: meal.meal_subitem[0].id } : {}),
  });
  const placed = await request.post('/api/v1/orders/', {
    headers: { Authorization: `Token ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      checkout: { kitchaco: 1, order_type: 'pickup', lines: [line(first, 2), line(second, 1)] },
      payment: { source_id: 'cnon:card-nonce-ok' },
    },
  });
  expect(placed.status(), 'the card-paid order is placed').toBe(200);
  const { order } = (await placed.json()) as { order: CardOrder };
  return { id: order.id, total: order.total, lines: order.lines };
}

/** Today as the business counts it (Melbourne): '2026-11-25'. */
export function businessToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date());
}

/**
 * Opens the super admin's order list on one order of today at Reservoir (the filters the list keeps
 * in browser storage, and a search by its number), expanded. Returns the expanded details.
 */
export async function openAdminOrder(page: Page, orderId: number) {
  const today = businessToday();
  await page.evaluate((day) => {
    window.localStorage.setItem('kitchaco.report.location_id', '1');
    window.localStorage.setItem('kitchaco.report.start_date', day);
    window.localStorage.setItem('kitchaco.report.end_date', day);
  }, today);
  await page.goto(`/admin-orders?q=${orderId}`);
  const details = page.getByRole('button', { name: `Details of order #${orderId}` });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  return page.locator(`#customer-order-${orderId}`);
}

/**
 * Sends a Square webhook notification to the demo server, signed as Square signs it: base64
 * HMAC-SHA256 of the notification URL followed by the body, with the signature key the server uses
 * outside production when none is set (docs/payments.md, "Webhooks"). It stands in for Square, the
 * outside world: a terminal signing in with a device code, for instance.
 */
export async function sendSquareWebhook(
  request: APIRequestContext,
  type: string,
  object: Record<string, unknown>,
): Promise<void> {
  const { createHmac } = await import('node:crypto');
  const port = new URL(test.info().project.use.baseURL ?? '').port;
  const body = JSON.stringify({
    merchant_id: 'MLDEMO000000',
    type,
    event_id: crypto.randomUUID(),
    created_at: new Date().toISOString(),
    data: { type: Object.keys(object)[0], object },
  });
  const signature = createHmac('sha256', 'demo-square-signature-key')
    .update(`http://localhost:${port}/api/v1/square/webhook/`)
    .update(body)
    .digest('base64');
  const response = await request.post('/api/v1/square/webhook/', {
    headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature },
    data: body,
  });
  expect(response.status(), `the ${type} webhook is accepted`).toBe(200);
}

/** The answer of a `query_type` call (on the admin-data endpoint unless another is named), awaited. */
export const queryCallAnswer = (page: Page, queryType: string, path = '/api/v1/admin-data/') =>
  page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === path &&
      r.request().method() === 'POST' &&
      (r.request().postDataJSON() as { query_type?: string }).query_type === queryType,
  );

/** Opens a select and picks the (first) option of that name. */
export async function chooseOption(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

export interface StockAccount {
  email: string;
  deliveryDays: string[];
}

/** The demo stock users with their locations' delivery days, as the stock login reports them. */
export async function stockAccounts(page: Page): Promise<StockAccount[]> {
  const emails = ['stock@demo.test', ...[2, 3, 4, 5, 6].map((n) => `stock${n}@demo.test`)];
  return Promise.all(
    emails.map(async (email) => {
      const response = await page.request.post('/api/v1/stock-login/', {
        data: { query_type: 'login', email, password: DEMO_PASSWORD },
      });
      expect(response.ok(), `${email} signs in`).toBe(true);
      const { data } = (await response.json()) as { data: { delivery_day: string | null } };
      return { email, deliveryDays: (data.delivery_day ?? '').split(',').map((d) => d.trim()) };
    }),
  );
}

/** Today's weekday where the demo locations are (Melbourne), as the server decides edit windows. */
export function melbourneWeekday(): string {
  return new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone: 'Australia/Melbourne' }).format(
    new Date(),
  );
}
