// `npm run smoke:prod`: the production release proven where no image can be built (issue 35). Builds
// (`npm run build`), makes the release with scripts/package.mjs (the list the Dockerfile uses too)
// in a fresh temporary folder, installs it with `npm ci --omit=dev` (npm's cache first), then runs
// it as production does: `node apps/server/dist/main.js` from another working directory, with
// NODE_ENV=production, a fresh PostgreSQL database and nothing of this checkout in its environment.
// Checks the first super admin's setup, the log lines, /livez and /readyz, the site, an asset, the
// API, a stop with SIGTERM, and that a start without the site's files is refused.
// Results: test-results/prod-smoke.json (each check counts as a test in scripts/summarise.mjs).
//
// Env: PROD_SMOKE_DATABASE_SERVER (postgres://postgres@127.0.0.1:5432/postgres), PROD_SMOKE_DATABASE
// (kitchaco_prod_smoke: dropped and created), PROD_SMOKE_KEEP=1 keeps the release folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, root, run } from './lib.mjs';
import { makeRelease } from './package.mjs';

const serverUrl = process.env.PROD_SMOKE_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.PROD_SMOKE_DATABASE ?? 'kitchaco_prod_smoke';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE) || DATABASE === 'test') {
  throw new Error(
    `PROD_SMOKE_DATABASE ${DATABASE}: the smoke test drops it, so it must be its own (never test)`,
  );
}
const resultFile = join(root, 'test-results/prod-smoke.json');
const ADMIN = { email: 'owner@smoke.example', password: 'smoke-test-password-1', location: 'Smoke Kitchen' };

const say = (line) => process.stdout.write(`${line}\n`);
const results = { at: new Date().toISOString(), checks: [] };

/** Records one check: pass when `problems` is empty. */
function check(name, problems) {
  const list = problems.filter(Boolean);
  results.checks.push({ name, pass: list.length === 0, problems: list.length, examples: list.slice(0, 10) });
  say(`${list.length === 0 ? 'PASS' : 'FAIL'} ${name}${list.length ? `: ${list.join('; ')}` : ''}`);
}

/** Answers null when the condition holds, else the problem (for check lists). */
const expect = (ok, problem) => (ok ? null : problem);

/** The environment of a production host: no variable of this checkout, its shell or its tests. */
function productionEnv(databaseUrl, extra = {}) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'production',
    APP_SECRET: 's'.repeat(48),
    PROVIDER_ABN: '51 824 753 556',
    DATABASE_URL: databaseUrl,
    PAYMENTS_PROVIDER: 'test',
    HOST: '127.0.0.1',
    ...extra,
  };
}

/**
 * Runs the release's server (or `command`, e.g. npm); `output()` answers its standard output and
 * error so far, and `closed` resolves when every process holding them has ended. `group`: in a
 * process group of its own, so whatever it starts can be ended with it.
 */
function startServer(
  release,
  cwd,
  env,
  command = [process.execPath, join(release, 'apps/server/dist/main.js')],
  { group = false } = {},
) {
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const closed = new Promise((resolve) => child.stdout.once('close', resolve));
  return { child, exited, closed, output: () => ({ stdout, stderr }) };
}

/** Waits for a 200 from `url` while the process lives; answers the response, or null. */
async function waitFor(url, server, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && server.child.exitCode === null) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

/** The exit code after `signal`, or 'timeout' when the process outlives `ms`. */
async function stop(server, signal = 'SIGTERM', ms = 35_000) {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill(signal);
  const timer = new Promise((r) => setTimeout(() => r('timeout'), ms));
  const code = await Promise.race([server.exited, timer]);
  if (code === 'timeout') server.child.kill('SIGKILL');
  return code;
}

function jsonLineProblems(text) {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        const parsed = JSON.parse(line);
        return typeof parsed === 'object' && parsed !== null
          ? null
          : `not a JSON object: ${line.slice(0, 120)}`;
      } catch {
        return `not JSON: ${line.slice(0, 120)}`;
      }
    });
}

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function dropDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  } catch {
    // Nothing to drop when PostgreSQL never answered.
  } finally {
    await admin.end().catch(() => {});
  }
}

/** Runs an npm script of the release; answers its exit code and output. */
function npmIn(release, args, env) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: release, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function smoke(work) {
  const release = join(work, 'release');
  const elsewhere = join(work, 'cwd');
  mkdirSync(elsewhere);

  say('Building (npm run build) ...');
  const built = await run('npm', ['run', 'build']);
  check('npm run build succeeds', [expect(built === 0, `exit code ${built}`)]);
  if (built !== 0) return;

  say(`Packaging and installing with --omit=dev in ${release} ...`);
  const started = Date.now();
  const installed = await makeRelease(release, { install: true });
  results.installSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
  check('the release installs with npm ci --omit=dev', [expect(installed === 0, `exit code ${installed}`)]);
  if (installed !== 0) return;
  const pkg = JSON.parse(readFileSync(join(release, 'package.json'), 'utf8'));
  check(
    'the release holds no dev tools and no web app dependencies',
    ['typescript', 'vite', 'vitest', '@biomejs/biome', 'drizzle-kit', '@playwright/test', 'react'].map(
      (name) => expect(!existsSync(join(release, 'node_modules', name)), `node_modules/${name} is installed`),
    ),
  );

  const databaseUrl = await freshDatabase();
  const env = productionEnv(databaseUrl);

  // The migration step of compose.yaml and of an upgrade: the release's own `npm run migrate`.
  const migrated = await npmIn(release, ['run', 'migrate'], env);
  check("the release's npm run migrate applies the schema", [
    expect(migrated.code === 0, `exit code ${migrated.code}: ${migrated.output.slice(-400)}`),
    expect(migrated.output.includes('"SCHEMA_CURRENT"'), 'no SCHEMA_CURRENT line'),
  ]);

  // The first run, as an operator does it: the release's own `npm run setup`, flags and no terminal.
  const setup = await npmIn(
    release,
    [
      'run',
      'setup',
      '--',
      '--email',
      ADMIN.email,
      '--first-name',
      'Smoke',
      '--last-name',
      'Test',
      '--location',
      `${ADMIN.location};1 Smith St, Fitzroy;Fitzroy;-37.80;144.98`,
      '--yes',
    ],
    { ...env, SETUP_PASSWORD: ADMIN.password },
  );
  check('npm run setup in the release creates the first super admin and a location', [
    expect(setup.code === 0, `exit code ${setup.code}: ${setup.output.slice(-400)}`),
    expect(
      setup.output.includes(`Created the super admin ${ADMIN.email}`),
      'no "Created the super admin" line',
    ),
  ]);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // As compose.yaml runs it: the schema was migrated by its own step, never at start.
  const server = startServer(release, elsewhere, { ...env, PORT: String(port), MIGRATE_ON_START: 'false' });
  const live = await waitFor(`${base}/livez`, server);
  check('node apps/server/dist/main.js starts in production from another working directory', [
    expect(live !== null, `no 200 from /livez: ${server.output().stdout.slice(-600)}`),
  ]);
  if (!live) {
    await stop(server);
    return;
  }

  const liveBody = await live.json();
  const ready = await fetch(`${base}/readyz`);
  const readyBody = await ready.json().catch(() => ({}));
  check('/livez and /readyz answer 200 with the release version and its packaged commit', [
    expect(liveBody.status === 'ok', `/livez status ${liveBody.status}`),
    expect(ready.status === 200, `/readyz ${ready.status} ${JSON.stringify(readyBody)}`),
    ...[liveBody, readyBody].flatMap((body, i) => [
      expect(
        body.version === pkg.version,
        `${i ? '/readyz' : '/livez'} version ${body.version}, not ${pkg.version}`,
      ),
      expect(
        body.commit === pkg.commit && pkg.commit !== 'unknown',
        `${i ? '/readyz' : '/livez'} commit ${body.commit}, packaged ${pkg.commit}`,
      ),
    ]),
  ]);

  const indexHtml = readFileSync(join(release, 'apps/web/dist/index.html'), 'utf8');
  const home = await fetch(`${base}/`);
  const homeText = await home.text();
  const deep = await fetch(`${base}/admin-orders`);
  const deepText = await deep.text();
  check("/ serves the site's index.html with no setting (and deep links fall back to it)", [
    expect(home.status === 200, `/ answered ${home.status}`),
    expect(
      String(home.headers.get('content-type')).startsWith('text/html'),
      `/ is ${home.headers.get('content-type')}`,
    ),
    expect(homeText === indexHtml, "/ is not the release's apps/web/dist/index.html"),
    expect(deep.status === 200 && deepText === indexHtml, `/admin-orders answered ${deep.status}`),
  ]);

  const asset = indexHtml.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  const script = asset ? await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br' } }) : null;
  await script?.arrayBuffer();
  check('a static asset is served compressed and cached for a year', [
    expect(asset, 'index.html names no /assets/*.js script'),
    expect(script?.status === 200, `${asset} answered ${script?.status}`),
    expect(
      String(script?.headers.get('content-type')).includes('javascript'),
      `${asset} is ${script?.headers.get('content-type')}`,
    ),
    expect(
      script?.headers.get('content-encoding') === 'br',
      `content-encoding ${script?.headers.get('content-encoding')}`,
    ),
    expect(
      String(script?.headers.get('cache-control')).includes('immutable'),
      `cache-control ${script?.headers.get('cache-control')}`,
    ),
  ]);

  const locations = await fetch(`${base}/api/v1/kitchaco-location/`);
  const list = await locations.json().catch(() => null);
  const login = await fetch(`${base}/api/v1/admin-data/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query_type: 'admin_login', email: ADMIN.email, password: ADMIN.password }),
  });
  const signedIn = await login.json().catch(() => ({}));
  check('the API answers: the location list holds the set-up location, and the super admin signs in', [
    expect(locations.status === 200, `GET /api/v1/kitchaco-location/ answered ${locations.status}`),
    expect(
      Array.isArray(list) && list.some((l) => JSON.stringify(l).includes(ADMIN.location)),
      `no ${ADMIN.location} in ${JSON.stringify(list)?.slice(0, 200)}`,
    ),
    expect(
      login.status === 200 && typeof signedIn.token === 'string',
      `admin_login: ${JSON.stringify(signedIn)}`,
    ),
  ]);

  // Swagger UI's files come from swagger-ui-dist, found in node_modules at run time.
  // Every answer is read to its end, as a browser does: one left unread would hold the stop below.
  const docs = await fetch(`${base}/api/docs`);
  await docs.arrayBuffer();
  const bundle = await fetch(`${base}/api/docs/assets/swagger-ui-bundle.js`);
  await bundle.arrayBuffer();
  const openapi = await fetch(`${base}/api/docs.json`);
  await openapi.arrayBuffer();
  check('the API reference and its Swagger UI files are served from the installed packages', [
    expect(docs.status === 200, `/api/docs answered ${docs.status}`),
    expect(bundle.status === 200, `/api/docs/assets/swagger-ui-bundle.js answered ${bundle.status}`),
    expect(openapi.status === 200, `/api/docs.json answered ${openapi.status}`),
  ]);

  const code = await stop(server);
  const { stdout, stderr } = server.output();
  check('SIGTERM stops it with exit code 0', [expect(code === 0, `exit ${code}`)]);
  check('every line on standard output is JSON, and nothing is written to standard error', [
    ...jsonLineProblems(stdout),
    expect(stderr.trim() === '', `stderr: ${stderr.slice(0, 300)}`),
  ]);

  // As a person starts it: npm passes SIGTERM on, and the server (not only npm) stops cleanly.
  const npmPort = await freePort();
  const viaNpm = startServer(
    release,
    release,
    { ...env, PORT: String(npmPort) },
    ['npm', 'run', 'start:prod'],
    { group: true },
  );
  const npmLive = await waitFor(`http://127.0.0.1:${npmPort}/readyz`, viaNpm);
  await stop(viaNpm);
  await Promise.race([viaNpm.closed, new Promise((r) => setTimeout(r, 35_000))]);
  const stillServing = await fetch(`http://127.0.0.1:${npmPort}/livez`).then(
    async (res) => {
      await res.arrayBuffer();
      return true;
    },
    () => false,
  );
  // A server npm left behind is ended with its process group, not left running past the test.
  if (stillServing) process.kill(-viaNpm.child.pid, 'SIGKILL');
  check("the release's npm run start:prod serves, and SIGTERM to npm stops the server cleanly", [
    expect(npmLive !== null, `no 200 from /readyz: ${viaNpm.output().stdout.slice(-400)}`),
    expect(!stillServing, 'the server still answers after npm was stopped'),
    expect(viaNpm.output().stdout.includes('"stopped cleanly"'), 'no "stopped cleanly" line'),
  ]);

  // Without the site's files: refused, naming the settings; with SERVE_WEB=false, the API alone.
  const site = join(release, 'apps/web/dist');
  renameSync(site, `${site}.away`);
  try {
    const refused = startServer(release, elsewhere, { ...env, PORT: String(await freePort()) });
    const refusedCode = await Promise.race([
      refused.exited,
      new Promise((r) => setTimeout(() => r('timeout'), 60_000)),
    ]);
    if (refusedCode === 'timeout') refused.child.kill('SIGKILL');
    const lines = refused.output().stdout.trim().split('\n');
    let last = {};
    try {
      last = JSON.parse(lines.at(-1) ?? '{}');
    } catch {
      last = { msg: lines.at(-1) };
    }
    check('a start without the site is refused, naming WEB_DIST and SERVE_WEB', [
      expect(refusedCode === 1, `exit ${refusedCode}`),
      expect(
        last.level === 50 && last.code === 'START_REFUSED',
        `last line ${JSON.stringify(last).slice(0, 300)}`,
      ),
      expect(/WEB_DIST/.test(last.msg) && /SERVE_WEB=false/.test(last.msg), `message: ${last.msg}`),
      expect(/npm run build/.test(last.msg ?? ''), 'the message does not say how to build the site'),
    ]);

    const apiPort = await freePort();
    const apiOnly = startServer(release, elsewhere, { ...env, PORT: String(apiPort), SERVE_WEB: 'false' });
    const apiLive = await waitFor(`http://127.0.0.1:${apiPort}/readyz`, apiOnly);
    const apiHome = apiLive ? await fetch(`http://127.0.0.1:${apiPort}/`) : null;
    await apiHome?.arrayBuffer();
    const apiCode = await stop(apiOnly);
    check('SERVE_WEB=false runs the API alone (/ is a JSON 404) and stops with exit code 0', [
      expect(apiLive !== null, `no 200 from /readyz: ${apiOnly.output().stdout.slice(-400)}`),
      expect(apiHome?.status === 404, `/ answered ${apiHome?.status}`),
      expect(String(apiHome?.headers.get('content-type')).includes('json'), 'the 404 is not JSON'),
      expect(apiCode === 0, `exit ${apiCode}`),
    ]);
  } finally {
    renameSync(`${site}.away`, site);
  }
}

const work = mkdtempSync(join(tmpdir(), 'kitchaco-prod-smoke-'));
try {
  await smoke(work);
} catch (error) {
  check('the smoke test ran to the end', [String(error?.stack ?? error)]);
} finally {
  await dropDatabase();
  if (process.env.PROD_SMOKE_KEEP === '1') say(`Release kept in ${work}/release`);
  else rmSync(work, { recursive: true, force: true });
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(resultFile, `${JSON.stringify(results, null, 2)}\n`);
}
const passed = results.checks.filter((c) => c.pass).length;
const failed = results.checks.length - passed;
say(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 && results.checks.length > 0 ? 0 : 1;
