// Which code a benchmark result measured (issue 39): the commit checked out, whether the code was
// committed, and which paths each bench's figures depend on, so that a result older than the code it
// covers is found (scripts/bench-fresh.mjs) and never shown as the current code's.
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

const SERVER = [
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];
const WEB = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];
const BOTH = [...new Set([...SERVER, ...WEB])];
/** Tests and their helpers change no figure. */
const NOT_TESTS = [
  ':(exclude,glob)**/*.test.ts',
  ':(exclude,glob)**/*.test.tsx',
  ':(exclude,glob)apps/server/src/test/**',
  ':(exclude,glob)apps/web/src/test/**',
];

/**
 * The code each bench measures: a change under one of these paths (tests excepted) makes its result
 * stale. The bench's own script counts too (bench/<name>.bench.mjs and bench/lib.mjs).
 */
export const BENCH_COVERS = {
  'web-size': [...WEB, 'bench/web-size.mjs'],
  lighthouse: [...BOTH, 'bench/lighthouse.bench.mjs'],
  http: [...SERVER, 'bench/http.bench.mjs', 'bench/bare-server.mjs'],
  writes: [...SERVER, 'bench/writes.bench.mjs'],
  kitchen: [...SERVER, 'bench/kitchen.bench.mjs'],
  overload: [...SERVER, 'bench/overload.bench.mjs'],
  scale: [...SERVER, 'bench/scale.bench.mjs'],
  observability: [...SERVER, 'bench/observability.bench.mjs'],
  screens: [...BOTH, 'bench/screens.bench.mjs'],
};

/** The git pathspecs of a bench's code. */
export function pathspecs(bench) {
  const covers = BENCH_COVERS[bench];
  if (!covers) throw new Error(`bench/provenance.mjs: no paths known for the bench "${bench}"`);
  return [...covers, 'bench/lib.mjs', ...NOT_TESTS];
}

function gitRaw(root, args) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function git(root, args) {
  return gitRaw(root, args).trim();
}

/**
 * The commit checked out and whether the code any bench covers is as committed (`clean`; results
 * and docs written by earlier benches do not count), with up to 20 of the changed paths.
 * Outside a git checkout: commit null, clean false.
 */
export function codeState(root) {
  try {
    const commit = git(root, ['rev-parse', 'HEAD']);
    const all = [...new Set(Object.keys(BENCH_COVERS).flatMap(pathspecs))];
    // `-z`: one entry per path, `XY path`, never quoted.
    const changed = gitRaw(root, ['status', '--porcelain', '-z', '--untracked-files=normal', '--', ...all])
      .split('\0')
      .filter((entry) => entry.length > 3)
      .map((entry) => entry.slice(3));
    return {
      commit,
      clean: changed.length === 0,
      ...(changed.length ? { changed: changed.slice(0, 20) } : {}),
    };
  } catch {
    return { commit: null, clean: false, changed: ['(not a git checkout)'] };
  }
}

/**
 * Whether a result still describes the code at HEAD: null when it does, else the reason it does not.
 * `result` is a parsed bench/results/<name>.json.
 */
export function staleness(root, name, result) {
  const measured = result.measured;
  if (!measured?.commit) return 'records no commit (measured before results carried one)';
  if (!measured.clean)
    return `measured with uncommitted changes (${(measured.changed ?? []).slice(0, 3).join(', ')})`;
  try {
    git(root, ['merge-base', '--is-ancestor', measured.commit, 'HEAD']);
  } catch {
    return `its commit ${measured.commit.slice(0, 10)} is not in this checkout's history`;
  }
  const since = git(root, ['log', '--format=%h %s', `${measured.commit}..HEAD`, '--', ...pathspecs(name)]);
  if (!since) return null;
  const changes = since.split('\n');
  return `${changes.length} change(s) to the code it covers since ${measured.commit.slice(0, 10)}, the last: ${changes[0]}`;
}

/**
 * Refuses to measure on a busy machine: the 1-minute load average over 1 per core, unless
 * BENCH_FORCE=1 (each result records the load it started under either way). Returns the reason, or
 * null when the machine is quiet enough.
 */
export function busyReason({
  load1 = loadavg()[0],
  cores = availableParallelism(),
  force = process.env.BENCH_FORCE,
} = {}) {
  if (force === '1' || load1 <= cores) return null;
  return (
    `The machine is busy: load average ${load1.toFixed(2)} over ${cores} cores (more than 1 per core), so ` +
    'figures taken now would measure the other work. Wait until it is quiet, or set BENCH_FORCE=1 ' +
    '(the load is recorded in each result).'
  );
}
