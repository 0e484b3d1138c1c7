import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'kitchaco-server.pid';

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims an embedded database directory for this process. PGlite is one database in one process:
 * a second server on the same DATA_DIR would corrupt it, so it is refused with a clear message. A
 * lock left by a process that is gone is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  if (existsSync(file)) {
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (holder && holder !== pid && isRunning(holder)) {
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by another Kitchaco server (process ${holder}). Stop it, or start this one with another DATA_DIR or a DATABASE_URL.`,
      );
    }
  }
  writeFileSync(file, String(pid));
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}
