// `npm run providers:check`: builds the server if needed, then makes a harmless read call to each
// configured provider and prints one line per provider (apps/server/src/cli/providers-check.ts;
// docs/go-live.md). Uses the same settings as `npm start` (.env, DATABASE_URL or DATA_DIR).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bin, buildServer, root, run } from './lib.mjs';

if (existsSync(bin('tsc')) && existsSync(join(root, 'apps/server/src'))) {
  const code = await buildServer();
  if (code !== 0) process.exit(code);
}
process.exitCode = await run(process.execPath, [join(root, 'apps/server/dist/cli/providers-check.js')]);
