// `npm run db:rollups -w @kitchaco/server`: writes the rollup functions and triggers of
// src/db/rollups.sql into a new migration. drizzle-kit makes the empty custom migration (and its
// journal entry); this fills it with the source, verbatim, so the source stays the one place the
// rollups are written (docs/decisions/0011-one-ledger-writer-and-rollup-source.md).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const server = join(import.meta.dirname, '..');
const made = spawnSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', 'rollups'], {
  cwd: server,
  stdio: 'inherit',
});
if (made.status !== 0) process.exit(made.status ?? 1);

const journal = JSON.parse(readFileSync(join(server, 'drizzle/meta/_journal.json'), 'utf8'));
const { tag } = journal.entries.at(-1);
if (!tag.endsWith('_rollups'))
  throw new Error(`the newest migration is ${tag}, not the rollups one just made`);
writeFileSync(
  join(server, 'drizzle', `${tag}.sql`),
  readFileSync(join(server, 'src/db/rollups.sql'), 'utf8'),
);
process.stdout.write(`drizzle/${tag}.sql now holds src/db/rollups.sql\n`);
