import { defineConfig } from '@playwright/test';
import { scaled } from './e2e/machine';

/**
 * Browser journeys against the built app served by the real server (fresh PGlite demo database),
 * in the system Chromium. Playwright never downloads a browser here.
 */
const PORT = Number(process.env.E2E_PORT ?? 3211);
const root = new URL('../../', import.meta.url).pathname;
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // 60 s and 10 s on a 4-core machine at rest; longer on a smaller or busier one (e2e/machine.ts).
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: `${root}test-results/playwright-artifacts-${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1400, height: 900 },
    // Recording a trace costs a journey about a quarter of its time: CI keeps one for a retried
    // journey; E2E_TRACE=1 keeps one for every failing journey (the way to debug one locally).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumFlags,
    },
  },
  webServer: {
    command: `node ${root}apps/server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `${root}node_modules/.tmp/e2e-data-${PORT}`,
      WEB_DIST: process.env.WEB_OUT ?? `${root}apps/web/dist`,
      DEMO: 'true',
      DEMO_SCALE: '0.3',
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1: the per-address SMS limit is tested by the server tests.
      SMS_SENDS_PER_ADDRESS: '1000',
      SMS_SENDS_PER_PHONE: '1000',
      // New customers' numbers of one range, and a whole run's codes, are not the pumping the limits stop.
      SMS_SENDS_PER_PREFIX_PER_HOUR: '1000',
      SMS_DAILY_BUDGET: '100000',
      // The demo customer signs in from many journeys in one run: more than a person's day allows.
      SMS_SENDS_PER_PHONE_PER_DAY: '1000',
      // ...and places more orders than the card-testing limit lets one customer start in 10 minutes.
      CHECKOUT_ATTEMPTS_PER_CUSTOMER: '1000',
      OUTBOX_POLL_MS: '100',
      // No load shedding: a journey is not about it, and a busy machine's first seconds (the demo
      // seeded, the code cold) could answer its calls 503 (http/load-shedding.test.ts tests it).
      MAX_IN_FLIGHT: '0',
      MAX_QUEUE_MS: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // The app prompt's store buttons (e2e/app-prompt.spec.ts): listings as a deployment sets them.
      APP_STORE_URL: 'https://apps.apple.com/au/app/kitchaco/id6450000001',
      PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=com.kitchaco.app',
    },
  },
});
