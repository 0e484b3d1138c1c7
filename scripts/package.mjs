// `npm run package [-- <folder>] [--install]`: the production release, made from a build (`npm run
// build`) into one folder (default build/release) that runs with no dev tools and no git checkout.
// This file is the one list of what a production server reads at run time; the Dockerfile and CI's
// smoke test (scripts/prod-smoke.mjs) both make their release with it, so they cannot drift apart.
//
// `--install` then installs the runtime dependencies in the folder: `npm ci --omit=dev` of the
// server's workspace (and, through it, the domain's), never the web app's (its dependencies are
// compiled into apps/web/dist). Without it, run the same command where the release is deployed.
// docs/operations.md, "Deploy".
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, run, WEB_INPUTS } from './lib.mjs';

/** What the release holds, relative to the repository's root (the root package.json is rewritten). */
export const RELEASE_FILES = [
  // `npm ci` installs from these: the lock, npm's settings and every workspace's package.json (the
  // lock names all three workspaces, so all three must be there even though one is installed).
  'package-lock.json',
  '.npmrc',
  'packages/domain/package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  // The code as tsc built it, and the migrations the server applies (their journal is also how a
  // build knows the newest schema it understands).
  'packages/domain/dist',
  'apps/server/dist',
  'apps/server/drizzle',
  // The site, served by the server from beside its own dist folder (config.ts, BUILT_WEB_APP).
  'apps/web/dist',
  // For the people who run it: every setting with its default, and what each release changed.
  '.env.example',
  'CHANGELOG.md',
];

/**
 * The command that installs a release's runtime dependencies, run inside the release folder.
 * `--prefer-offline` takes packages from npm's cache when they are there (CI and the image's build
 * stage have just filled it) and from the registry otherwise.
 */
export const INSTALL = [
  'ci',
  '--omit=dev',
  '--workspace=@kitchaco/server',
  '--prefer-offline',
  '--no-audit',
  '--no-fund',
];

/**
 * The release's npm scripts: each runs built code directly (the repository's own scripts build
 * first, with tools a release does not have). `migrate` only when the build has that command.
 * `exec`: the shell npm starts becomes the server, so the SIGTERM npm passes on reaches it (Debian's
 * sh would otherwise die of it and leave the server running).
 */
const RELEASE_SCRIPTS = {
  start: 'NODE_ENV=production exec node apps/server/dist/main.js',
  'start:prod': 'NODE_ENV=production exec node apps/server/dist/main.js',
  setup: 'node apps/server/dist/cli/setup.js',
  staff: 'node apps/server/dist/cli/staff.js',
  migrate: 'node apps/server/dist/cli/migrate.js',
};

const say = (line) => process.stdout.write(`${line}\n`);
const fail = (message) => {
  throw new Error(`npm run package: ${message}`);
};

/** The commit built: COMMIT_SHA as CI or `docker build --build-arg` passes it, else the checkout's. */
function commitOf() {
  const given = process.env.COMMIT_SHA?.trim();
  if (given) return given;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** Newest modification time of the files below the given paths that a build reads (tests are not). */
function newestSource(paths) {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'test') walk(join(path, name));
    } else if (!/\.test\.tsx?$/.test(path)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) walk(join(root, path));
  return newest;
}

/** Refuses a missing or stale build: a release of yesterday's code with today's commit would lie. */
function assertBuilt() {
  const needed = ['packages/domain/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html'];
  const missing = needed.filter((file) => !existsSync(join(root, file)));
  if (missing.length) fail(`${missing.join(', ')} missing: build first (npm run build)`);
  const stale = [];
  const builtAt = (file) => statSync(join(root, file)).mtimeMs;
  // tsc -b rewrites its build info whenever a source changed, so it is newer than every source built.
  if (newestSource(['packages/domain/src']) > builtAt('packages/domain/dist/.tsbuildinfo'))
    stale.push('domain');
  if (newestSource(['apps/server/src']) > builtAt('apps/server/dist/.tsbuildinfo')) stale.push('server');
  if (newestSource(WEB_INPUTS) > builtAt('apps/web/dist/index.html')) stale.push('web app');
  if (stale.length)
    fail(`the ${stale.join(', ')} build is older than its sources: build again (npm run build)`);
}

/** Empties the folder, unless it holds something other than an earlier release (never deletes that). */
function clearTarget(target) {
  if (target === root || relative(target, root).split(/[/\\]/)[0] !== '..') {
    fail(`${target} would hold the repository itself: choose a folder outside it or below build/`);
  }
  if (!existsSync(target) || readdirSync(target).length === 0) return;
  let earlier = false;
  try {
    const pkg = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    earlier = pkg.name === 'kitchaco-platform' && typeof pkg.commit === 'string';
  } catch {
    earlier = false;
  }
  if (!earlier) fail(`${target} is not empty and is not an earlier release: choose an empty folder`);
  rmSync(target, { recursive: true, force: true });
}

export async function makeRelease(target, { install = false } = {}) {
  assertBuilt();
  clearTarget(target);
  mkdirSync(target, { recursive: true });
  for (const file of RELEASE_FILES) {
    const from = join(root, file);
    if (!existsSync(from)) fail(`${file} is missing`);
    mkdirSync(dirname(join(target, file)), { recursive: true });
    // tsc's incremental state says nothing at run time.
    cpSync(from, join(target, file), { recursive: true, filter: (path) => !path.endsWith('.tsbuildinfo') });
  }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const scripts = Object.fromEntries(
    Object.entries(RELEASE_SCRIPTS).filter(([, command]) =>
      existsSync(join(target, command.split(' ').at(-1))),
    ),
  );
  // Dependencies stay as they are: `npm ci` refuses a package.json that differs from the lock.
  const release = { ...pkg, commit: commitOf(), scripts };
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(release, null, 2)}\n`);
  say(`Release ${release.version} (${release.commit}) in ${target}: npm ${Object.keys(scripts).join(', ')}`);
  if (!install) return 0;
  say(`Installing the runtime dependencies: npm ${INSTALL.join(' ')}`);
  return run('npm', INSTALL, { cwd: target });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const folder = args.find((a) => !a.startsWith('--')) ?? join(root, 'build/release');
  try {
    process.exitCode = await makeRelease(resolve(folder), { install: args.includes('--install') });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
