// Prints one line `N passed, N failed` over the JSON results of every run in test-results/,
// plus any extra failed steps passed as arguments (e.g. typecheck, lint).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const dir = join(root, 'test-results');
let passed = 0;
let failed = Number(process.argv[2] ?? 0);
let skipped = 0;
for (const file of existsSync(dir) ? readdirSync(dir) : []) {
  if (!file.endsWith('.json')) continue;
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (file.startsWith('vitest')) {
    passed += data.numPassedTests ?? 0;
    // A file that fails to load fails no single test: count such suites as failures too.
    failed += Math.max(data.numFailedTests ?? 0, data.numFailedTestSuites ?? 0);
    skipped += (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  } else if (
    file.startsWith('soak') ||
    file.startsWith('side-by-side') ||
    file.startsWith('prod-smoke') ||
    file.startsWith('promtool')
  ) {
    // scripts/soak.mjs, scripts/side-by-side.mjs, scripts/prod-smoke.mjs and
    // scripts/check-alert-rules.mjs: each check (zero errors, every order once, orders of either
    // release on the other's kitchen display, the site served by the release, the alert rules'
    // unit tests, ...) is one test.
    const checks = data.checks ?? [];
    passed += checks.filter((c) => c.pass).length;
    failed += checks.filter((c) => !c.pass).length || (checks.length ? 0 : 1);
  } else if (file.startsWith('playwright')) {
    passed += (data.stats?.expected ?? 0) + (data.stats?.flaky ?? 0);
    failed += data.stats?.unexpected ?? 0;
    skipped += data.stats?.skipped ?? 0;
  }
  process.stdout.write(`  ${file}\n`);
}
// Skipped tests (e.g. PostgreSQL-only ones in the PGlite run) on their own line: the last line is
// exactly `N passed, N failed`.
if (skipped) process.stdout.write(`(${skipped} skipped: they run in another pass)\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
