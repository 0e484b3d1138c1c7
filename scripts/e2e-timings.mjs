// Records how long each browser-journey file took in the last run (test-results/playwright*.json,
// written by `npm test`), into apps/web/e2e/timings.json: scripts/e2e.mjs balances its shards by it.
// Run after a full `npm test` when journeys were added or changed much; commit the file.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const dir = join(root, 'test-results');
const seconds = {};
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      const file = spec.file.split('/').pop();
      seconds[file] = (seconds[file] ?? 0) + ms / 1000;
    }
  }
  for (const child of suite.suites ?? []) walk(child);
};
const reports = existsSync(dir) ? readdirSync(dir).filter((f) => /^playwright(-\d+)?\.json$/.test(f)) : [];
if (reports.length === 0) {
  process.stderr.write('No journey results in test-results/: run npm test (or scripts/test.mjs) first.\n');
  process.exit(1);
}
for (const f of reports)
  for (const suite of JSON.parse(readFileSync(join(dir, f), 'utf8')).suites ?? []) walk(suite);
const sorted = Object.fromEntries(
  Object.entries(seconds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, s]) => [file, Math.round(s * 10) / 10]),
);
writeFileSync(join(root, 'apps/web/e2e/timings.json'), `${JSON.stringify(sorted, null, 2)}\n`);
process.stdout.write(
  `apps/web/e2e/timings.json: ${Object.keys(sorted).length} files from ${reports.join(', ')}\n`,
);
