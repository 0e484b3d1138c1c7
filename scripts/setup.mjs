// `npm run setup`: builds what is stale, then sets up a production database on its first run: the
// first super admin and the locations (apps/server/src/cli/setup.ts; docs/operations.md, "First
// run"). Uses the same settings as `npm start` (.env, DATABASE_URL or DATA_DIR).
import { join } from 'node:path';
import { buildIfNeeded, root, run } from './lib.mjs';

const code = await buildIfNeeded();
if (code !== 0) process.exit(code);
process.exitCode = await run(process.execPath, [
  join(root, 'apps/server/dist/cli/setup.js'),
  ...process.argv.slice(2),
]);
