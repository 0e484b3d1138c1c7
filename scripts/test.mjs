// `npm test`: every test. Unit and server tests (Vitest; PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys in the system Chromium. Without Chromium the
// browser journeys are skipped loudly, except with CI=true where a missing browser is a failure.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bin, chromiumPath, root, run } from './lib.mjs';

const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const unit = await run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, `vitest-${label}.json`)}`,
]);

let browser = 0;
if (chromiumPath()) {
  browser = await run(process.execPath, [join(root, 'scripts/e2e.mjs')], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'playwright.json') },
  });
} else {
  const banner = '='.repeat(78);
  process.stderr.write(
    `\n${banner}\n  BROWSER TESTS SKIPPED: no Chromium at /usr/bin/chromium (or CHROMIUM_PATH).\n  Install it with:  sudo apt-get install -y chromium   then run npm test again.\n${banner}\n\n`,
  );
  if (process.env.CI === 'true') browser = 1;
}
process.exitCode = unit !== 0 ? unit : browser;
