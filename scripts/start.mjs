// `npm start`: build what is stale, then run the server with the built web app, in demo mode
// unless NODE_ENV=production. Embedded PGlite in ./data unless DATABASE_URL is set.
import { join } from 'node:path';
import { buildIfNeeded, root, run } from './lib.mjs';

const code = await buildIfNeeded();
if (code !== 0) process.exit(code);

const env = { WEB_DIST: process.env.WEB_DIST ?? join(root, 'apps/web/dist') };
process.exitCode = await run(process.execPath, [join(root, 'apps/server/dist/main.js')], { env });
