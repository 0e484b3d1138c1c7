// `npm run dev`: the server (rebuilt on start) plus Vite's dev server with hot reload on :5173.
import { join } from 'node:path';
import { bin, root, run } from './lib.mjs';

if ((await run(bin('tsc'), ['-b', 'packages/domain', 'apps/server'])) !== 0) process.exit(1);
const server = run(process.execPath, [join(root, 'apps/server/dist/main.js')]);
const web = run(bin('vite'), [], { cwd: join(root, 'apps/web') });
process.exitCode = Math.max(await server, await web);
