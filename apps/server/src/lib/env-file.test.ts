import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { assertPortFree, loadEnvFile } from './env-file.js';

const KEYS = ['KC_TEST_FROM_FILE', 'KC_TEST_BOTH'];

describe('settings from .env', () => {
  afterEach(() => {
    for (const key of KEYS) delete process.env[key];
  });

  it('reads .env in the working directory, the environment winning over it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kc-env-'));
    writeFileSync(join(dir, '.env'), 'KC_TEST_FROM_FILE=file\nKC_TEST_BOTH=file\n# a comment\n');
    process.env.KC_TEST_BOTH = 'environment';
    expect(loadEnvFile({}, dir)).toBe(join(dir, '.env'));
    expect(process.env.KC_TEST_FROM_FILE).toBe('file');
    expect(process.env.KC_TEST_BOTH).toBe('environment');
  });

  it('reads nothing without a .env, and refuses an ENV_FILE that does not exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kc-env-'));
    expect(loadEnvFile({}, dir)).toBeNull();
    expect(() => loadEnvFile({ ENV_FILE: 'prod.env' }, dir)).toThrow(
      new ConfigError(`ENV_FILE: ${join(dir, 'prod.env')} does not exist`),
    );
  });
});

describe('the port check before start', () => {
  it('says in one line that a port is taken, and lets a free one pass', async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen({ host: '127.0.0.1', port: 0 }, done));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(assertPortFree('127.0.0.1', port)).rejects.toThrow(
        `Port ${port} is already in use on 127.0.0.1 (is Kitchaco already running?). Stop that process, or choose another port: PORT=${port + 1} npm start`,
      );
    } finally {
      await new Promise((done) => taken.close(done));
    }
    await expect(assertPortFree('127.0.0.1', port)).resolves.toBeUndefined();
  });
});
