import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, expectAccessible, loginAs, nationalAustralianNumber } from './fixtures';
import { scaled } from './machine';

/**
 * The super admin's health page with a failing SMS provider. The shard's demo server keeps its SMS
 * in the outbox (the local stand-in), so this journey starts a demo server of its own whose Twilio
 * settings point at a stand-in answering every message 401 with Twilio's own error body
 * (20003 "Authenticate", https://www.twilio.com/docs/api/errors/20003): a customer asks for a
 * sign-in code, the outbox worker fails it, and the super admin sees Twilio failing, the failed SMS
 * in the outbox table, and puts it back with Retry.
 */

const root = new URL('../../../', import.meta.url).pathname;
const PHONE = '+61400000777';

/** Twilio refusing our credentials, as its API answers (https://www.twilio.com/docs/usage/twilios-response). */
async function failingTwilio(): Promise<{ server: Server; url: string; creates: () => number }> {
  let creates = 0;
  const server = createServer((request, response) => {
    if (request.method === 'POST') creates += 1;
    request.resume();
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    creates: () => creates,
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitUntilUp(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + scaled(120_000);
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the demo server ended (${server.exitCode}):\n${output()}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the demo server did not start in time:\n${output()}`);
}

const test = base.extend<object, { failingSmsServer: { url: string; twilioCreates: () => number } }>({
  failingSmsServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from it.
    async ({}, use) => {
      const twilio = await failingTwilio();
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'kitchaco-health-e2e-'));
      let output = '';
      const server = spawn(process.execPath, [`${root}apps/server/dist/main.js`], {
        env: {
          ...process.env,
          // The demo's settings, as the shard's server (playwright.config.ts): never production.
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIST: process.env.WEB_OUT ?? `${root}apps/web/dist`,
          DEMO: 'true',
          DEMO_SCALE: '0.05',
          LOG_LEVEL: 'warn',
          OUTBOX_POLL_MS: '100',
          // One attempt: a refused message is failed at once, for the super admin to retry.
          OUTBOX_MAX_ATTEMPTS: '1',
          TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
          TWILIO_AUTH_TOKEN: 'not-the-token',
          TWILIO_FROM: '+61400000001',
          TWILIO_API_URL: twilio.url,
          SMS_SENDS_PER_ADDRESS: '1000',
          SMS_SENDS_PER_PHONE: '1000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      server.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const url = `http://127.0.0.1:${port}`;
      try {
        await waitUntilUp(url, server, () => output);
        await use({ url, twilioCreates: twilio.creates });
      } finally {
        if (server.exitCode === null && server.signalCode === null) {
          const ended = new Promise((resolve) => server.once('exit', resolve));
          server.kill('SIGTERM');
          await ended;
        }
        await new Promise((resolve) => twilio.server.close(resolve));
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: scaled(180_000) },
  ],
  baseURL: async ({ failingSmsServer }, use) => use(failingSmsServer.url),
});

test('a super admin sees a failing SMS provider on the health page and retries the SMS', async ({
  page,
  failingSmsServer,
}) => {
  // A customer asks for a sign-in code: it is queued, and Twilio refuses it.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(nationalAustralianNumber(PHONE));
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 4' })).toBeVisible();
  await expect
    .poll(() => failingSmsServer.twilioCreates(), { message: 'the SMS reached Twilio' })
    .toBeGreaterThan(0);
  await page.evaluate(() => window.localStorage.clear());

  await loginAs(page, 'super_admin');
  await page.getByRole('link', { name: 'Health' }).click();
  await expect(page).toHaveURL(/\/admin-health$/);
  await expect(page.getByRole('heading', { name: 'Health', level: 2 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Updated \d\d:\d\d:\d\d/ })).toBeVisible();

  // The headline says SMS codes are failing, in words, with Twilio's reason.
  const headline = page.getByRole('region', { name: 'At a glance' });
  const smsLine = headline.getByRole('row', { name: /SMS codes/ });
  await expect(smsLine).toContainText('Failing');
  await expect(smsLine).toContainText('Twilio 20003: Authenticate');

  // Twilio's own row: failing, with its last error.
  const twilioRow = page
    .getByRole('region', { name: 'Providers' })
    .getByRole('row', { name: /Twilio \(SMS\)/ });
  await expect(twilioRow).toContainText('Failing');
  await expect(twilioRow).toContainText('Twilio 20003: Authenticate');
  await expect(twilioRow).toContainText('never');

  // The failed SMS in the outbox table, the number masked, with Retry.
  const outbox = page.getByRole('table', { name: 'Outbox messages' });
  const failedRow = outbox
    .getByRole('row', { name: /SMS #\d+/ })
    .filter({ hasText: '•••• 777' })
    .first();
  await expect(failedRow).toContainText('Failed');
  await expect(failedRow).toContainText('Twilio 20003: Authenticate');
  await expect(failedRow).not.toContainText(PHONE);
  await expectAccessible(page, 'the health page');
  await page.screenshot({ path: `${root}test-results/admin-health-1400.png`, fullPage: true });

  const retried = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/v1/admin-data/') &&
      r.request().postDataJSON()?.query_type === 'admin_outbox_retry',
  );
  const sentBefore = failingSmsServer.twilioCreates();
  await failedRow.getByRole('button', { name: /^Retry SMS #\d+$/ }).click();
  const answer = await retried;
  expect(answer.status()).toBe(200);
  await expect(page.getByText(/SMS #\d+ put back/)).toBeVisible();
  // The worker sends it again at once, and Twilio refuses it again: back to Failed.
  await expect.poll(() => failingSmsServer.twilioCreates()).toBeGreaterThan(sentBefore);
  // The table reads again (at once after Retry, then every 15 s): the message failed again.
  await expect(failedRow).toContainText('Failed', { timeout: scaled(40_000) });
  await expect(failedRow).toContainText('Twilio 20003: Authenticate');
  await expectAccessible(page, 'the health page after a retry');
});

test('a super admin runs the go-live check from the health page and reads what to fix', async ({ page }) => {
  await loginAs(page, 'super_admin');
  await page.getByRole('link', { name: 'Health' }).click();
  await expect(page).toHaveURL(/\/admin-health$/);

  const check = page.getByRole('region', { name: 'Go-live check' });
  await check.getByRole('button', { name: 'Check providers' }).click();
  await expect(check.getByRole('status')).toContainText('Not ready: fix the providers marked Problem.');
  const table = check.getByRole('table', { name: 'Go-live check' });

  // This server's Twilio settings are refused (the stand-in answers 401 to every call): one line
  // that says which settings to fix, the status in words, not colour alone.
  const twilioRow = table.getByRole('row', { name: /Twilio \(SMS\)/ });
  await expect(twilioRow).toContainText('Problem');
  await expect(twilioRow).toContainText(
    'Twilio answered 401 (20003): TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN is refused',
  );
  // The demo's stand-ins reach no provider: not configured, and not a problem outside production.
  await expect(table.getByRole('row', { name: /Square \(cards\)/ })).toContainText('Not configured');
  await expect(table.getByRole('row', { name: /Uber Eats/ })).toContainText(
    "the demo's credentials: the demo's stand-in answers, not Uber",
  );
  await expect(table.getByRole('row', { name: /^Deliveroo/ })).toContainText(
    "the demo's credentials: the demo's stand-in answers, not Deliveroo",
  );
  await expect(table.getByRole('row')).toHaveCount(8);
  await expectAccessible(page, 'the health page with the go-live check');
  await check.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${root}test-results/admin-health-provider-check-1400.png`, fullPage: true });
});
