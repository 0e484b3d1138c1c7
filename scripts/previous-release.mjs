// The release before this checkout's, found in git and built in a folder of its own, for
// scripts/side-by-side.mjs. Releases are the root package.json's version, tagged `v{version}`
// (CHANGELOG.md).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib.mjs';

const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The root package.json's version at a commit or tag (null when it has none). */
function versionAt(ref) {
  try {
    return JSON.parse(git('show', `${ref}:package.json`)).version ?? null;
  } catch {
    return null;
  }
}

/**
 * This checkout's release and the one before it: `{ head: { commit, version }, commit, version,
 * found }` (`found` says how), or a throw saying why there is none. The previous release is the
 * newest `v*` tag that is an ancestor of HEAD and not HEAD's own version. CI's clone may lack the
 * tags: then it is the last commit of the previous version, the first parent of the commit that set
 * HEAD's version in package.json. A shallow clone is deepened once (`git fetch --unshallow --tags`).
 */
export function findPreviousRelease({ say }) {
  const commit = git('rev-parse', 'HEAD');
  const version = versionAt(commit);
  if (!version) throw new Error('HEAD has no root package.json with a version');
  const head = { commit, version };
  if (git('rev-parse', '--is-shallow-repository') === 'true') {
    say('Shallow clone: fetching the whole history and the tags once (git fetch --unshallow --tags) ...');
    try {
      git('fetch', '--unshallow', '--tags', '--quiet');
    } catch (error) {
      throw new Error(
        `the clone is shallow and its history could not be fetched (git fetch --unshallow --tags: ${String(
          error.stderr ?? error,
        )
          .replace(/\s+/g, ' ')
          .trim()}), so the previous release cannot be found`,
      );
    }
  }

  const tag = git('tag', '--list', 'v*', '--merged', 'HEAD', '--sort=-v:refname')
    .split('\n')
    .filter(Boolean)
    .find((t) => t !== `v${version}` && versionAt(t) !== version);
  if (tag)
    return {
      head,
      commit: git('rev-parse', `${tag}^{commit}`),
      version: versionAt(tag),
      found: `tag ${tag}`,
    };

  // No tag: walk back the commits that changed package.json while it says HEAD's version.
  let bump = null;
  for (const c of git('log', '--first-parent', '--format=%H', '--', 'package.json').split('\n')) {
    if (!c || versionAt(c) !== version) break;
    bump = c;
  }
  let previous = null;
  try {
    previous = bump ? git('rev-parse', '--verify', '--quiet', `${bump}^1`) : null;
  } catch {
    // the bump is the first commit: nothing came before it
  }
  const previousVersion = previous ? versionAt(previous) : null;
  if (!previous || !previousVersion || previousVersion === version) {
    throw new Error(
      `no previous release: no v* tag below HEAD other than v${version}, and no commit before the one that set version ${version} in package.json`,
    );
  }
  return {
    head,
    commit: previous,
    version: previousVersion,
    found: `the commit before ${bump.slice(0, 7)} set version ${version} (no v* tag in this clone)`,
  };
}

/**
 * Runs a command in `cwd` with the output shown, in a process group of its own so that the whole
 * tree (npm's own children: tsc, vite) can be ended; `track` gets the child.
 */
function runIn(cwd, command, args, { env, track }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    child.group = true;
    track(child);
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} in ${cwd} failed (${code ?? signal})`)),
    );
  });
}

/** `git archive <commit> | tar -x -C dir`: the release's files as committed, without git's metadata. */
function extract(commit, dir, track) {
  return new Promise((resolve, reject) => {
    const archive = spawn('git', ['archive', '--format=tar', commit], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'inherit', 'inherit'] });
    track(archive);
    track(tar);
    archive.stdout.pipe(tar.stdin);
    let left = 2;
    const done = (what) => (code) => {
      if (code !== 0) reject(new Error(`${what} failed (${code})`));
      else if (--left === 0) resolve();
    };
    archive.on('exit', done(`git archive ${commit}`));
    tar.on('exit', done('tar -x'));
  });
}

/** A new temporary folder for a release's build (the caller removes it). */
export const temporaryReleaseDir = () => mkdtempSync(join(tmpdir(), 'kitchaco-previous-'));

/**
 * Puts the release at `commit` in `dir` and builds it as a deployment does: `npm ci` (from the
 * npm cache where it can), `npm run build`. A `dir` that already holds this commit's finished
 * build is reused. Resolves with the seconds each step took (null when reused).
 */
export async function buildRelease(commit, dir, { track }) {
  const marker = join(dir, '.side-by-side-built');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === commit) return null;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Its build must not write where this checkout's settings point.
  const env = { ...process.env };
  delete env.WEB_OUT;
  const span = (from, to) => Math.round((to - from) / 100) / 10;
  const started = Date.now();
  await extract(commit, dir, track);
  const extracted = Date.now();
  await runIn(dir, 'npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { env, track });
  const installed = Date.now();
  await runIn(dir, 'npm', ['run', 'build'], { env, track });
  const built = Date.now();
  writeFileSync(marker, `${commit}\n`);
  return {
    extract: span(started, extracted),
    npmCi: span(extracted, installed),
    build: span(installed, built),
    total: span(started, built),
  };
}

/** The migrations a checkout knows, in order (drizzle's journal beside them). */
export function migrationsOf(dir) {
  const journal = JSON.parse(readFileSync(join(dir, 'apps/server/drizzle/meta/_journal.json'), 'utf8'));
  return journal.entries.map((e) => e.tag);
}
