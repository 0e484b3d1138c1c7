import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/ports.js';
import { jsonLines, production, run } from './test/process.js';

/**
 * The real server process (built: apps/server/dist/main.js) as production runs it (issue 35): every
 * line it prints is JSON, a start that cannot reach its database retries and then names the host
 * and the setting, and SIGTERM ends it with exit code 0 after its close steps.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the production process', () => {
  it('retries a database that does not answer, then gives up naming its host and the setting, in JSON', async () => {
    const closed = await freePort();
    const server = run(
      production({
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://kitchaco:secret@127.0.0.1:${closed}/kitchaco`,
        DATABASE_START_TIMEOUT_MS: '1500',
      }),
    );
    expect(await server.exited).toBe(1);
    const lines = jsonLines(server.output());
    expect(lines.some((l) => String(l.msg).includes('does not answer yet') && l.level === 40)).toBe(true);
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ level: 50, code: 'START_REFUSED' });
    expect(String(last.msg)).toContain(
      `The database at 127.0.0.1:${closed}/kitchaco (DATABASE_URL) did not answer within 1.5 s (DATABASE_START_TIMEOUT_MS)`,
    );
    // The password in DATABASE_URL is never printed.
    expect(server.output()).not.toContain('secret');
  }, 60_000);

  it('starts, says what it runs, and stops with exit code 0 on SIGTERM with a kitchen display connected, every line JSON', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kitchaco-process-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = production({ PORT: String(port), DATA_DIR: dataDir, ALLOW_EMBEDDED_DATABASE: 'true' });
    // The first run's super admin (docs/operations.md, "First run"), who follows every kitchen.
    const setup = run({ ...env, SETUP_PASSWORD: 'a long first password' }, 'cli/setup.js', [
      ...['--email', 'boss@example.com', '--first-name', 'Bo', '--last-name', 'Ss'],
      ...['--location', 'Fitzroy;1 Smith St, Fitzroy;Fitzroy;-37.80;144.98', '--yes'],
    ]);
    expect(await setup.exited, setup.output()).toBe(0);
    const server = run(env);
    const started = Date.now();
    let ready: Response | null = null;
    while (Date.now() - started < 90_000 && server.child.exitCode === null) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (ready?.ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(ready?.status, server.output()).toBe(200);
    expect(await ready!.json()).toMatchObject({ status: 'ready', database: 'pglite' });

    // A kitchen display is connected when the stop comes (before, every stop was a forced kill).
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/v1/admin-data/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query_type: 'admin_login',
        email: 'boss@example.com',
        password: 'a long first password',
      }),
    });
    const { token } = (await login.json()) as { token: string };
    const display = await fetch(`${base}/api/v1/kitchen/events/`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(display.status).toBe(200);
    const heard = display.text();
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${base}/readyz`)).json()) as { event_streams: number }).event_streams,
      )
      .toBe(1);

    const stopping = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Well inside SHUTDOWN_GRACE_MS (25 s): the display was told to reconnect, not cut off.
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(await heard).toContain('event: reconnect');
    const lines = jsonLines(server.output());
    expect(lines.find((l) => l.msg === 'started')).toMatchObject({
      version: expect.any(String),
      commit: expect.any(String),
      schema_version: expect.any(Number),
      instance_mode: 'all',
      workers: expect.arrayContaining(['outbox', 'marketplace inbox', 'reconciliation']),
    });
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped cleanly']));
  }, 120_000);
});
