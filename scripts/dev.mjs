// `npm run dev`: the server (rebuilt on start) plus Vite's dev server with hot reload on :5173
// (WEB_PORT). Settings come from .env (ENV_FILE) under the environment, as for `npm start`; Vite's
// proxy follows the server's PORT, or API_URL to use a server started elsewhere.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bin, root, run } from './lib.mjs';

const envFile = resolve(process.env.ENV_FILE ?? '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
else if (process.env.ENV_FILE) {
  process.stderr.write(`ENV_FILE: ${envFile} does not exist\n`);
  process.exit(1);
}

if ((await run(bin('tsc'), ['-b', 'packages/domain', 'apps/server'])) !== 0) process.exit(1);
const port = process.env.PORT ?? '3000';
const apiUrl = process.env.API_URL;
const server = apiUrl ? Promise.resolve(0) : run(process.execPath, [join(root, 'apps/server/dist/main.js')]);
const web = run(bin('vite'), ['--port', process.env.WEB_PORT ?? '5173', '--strictPort'], {
  cwd: join(root, 'apps/web'),
  env: { PORT: port, ...(apiUrl ? { API_URL: apiUrl } : {}) },
});
process.exitCode = Math.max(await server, await web);
