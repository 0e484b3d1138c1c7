// Browser journeys: builds the app, then runs Playwright on the system Chromium (never a download).
// `--screens`: the screenshot comparisons of the key screens instead (apps/web/playwright.screens.config.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, buildIfNeeded, chromiumPath, freePort, root, run } from './lib.mjs';

const chromium = chromiumPath();
if (!chromium) {
  process.stderr.write('No Chromium found (install it with: apt-get install -y chromium).\n');
  process.exit(1);
}
const built = await buildIfNeeded({ quiet: true });
if (built !== 0) process.exit(built);
// The demo server's port: E2E_PORT, else one free now (so a running `npm start` is no obstacle).
const port = process.env.E2E_PORT ?? String(await freePort());
// One data directory per port, so journeys run side by side (E2E_PORT) never share a database.
rmSync(join(root, `node_modules/.tmp/e2e-data-${port}`), { recursive: true, force: true });
const screens = process.argv.includes('--screens');
const config = screens ? 'apps/web/playwright.screens.config.ts' : 'apps/web/playwright.config.ts';
process.exitCode = await run(
  bin('playwright'),
  ['test', '-c', config, ...process.argv.slice(2).filter((a) => a !== '--screens')],
  {
    env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', E2E_PORT: port },
  },
);
