// `npm run bench`: builds what is stale, runs every benchmark one after the other (they share two
// cores: never side by side), and prints one table of budgets. Results: bench/results/*.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded, run } from '../scripts/lib.mjs';
import { resultsDir } from './lib.mjs';
import { busyReason } from './provenance.mjs';

const ALL = [
  'web-size',
  'lighthouse',
  'http',
  'writes',
  'kitchen',
  'overload',
  'scale',
  'observability',
  'screens',
];
const only = process.argv.slice(2);
const chosen = only.length ? ALL.filter((b) => only.includes(b)) : ALL;

// Before anything of ours loads the machine (the build included).
const busy = busyReason();
if (busy) {
  process.stderr.write(`${busy}\n`);
  process.exit(2);
}

const built = await buildIfNeeded();
if (built !== 0) process.exit(built);

let failed = 0;
const table = [];
for (const name of chosen) {
  process.stdout.write(`\n== ${name}\n`);
  const file = name === 'web-size' ? 'web-size.mjs' : `${name}.bench.mjs`;
  const started = Date.now();
  const code = await run(process.execPath, [join(import.meta.dirname, file)]);
  if (code !== 0) failed++;
  try {
    const { at, budgets = [] } = JSON.parse(readFileSync(join(resultsDir, `${name}.json`), 'utf8'));
    // A bench that broke off leaves an earlier run's file: never show it as this run's figures.
    if (!(Date.parse(at) >= started)) throw new Error('stale');
    for (const b of budgets) table.push([name, b]);
  } catch {
    table.push([name, { label: 'no result written', pass: false, value: '' }]);
  }
}

process.stdout.write('\n| bench | budget | measured | result |\n| --- | --- | --- | --- |\n');
for (const [name, b] of table)
  process.stdout.write(`| ${name} | ${b.label} | ${b.value} | ${b.pass ? 'pass' : 'FAIL'} |\n`);
// docs/performance.md shows the result files as they now are.
await run(process.execPath, [join(import.meta.dirname, 'report.mjs')]);
process.exitCode = failed ? 1 : 0;
