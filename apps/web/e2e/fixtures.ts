import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

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

/** Runs axe on the current screen and fails on serious or critical violations. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Let opening modals and menus finish their transitions (spinners run forever and are skipped).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
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

interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  body: string;
}

async function newestSmsId(request: APIRequestContext, phone: string): Promise<number> {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok(), 'the demo outbox answers').toBe(true);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages.find((m) => m.channel === 'sms' && m.to === phone)?.id ?? 0;
}

/** Waits for an SMS to `phone` newer than `afterId` in the demo outbox and returns its 4-digit code. */
async function readSmsCode(request: APIRequestContext, phone: string, afterId: number): Promise<string> {
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
function nationalAustralianNumber(phone: string): string {
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
