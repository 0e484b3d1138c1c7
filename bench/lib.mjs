// Shared helpers of the benchmarks: start a server as a child process, wait for it, load it with
// autocannon, write results. Every budget is a ratio measured side by side in one run.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const root = new URL('../', import.meta.url).pathname;
export const resultsDir = join(root, 'bench/results');

/** Starts `node file` with env; resolves once `url` answers 200. */
export async function startProcess(file, env, url, { timeoutMs = 300_000 } = {}) {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${file} exited early:\n${output}`);
    try {
      const res = await fetch(url);
      if (res.ok) return { child, stop: () => stopProcess(child) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${file} did not answer ${url} within ${timeoutMs} ms:\n${output}`);
}

function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/** One autocannon run; returns requests/s (mean), latency p50/p97.5/p99 and errors. */
export async function load(url, { connections = 20, duration = 8, method = 'GET', headers, body } = {}) {
  const result = await autocannon({ url, connections, duration, method, headers, body });
  return {
    url,
    connections,
    duration,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Alternates runs of several targets `rounds` times and keeps each target's median, so drift hits all. */
export async function compare(targets, options = {}) {
  const rounds = options.rounds ?? 3;
  const runs = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  // Warm-up: JIT, caches, connection pools.
  for (const url of Object.values(targets)) await load(url, { ...options, duration: 2 });
  for (let i = 0; i < rounds; i++) {
    for (const [name, url] of Object.entries(targets)) runs[name].push(await load(url, options));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(
    Object.entries(runs).map(([name, rs]) => [
      name,
      {
        requestsPerSecond: median(rs.map((r) => r.requestsPerSecond)),
        p99Ms: median(rs.map((r) => r.latencyMs.p99)),
        non2xx: rs.reduce((s, r) => s + r.non2xx, 0),
        errors: rs.reduce((s, r) => s + r.errors, 0),
        runs: rs,
      },
    ]),
  );
}

export function writeResult(name, data) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ name, at: new Date().toISOString(), node: process.version, ...data }, null, 2)}\n`,
  );
  return file;
}

/** A budget line: `ratio` must be >= `min` (or <= `max`). */
export function budget(label, value, { min, max }) {
  const pass = (min === undefined || value >= min) && (max === undefined || value <= max);
  return { label, value: Math.round(value * 1000) / 1000, min, max, pass };
}

export async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
