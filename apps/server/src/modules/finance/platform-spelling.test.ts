import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A platform's name is spelled as the platform spells it on every screen, CSV, PDF and API display
 * name we produce ("DoorDash", "Uber Eats", "Deliveroo", "Menulog"): they all take it from
 * MARKETPLACE_NAMES (@kitchaco/domain). This scan finds a misspelling written as a word of its own
 * anywhere in the sources, journeys and docs (identifiers such as readDoordashFile are not words).
 */
const MISSPELT =
  /(?<![A-Za-z_])(Doordash|Door Dash|Ubereats|UberEats|Uber eats|MenuLog|DeliveRoo)(?![A-Za-z_])/;
const here = fileURLToPath(import.meta.url);
const root = join(here, '../../../../../..');

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|md|mjs)$/.test(name) && path !== here) yield path;
  }
}

describe('the spelling of the delivery platforms', () => {
  it('is never misspelt in the sources, screens, documents or docs', () => {
    const dirs = ['apps/server/src', 'apps/web/src', 'apps/web/e2e', 'packages/domain/src', 'docs'];
    const found: string[] = [];
    let scanned = 0;
    for (const dir of dirs) {
      for (const file of sourceFiles(join(root, dir))) {
        scanned += 1;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (MISSPELT.test(line)) found.push(`${file.slice(root.length + 1)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(scanned, 'files scanned').toBeGreaterThan(500);
    expect(found).toEqual([]);
  });

  it('would find "Doordash" written as a word', () => {
    expect(MISSPELT.test("{ header: 'Doordash', ...amount }")).toBe(true);
    expect(MISSPELT.test('readDoordashFile(text)')).toBe(false);
    expect(MISSPELT.test("doordash: 'DoorDash'")).toBe(false);
  });
});
