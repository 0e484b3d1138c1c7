// Gzipped initial JavaScript per area of the web app: what the browser loads before an area's first
// screen renders. The build's first-screen plugin (apps/web/vite.config.ts) writes
// .vite/first-screens.json: the entry's files with their static imports, and for each first address
// the route chunks the router loads lazily, with theirs (the same lists its preloader requests). Each
// file counts once, gzipped on its own as it is served. Budgets: customer 120 KiB (issue 25), landing
// 150, staff and back office 300 KiB. `node bench/web-size.mjs` after `npm run build` (or WEB_OUT=<dir> for a
// build elsewhere).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budget, root, writeResult } from './lib.mjs';

const dist = process.env.WEB_OUT ?? join(root, 'apps/web/dist');
const report = JSON.parse(readFileSync(join(dist, '.vite/first-screens.json'), 'utf8'));

/** Each area's first address, as the router matches it (`www`: the landing host). */
const AREAS = {
  customer: { first: '/', www: false, maxKiB: 120 },
  staff: { first: '/stock', www: false, maxKiB: 300 },
  'back office': { first: '/admin', www: false, maxKiB: 300 },
  landing: { first: '/welcome', www: false, maxKiB: 150 },
};

const gzipKiB = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const results = {};
const budgets = [];
for (const [area, def] of Object.entries(AREAS)) {
  const route = report.routes.find((r) => new RegExp(r.path).test(def.first) && r.www === def.www);
  if (!route) throw new Error(`no first-screen route for ${def.first}: update apps/web/vite.config.ts`);
  const files = [...new Set([...report.entry, ...route.files])].filter((f) => f.endsWith('.js'));
  for (const f of files) if (!existsSync(join(dist, f))) throw new Error(`${f} is listed but not built`);
  const kib = files.reduce((sum, f) => sum + gzipKiB(f), 0);
  results[area] = { firstScreen: def.first, chunks: files.length, gzipKiB: Math.round(kib * 10) / 10 };
  budgets.push(budget(`${area} initial JS gzip KiB <= ${def.maxKiB}`, kib, { max: def.maxKiB }));
}

const file = writeResult('web-size', { results, budgets });
for (const [area, r] of Object.entries(results)) {
  process.stdout.write(
    `${area.padEnd(10)} ${String(r.gzipKiB).padStart(7)} KiB gzip in ${r.chunks} chunks (${r.firstScreen})\n`,
  );
}
for (const b of budgets) process.stdout.write(`${b.pass ? 'PASS' : 'FAIL'} ${b.label}: ${b.value}\n`);
process.stdout.write(`-> ${file}\n`);
if (budgets.some((b) => !b.pass)) process.exitCode = 1;
