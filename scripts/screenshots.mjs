// Screenshots of every screen at 1400 px, for a person to look at: `node scripts/screenshots.mjs
// [baseUrl] [outDir] [filter]` against a running demo (`npm start`). Signs in through the public API
// (SMS codes from the demo outbox) and stores the session where the web app keeps it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? 'test-results/screens';
const filter = process.argv[4] ?? '';
mkdirSync(out, { recursive: true });

const post = async (path, body, token) => {
  const res = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
};

let customer;
async function customerSession(phone = '+61400000000') {
  customer ??= signInCustomer(phone);
  return customer;
}

async function signInCustomer(phone) {
  const outbox = async () => (await (await fetch(new URL('/api/dev/outbox', base))).json()).messages;
  const before = (await outbox()).find((m) => m.to === phone)?.id ?? 0;
  await post('/api/v1/send-sms/', { phone });
  for (let i = 0; i < 50; i++) {
    const sms = (await outbox()).find((m) => m.to === phone && m.id > before);
    const code = /\b(\d{4})\b/.exec(sms?.body ?? '')?.[1];
    if (code) {
      const { token, user_id } = await post('/api/v1/login-phone/', { phone, code });
      return { 'kitchaco.customer.token': token, 'kitchaco.customer.user_id': String(user_id) };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no SMS code');
}

const STAFF = {
  admin: ['/api/v1/admin-data/', 'admin@demo.test', 'admin_login'],
  operator: ['/api/v1/admin-data/', 'operator@demo.test', 'admin_login'],
  stock: ['/api/v1/stock-login/', 'stock@demo.test', 'login'],
  stockadmin: ['/api/v1/stock-admin-user/', 'stockadmin@demo.test', 'login'],
};

async function staffSession(who) {
  const [path, email, query_type] = STAFF[who];
  const { data, token } = await post(path, { query_type, email, password: 'demo-password' });
  const keys = {
    'kitchaco.staff.token': token,
    'kitchaco.staff.email': email,
    'kitchaco.staff.first_name': data.first_name,
    'kitchaco.staff.last_name': data.last_name,
    'kitchaco.staff.kitchaco__id': String(data.kitchaco__id ?? data.kitchaco ?? ''),
    'kitchaco.staff.kitchaco__location': String(data.kitchaco__location ?? ''),
    'kitchaco.staff.is_operator': String(Boolean(data.is_operator)),
    'kitchaco.staff.is_super_admin': String(Boolean(data.is_super_admin)),
    'kitchaco.staff.is_stock_user': String(Boolean(data.is_stock_user)),
    'kitchaco.staff.is_stock_admin': String(Boolean(data.is_stock_admin)),
  };
  return keys;
}

/**
 * [name, path, who, steps, width] — who: undefined (visitor), 'customer', or a STAFF key; steps
 * (optional) bring the screen to a state before the picture: ["tab", name], ["button", name],
 * ["link", name] (the first visible link of that exact name), ["select", label, option],
 * ["fill", label, text], ["file", fileName, content]; width (optional): the viewport's, 1400 else.
 * Map and Restaurants share `/` (the tab lives in the history entry, not the address): the
 * Restaurants pictures open `/` and click the tab's link, as a customer does.
 */
const SCREENS = [
  ['home-map', '/'],
  ['home-restaurants', '/', undefined, [['link', 'Restaurants']]],
  // Customer pages need 1350 px (the spec); a phone gets the app download prompt.
  ['home-phone', '/', undefined, [], 390],
  ['vendor', '/vendor:1'],
  ['cart', '/cart', 'customer'],
  ['orders', '/orders', 'customer'],
  ['stock', '/stock', 'stock'],
  ['stock-admin', '/stock-admin', 'stockadmin'],
  ['admin', '/admin', 'admin'],
  ['operator', '/operator-admin', 'operator'],
  ['marketplaces', '/admin-marketplaces', 'admin'],
  ['kiosks', '/admin-kiosks', 'admin'],
  ['landing', '/welcome'],
  ['our-brands', '/our-brands'],
  ['franchising-info', '/franchising-info'],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const extra = process.env.SCREENS ? JSON.parse(process.env.SCREENS) : [];
for (const [name, path, who, steps, width = 1400] of [...SCREENS, ...extra]) {
  if (filter && !name.includes(filter)) continue;
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  const storage = who === 'customer' ? await customerSession() : who ? await staffSession(who) : {};
  await context.addInitScript((entries) => {
    if (!window.sessionStorage.getItem('screens.init')) {
      for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
      window.sessionStorage.setItem('screens.init', '1');
    }
  }, storage);
  const page = await context.newPage();
  await page.goto(new URL(path, base).href);
  // Live pages hold an event stream open, so the network never goes idle: wait for it briefly.
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => {});
  await page.waitForTimeout(800);
  for (const [kind, a, b] of steps ?? []) {
    if (kind === 'tab') await page.getByRole('tab', { name: a }).click();
    else if (kind === 'button') await page.getByRole('button', { name: a, exact: true }).first().click();
    else if (kind === 'link')
      await page.getByRole('link', { name: a, exact: true }).locator('visible=true').first().click();
    else if (kind === 'fill') await page.getByLabel(a).first().fill(b);
    else if (kind === 'file') {
      await page
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: a, mimeType: 'text/csv', buffer: Buffer.from(b) });
    } else if (kind === 'select') {
      await page.getByRole('combobox', { name: a }).first().click();
      await page.getByRole('option', { name: b }).first().click();
    }
    await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => {});
    await page.waitForTimeout(600);
  }
  const file = join(out, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  process.stdout.write(`${file}\n`);
  await context.close();
}
await browser.close();
