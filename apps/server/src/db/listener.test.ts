import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedListener } from './listener.js';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('shared LISTEN connection on PostgreSQL', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(() => admin.end());

  /** Backends of this database whose last statement was a LISTEN on one of the test's channels. */
  async function listeners(prefix: string): Promise<number[]> {
    const { rows } = await admin.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE $1`,
      [`LISTEN "${prefix}%`],
    );
    return rows.map((r) => r.pid as number);
  }

  it('follows several channels on one connection, and stops when the last one is left', async () => {
    const prefix = `t${Date.now()}`;
    const listener = new SharedListener(url!);
    const heard: string[] = [];
    const stopA = await listener.listen(`${prefix}_a`, (p) => heard.push(`a:${p}`));
    const stopB = await listener.listen(`${prefix}_b`, (p) => heard.push(`b:${p}`));
    expect(await listeners(prefix)).toHaveLength(1);
    await admin.query(`SELECT pg_notify($1, 'one'), pg_notify($2, 'two')`, [`${prefix}_a`, `${prefix}_b`]);
    await expect.poll(() => heard.sort()).toEqual(['a:one', 'b:two']);
    await stopA();
    await admin.query(`SELECT pg_notify($1, 'gone'), pg_notify($2, 'three')`, [`${prefix}_a`, `${prefix}_b`]);
    await expect.poll(() => heard.length).toBe(3);
    expect(heard).toContain('b:three');
    await stopB();
    await expect.poll(() => listeners(prefix)).toEqual([]);
  });

  it('tells its subscribers when the connection is lost and back, and hears again after', async () => {
    const prefix = `r${Date.now()}`;
    const listener = new SharedListener(url!);
    const states: boolean[] = [];
    const heard: string[] = [];
    const stop = await listener.listen(
      `${prefix}_c`,
      (p) => heard.push(p),
      (connected) => states.push(connected),
    );
    try {
      const [pid] = await listeners(prefix);
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect.poll(() => states, { timeout: 10_000 }).toEqual([false, true]);
      await admin.query(`SELECT pg_notify($1, 'after')`, [`${prefix}_c`]);
      await expect.poll(() => heard).toEqual(['after']);
    } finally {
      await stop();
    }
  });

  it('resolves while the database is unreachable, saying so, and keeps trying', async () => {
    const listener = new SharedListener('postgres://postgres@127.0.0.1:1/none');
    const states: boolean[] = [];
    const stop = await listener.listen(
      'nowhere',
      () => {},
      (connected) => states.push(connected),
    );
    expect(states).toEqual([false]);
    await stop();
  });
});
