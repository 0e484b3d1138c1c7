// Whether the benchmark results describe this code (issue 39): each bench/results/<name>.json must
// record a commit of this checkout's history, measured with the code committed, and no change to the
// code its bench covers (bench/provenance.mjs) may have landed since; docs/performance.md must show
// the result files as they are (bench/report.mjs). The benches themselves stay out of CI (too slow
// and too noisy on a shared machine): this check is what makes every change re-measure what it
// touched. `--report`: stale results are printed but do not fail (the docs must still match).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { staleness } from '../bench/provenance.mjs';
import { readResults, withTable } from '../bench/report.mjs';
import { root } from './lib.mjs';

const reportOnly = process.argv.includes('--report');
let stale = 0;
for (const [name, result] of readResults()) {
  const reason = staleness(root, name, result);
  if (reason) stale++;
  process.stdout.write(`${reason ? 'STALE' : 'ok   '}  ${name}${reason ? `: ${reason}` : ''}\n`);
}
const docsFile = join(root, 'docs/performance.md');
const docs = readFileSync(docsFile, 'utf8');
const docsMatch = withTable(docs) === docs;
process.stdout.write(
  docsMatch
    ? 'ok     docs/performance.md shows bench/results\n'
    : 'STALE  docs/performance.md does not show bench/results: run `node bench/report.mjs`\n',
);
if (stale || !docsMatch) {
  process.stdout.write(
    `\n${stale} result(s) do not describe this code${docsMatch ? '' : ', and the docs do not show the results'}: ` +
      'run `npm run bench -- <name>` on a quiet machine with the code committed, then commit the result.\n',
  );
  if (!reportOnly || !docsMatch) process.exitCode = 1;
}
