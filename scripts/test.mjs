// `npm test`: every test. Unit and server tests (Vitest; PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys in the system Chromium. Without Chromium the
// browser journeys are skipped loudly, except with CI=true where a missing browser is a failure.
import { mkdirSync, readFileSync } from 'node:fs';
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

announceSkipped(join(results, `vitest-${label}.json`));

/**
 * Tests that need the PostgreSQL server (locks, LISTEN, outages) skip themselves on PGlite: say
 * which, and how to run them, rather than let them pass unnoticed.
 */
function announceSkipped(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  const skipped = report.testResults.flatMap((f) =>
    f.assertionResults
      .filter((t) => t.status === 'skipped' || t.status === 'pending')
      .map((t) => `  - ${f.name.replace(`${root}/`, '')}: ${t.fullName}`),
  );
  if (skipped.length === 0) return;
  process.stdout.write(
    `\n${skipped.length} test(s) skipped${label === 'pglite' ? ' (they need the PostgreSQL server)' : ''}:\n${skipped.join('\n')}\n` +
      (label === 'pglite'
        ? 'Run them with: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server\n\n'
        : '\n'),
  );
}

let browser = 0;
if (chromiumPath()) {
  browser = await run(process.execPath, [join(root, 'scripts/e2e.mjs')], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'playwright.json') },
  });
  // The key screens compared with their accepted pictures (a demo on a fixed clock of its own).
  const screens = await run(process.execPath, [join(root, 'scripts/e2e.mjs'), '--screens'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'playwright-screens.json') },
  });
  browser ||= screens;
} else {
  const banner = '='.repeat(78);
  process.stderr.write(
    `\n${banner}\n  BROWSER TESTS SKIPPED: no Chromium at /usr/bin/chromium (or CHROMIUM_PATH).\n  Install it with:  sudo apt-get install -y chromium   then run npm test again.\n${banner}\n\n`,
  );
  if (process.env.CI === 'true') browser = 1;
}
process.exitCode = unit !== 0 ? unit : browser;
