// `npm run staff -- password <email>`: builds the server if needed, then sets a staff password
// (apps/server/src/cli/staff.ts). Uses the same settings as `npm start` (DATABASE_URL or DATA_DIR).
import { join } from 'node:path';
import { buildServer, root, run } from './lib.mjs';

const code = await buildServer();
if (code !== 0) process.exit(code);
process.exitCode = await run(process.execPath, [
  join(root, 'apps/server/dist/cli/staff.js'),
  ...process.argv.slice(2),
]);
