import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const drizzleFolder = join(import.meta.dirname, '../../drizzle');

describe('rollup source', () => {
  it('is what the newest rollups migration holds (npm run db:rollups -w @kitchaco/server writes it)', () => {
    const journal = JSON.parse(readFileSync(join(drizzleFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const newest = journal.entries.filter((e) => e.tag.endsWith('_rollups')).at(-1);
    expect(newest, 'a migration made by npm run db:rollups').toBeDefined();
    const migration = readFileSync(join(drizzleFolder, `${newest!.tag}.sql`), 'utf8');
    expect(migration).toBe(readFileSync(join(import.meta.dirname, 'rollups.sql'), 'utf8'));
  });
});
