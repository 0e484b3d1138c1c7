// Browser journeys: builds the app, then runs Playwright on the system Chromium (never a download).
// `--screens`: the screenshot comparisons of the key screens instead (apps/web/playwright.screens.config.ts).
//
// The whole suite runs in shards side by side (E2E_SHARDS, default the machine's cores, at most 4):
// each shard is its own Playwright process with its own demo server, port and database, and takes a
// share of the spec files balanced by their recorded durations (apps/web/e2e/timings.json; refresh it
// with `node scripts/e2e-timings.mjs` after a run). Named files or options (`node scripts/e2e.mjs
// kitchen.spec.ts`, `-g ...`) run one process, as before. E2E_PORT is the first port of the range
// the shards take (E2E_PORT, E2E_PORT + 1, ...), or the one process's port.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { bin, buildIfNeeded, chromiumPath, freePort, root, run } from './lib.mjs';

const chromium = chromiumPath();
if (!chromium) {
  process.stderr.write('No Chromium found (install it with: apt-get install -y chromium).\n');
  process.exit(1);
}
const built = await buildIfNeeded({ quiet: true });
if (built !== 0) process.exit(built);

const screens = process.argv.includes('--screens');
const config = screens ? 'apps/web/playwright.screens.config.ts' : 'apps/web/playwright.config.ts';
const args = process.argv.slice(2).filter((a) => a !== '--screens');
const env = { CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

/** One data directory per port, so runs side by side never share a database. */
function freshData(port) {
  rmSync(join(root, `node_modules/.tmp/e2e-data-${port}`), { recursive: true, force: true });
}

const shards = Math.max(1, Number(process.env.E2E_SHARDS) || Math.min(4, availableParallelism()));
if (screens || args.length > 0 || shards === 1) {
  // The demo server's port: E2E_PORT, else one free now (so a running `npm start` is no obstacle).
  const port = process.env.E2E_PORT ?? String(await freePort());
  freshData(port);
  process.exitCode = await run(bin('playwright'), ['test', '-c', config, ...args], {
    env: { ...env, E2E_PORT: port },
  });
} else {
  process.exitCode = await runShards(shards);
}

/**
 * Spec files split into `count` shares of about equal recorded duration (longest first, each to the
 * share with least so far); a file without a recorded duration counts as the median one.
 */
function balance(count) {
  const files = readdirSync(join(root, 'apps/web/e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  const timingsPath = join(root, 'apps/web/e2e/timings.json');
  const recorded = existsSync(timingsPath) ? JSON.parse(readFileSync(timingsPath, 'utf8')) : {};
  const known = Object.values(recorded).sort((a, b) => a - b);
  const fallback = known.length ? known[Math.floor(known.length / 2)] : 30;
  const weighted = files.map((f) => ({ file: f, seconds: recorded[f] ?? fallback }));
  weighted.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const shares = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const w of weighted) {
    const least = shares.reduce((min, s) => (s.seconds < min.seconds ? s : min));
    least.files.push(w.file);
    least.seconds += w.seconds;
  }
  return shares.filter((s) => s.files.length > 0);
}

/** Runs the shares side by side, each line of output prefixed with its shard; the worst exit code wins. */
async function runShards(count) {
  const shares = balance(count);
  // A range from E2E_PORT when set (a machine that keeps its journeys in a range), else free ports.
  const first = Number(process.env.E2E_PORT);
  const ports = new Set();
  if (Number.isInteger(first) && first > 0)
    for (let i = 0; i < shares.length; i++) ports.add(String(first + i));
  while (ports.size < shares.length) ports.add(String(await freePort()));
  // Journeys side by side share the cores: their time budgets grow with the shards (e2e/machine.ts
  // scales them by cores and load; E2E_TIMEOUT_SCALE set by hand wins).
  const cores = availableParallelism();
  const scale =
    process.env.E2E_TIMEOUT_SCALE ??
    String(
      Math.round(
        Math.max(1, 4 / cores) * Math.max(1, loadavg()[0] / cores) * Math.max(1, shares.length / 1.5) * 10,
      ) / 10,
    );
  const json = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  process.stdout.write(
    `Browser journeys in ${shares.length} shards side by side (E2E_SHARDS), time budgets x${scale}:\n` +
      shares.map((s, i) => `  [${i + 1}] ~${Math.round(s.seconds)} s: ${s.files.join(' ')}\n`).join(''),
  );
  const codes = await Promise.all(
    shares.map((share, i) => {
      const port = [...ports][i];
      freshData(port);
      const shardEnv = {
        ...process.env,
        ...env,
        E2E_PORT: port,
        E2E_TIMEOUT_SCALE: scale,
        ...(json ? { PLAYWRIGHT_JSON_OUTPUT_NAME: json.replace(/\.json$/, `-${i + 1}.json`) } : {}),
      };
      return prefixed(`[${i + 1}] `, bin('playwright'), ['test', '-c', config, ...share.files], shardEnv);
    }),
  );
  return codes.find((c) => c !== 0) ?? 0;
}

/** Runs a command with its output line by line behind a prefix; resolves with its exit code. */
function prefixed(prefix, command, commandArgs, childEnv) {
  return new Promise((done) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(`${prefix}${line}\n`);
      });
      from.on('end', () => rest && to.write(`${prefix}${rest}\n`));
    }
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(127));
  });
}
