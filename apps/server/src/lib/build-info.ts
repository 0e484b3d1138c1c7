import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What is running: the release (the root package.json's version, also in CHANGELOG.md) and the
 * commit (`COMMIT_SHA` as a deployment sets it, else the one `npm run package` wrote into the
 * release's package.json, else the checkout's), shown by `/livez`, `/readyz` and the first log line.
 */
export interface BuildInfo {
  version: string;
  commit: string;
}

let info: BuildInfo | null = null;

export function buildInfo(): BuildInfo {
  if (info) return info;
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
  let version = 'unknown';
  let packaged = '';
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version?: string;
      commit?: string;
    };
    version = pkg.version ?? version;
    packaged = pkg.commit ?? '';
  } catch {
    // A server copied without the root package.json: the version stays unknown.
  }
  let commit = process.env.COMMIT_SHA?.trim() || packaged;
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 2_000,
      })
        .toString()
        .trim();
    } catch {
      commit = 'unknown';
    }
  }
  info = { version, commit };
  return info;
}
