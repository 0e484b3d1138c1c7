// `npm run migrate`: applies the pending migrations (apps/server/src/cli/migrate.ts) with the
// server's settings. In a checkout it builds the server first; in a packaged release (no compiler
// installed) it runs the build it ships with.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bin, buildServer, root, run } from './lib.mjs';

if (existsSync(bin('tsc')) && existsSync(join(root, 'apps/server/src'))) {
  const code = await buildServer();
  if (code !== 0) process.exit(code);
}
process.exitCode = await run(process.execPath, [join(root, 'apps/server/dist/cli/migrate.js')]);
