// Small helpers shared by the project scripts (no dependencies: they run before anything is built).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(127));
  });
}

/** Newest modification time of any file below the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') walk(join(p, entry));
    } else if (s.mtimeMs > newest) newest = s.mtimeMs;
  };
  for (const p of paths) walk(join(root, p));
  return newest;
}

/** What the web app is built from: newer than its index.html means the build is stale. */
export const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/domain/src',
];

/**
 * Where the web app is built: apps/web/dist, or WEB_OUT (an absolute path) so that journeys run side by
 * side from one checkout do not rebuild each other's app mid-run.
 */
export const webOut = process.env.WEB_OUT ?? join(root, 'apps/web/dist');

/** Builds the domain package and the server (incremental tsc); resolves with the exit code. */
export function buildServer() {
  return run(bin('tsc'), ['-b', 'packages/domain', 'apps/server']);
}

/** Builds the server (incremental tsc) and the web app when its sources changed since the last build. */
export async function buildIfNeeded({ quiet = false } = {}) {
  const say = (m) => quiet || process.stdout.write(`${m}\n`);
  say('Building the server (tsc -b) ...');
  const tsc = await buildServer();
  if (tsc !== 0) return tsc;
  const index = join(webOut, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built >= newestMtime(WEB_INPUTS)) {
    say('Web app is up to date.');
    return 0;
  }
  say('Building the web app (vite build) ...');
  return run(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', webOut], {
    cwd: join(root, 'apps/web'),
  });
}

/** The flags every headless Chromium of ours runs with (the machine's rules: no downloads, no network chatter). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** A TCP port free on 127.0.0.1 right now (the OS chooses it). */
export async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
