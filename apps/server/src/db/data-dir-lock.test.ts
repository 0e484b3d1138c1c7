import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';

describe('embedded database directory lock', () => {
  it('refuses a second server on the same directory while the first runs, then lets it in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kitchaco-lock-'));
    const release = lockDataDir(dir);
    // Another live process (the parent of this test runner) holds it.
    writeFileSync(join(dir, 'kitchaco-server.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Kitchaco server/);
    writeFileSync(join(dir, 'kitchaco-server.pid'), String(process.pid));
    release();
    expect(() => readFileSync(join(dir, 'kitchaco-server.pid'))).toThrow();
    expect(lockDataDir(dir)).toBeTypeOf('function');
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kitchaco-lock-'));
    writeFileSync(join(dir, 'kitchaco-server.pid'), '999999999');
    expect(() => lockDataDir(dir)).not.toThrow();
    expect(readFileSync(join(dir, 'kitchaco-server.pid'), 'utf8')).toBe(String(process.pid));
  });
});
