// Gzipped initial JavaScript per area of the web app, from Vite's build manifest: the entry plus the
// route modules an area's first screen loads, with every chunk they import statically, plus any other
// script index.html loads (the first-screen preloader). Budgets:
// customer and landing 150 KiB, staff and back office 300 KiB. `node bench/web-size.mjs` after
// `npm run build` (or WEB_OUT=<dir> for a build elsewhere).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budget, root, writeResult } from './lib.mjs';

const dist = process.env.WEB_OUT ?? join(root, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** The modules each area's first screen loads (the router's lazy imports for that address). */
const AREAS = {
  customer: {
    first: '/',
    modules: ['src/app/layouts/customer-layout.tsx', 'src/app/routes/customer/home-page.tsx'],
    maxKiB: 150,
  },
  staff: { first: '/stock', modules: ['src/app/routes/staff/staff-pages.tsx'], maxKiB: 300 },
  'back office': { first: '/admin', modules: ['src/app/routes/admin/admin-page.tsx'], maxKiB: 300 },
  landing: { first: '/welcome', modules: ['src/app/routes/landing/landing-pages.tsx'], maxKiB: 150 },
};

function chunksOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of entry.imports ?? []) chunksOf(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
/** Scripts index.html loads besides the entry (not in the manifest's import graph). */
const htmlScripts = [
  ...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g),
]
  .map((m) => m[1])
  .filter((f) => f !== manifest[entryKey].file);
const results = {};
const budgets = [];
for (const [area, def] of Object.entries(AREAS)) {
  const keys = new Set(chunksOf(entryKey));
  for (const module of def.modules) {
    if (!manifest[module])
      throw new Error(`${module} is not in the build manifest: update bench/web-size.mjs`);
    for (const k of chunksOf(module)) keys.add(k);
  }
  const files = [...[...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')), ...htmlScripts];
  const gzipBytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length,
    0,
  );
  const kib = gzipBytes / 1024;
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
