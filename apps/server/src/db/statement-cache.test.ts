import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { StatementNames, statementCachingClient, withStatementName } from './statement-cache.js';

describe('statement names', () => {
  it('names a parameterised statement once, by its text', () => {
    const names = new StatementNames();
    const a = withStatementName(names, { text: 'SELECT $1::int' }, [1]);
    const b = withStatementName(names, { text: 'SELECT $1::int' }, [2]);
    const c = withStatementName(names, { text: 'SELECT $1::text' }, ['x']);
    expect(a).toEqual({ text: 'SELECT $1::int', name: 'k0' });
    expect(b).toEqual({ text: 'SELECT $1::int', name: 'k0' });
    expect(c).toEqual({ text: 'SELECT $1::text', name: 'k1' });
  });

  it('reads the values from the config as well as from the second argument', () => {
    const names = new StatementNames();
    expect(withStatementName(names, { text: 'SELECT $1', values: [1] }, undefined)).toMatchObject({
      name: 'k0',
    });
  });

  it('leaves statements without parameters, named ones and plain strings as they are', () => {
    const names = new StatementNames();
    const begin = { text: 'BEGIN' };
    const named = { text: 'SELECT $1', name: 'mine' };
    expect(withStatementName(names, begin, [])).toBe(begin);
    expect(withStatementName(names, begin, undefined)).toBe(begin);
    expect(withStatementName(names, named, [1])).toBe(named);
    expect(withStatementName(names, 'SELECT 1', undefined)).toBe('SELECT 1');
    expect(names.size).toBe(0);
  });

  it('names a statement given as text with its values', () => {
    const names = new StatementNames();
    expect(withStatementName(names, 'SELECT $1', [1])).toEqual({ text: 'SELECT $1', name: 'k0' });
  });

  it('stops naming new statements at its limit, keeping the names it gave', () => {
    const names = new StatementNames(2);
    expect(names.nameOf('a')).toBe('k0');
    expect(names.nameOf('b')).toBe('k1');
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('a')).toBe('k0');
    expect(names.size).toBe(2);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statement-caching client on PostgreSQL', () => {
  it('parses a repeated statement once per connection and answers each call with its own values', async () => {
    const names = new StatementNames();
    const pool = new pg.Pool({ connectionString: url, max: 2, Client: statementCachingClient(names) });
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => pool.query('SELECT $1::int * 2 AS n', [i])),
      );
      expect(answers.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
      const prepared = await pool.query(
        "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = 'SELECT $1::int * 2 AS n'",
      );
      // The connection asking sees its own prepared statement (each connection has its own).
      expect(prepared.rows[0].n).toBe(1);
      expect(names.size).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('keeps working after a named statement fails, inside and outside a transaction', async () => {
    const pool = new pg.Pool({
      connectionString: url,
      max: 1,
      Client: statementCachingClient(new StatementNames()),
    });
    try {
      await expect(pool.query('SELECT $1::int / 0', [1])).rejects.toThrow(/division by zero/);
      await expect(pool.query('SELEC $1', [1])).rejects.toThrow(/syntax error/);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await expect(client.query('SELECT $1::int / 0', [2])).rejects.toThrow(/division by zero/);
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      const { rows } = await pool.query('SELECT $1::int / 1 AS n', [7]);
      expect(rows[0].n).toBe(7);
      expect((await pool.query('SELECT $1::int / 0 IS NULL AS x', [0]).catch((e) => e)).message).toMatch(
        /division by zero/,
      );
    } finally {
      await pool.end();
    }
  });
});
