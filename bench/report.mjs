// The table of current results in docs/performance.md, written from bench/results/*.json (issue 39):
// `node bench/report.mjs` rewrites it (npm run bench does at its end); `--check` only says whether
// the docs match the result files (scripts/bench-fresh.mjs runs it in CI).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_COVERS } from './provenance.mjs';

const root = new URL('../', import.meta.url).pathname;
const resultsDir = join(root, 'bench/results');
const docsFile = join(root, 'docs/performance.md');
const START =
  '<!-- bench-results:start (written by `node bench/report.mjs` from bench/results; do not edit) -->';
const END = '<!-- bench-results:end -->';

/** Every result file, by bench name, in the order of BENCH_COVERS. */
export function readResults() {
  const names = readdirSync(resultsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));
  const order = Object.keys(BENCH_COVERS);
  names.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b));
  return names.map((name) => [name, JSON.parse(readFileSync(join(resultsDir, `${name}.json`), 'utf8'))]);
}

const cell = (text) => String(text).replaceAll('|', '\\|');

function provenance(result) {
  const m = result.measured;
  const when = result.at ? result.at.slice(0, 16).replace('T', ' ') : '?';
  if (!m?.commit) return `${when} UTC, Node ${result.node ?? '?'}, no commit recorded`;
  const load = m.loadAverageAtStart ? `, load ${m.loadAverageAtStart[0]} on ${m.cores} cores` : '';
  return `${when} UTC, \`${m.commit.slice(0, 10)}\`${m.clean ? '' : ' + uncommitted changes'}, Node ${result.node}${load}`;
}

function value(budget) {
  if (budget.value === '' || budget.value === undefined) return '';
  const bound =
    budget.min !== undefined ? `>= ${budget.min}` : budget.max !== undefined ? `<= ${budget.max}` : '';
  return `${budget.value}${bound ? ` (${bound})` : ''}`;
}

/** The markdown between the markers. */
export function renderTable(results = readResults()) {
  const lines = [
    START,
    '',
    '| bench | measured | budget | value | result |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const [name, result] of results) {
    const budgets = result.budgets ?? [];
    if (budgets.length === 0) lines.push(`| ${name} | ${cell(provenance(result))} | (no budget) | | |`);
    budgets.forEach((b, i) => {
      const measured = i === 0 ? cell(provenance(result)) : '';
      lines.push(
        `| ${i === 0 ? name : ''} | ${measured} | ${cell(b.label)} | ${cell(value(b))} | ${b.pass ? 'pass' : '**fail**'} |`,
      );
    });
  }
  lines.push('', END);
  return lines.join('\n');
}

/** docs/performance.md with the table replaced (it must hold both markers). */
export function withTable(docs, table = renderTable()) {
  const start = docs.indexOf(START);
  const end = docs.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`docs/performance.md: the markers of the results table are missing (${START})`);
  return docs.slice(0, start) + table + docs.slice(end + END.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const docs = readFileSync(docsFile, 'utf8');
  const next = withTable(docs);
  if (process.argv.includes('--check')) {
    if (next !== docs) {
      process.stderr.write('docs/performance.md does not show bench/results: run `node bench/report.mjs`.\n');
      process.exitCode = 1;
    }
  } else if (next !== docs) {
    writeFileSync(docsFile, next);
    process.stdout.write('docs/performance.md: results table rewritten from bench/results\n');
  }
}
