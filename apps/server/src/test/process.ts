import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';

/** The built server (apps/server/dist) as production runs it: spawned, its output kept. */
const root = new URL('../../../../', import.meta.url).pathname;

/** Production settings on top of this process's environment (minus its database and log format). */
export function production(extra: Record<string, string>) {
  const {
    DATABASE_URL: _,
    TEST_DATABASE_URL: __,
    TEST_DATABASE_POOLER_URL: ____,
    LOG_FORMAT: ___,
    ...inherited
  } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    APP_SECRET: 'p'.repeat(40),
    PAYMENTS_PROVIDER: 'test',
    HOST: '127.0.0.1',
    // The API alone: these tests run before (and without) a build of the web app, which a
    // production start otherwise requires (scripts/prod-smoke.mjs starts one with the site).
    SERVE_WEB: 'false',
    ...extra,
  };
}

/** Runs a built script of the server (`main.js`, `cli/migrate.js`) with `env` and arguments. */
export function run(env: Record<string, string | undefined>, script = 'main.js', args: string[] = []) {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist', script), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

/** Every line is a JSON object (what a log collector reads); answers them parsed. */
export function jsonLines(output: string): Record<string, unknown>[] {
  const lines = output.split('\n').filter((l) => l.trim() !== '');
  for (const line of lines) expect(() => JSON.parse(line), `not JSON: ${line}`).not.toThrow();
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}
