import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busyReason, codeState, staleness } from './provenance.mjs';

let repo;
const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
const write = (path, text) => {
  mkdirSync(dirname(join(repo, path)), { recursive: true });
  writeFileSync(join(repo, path), text);
};
const commit = (message) => {
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', message);
  return git('rev-parse', 'HEAD');
};
/** A result of the http bench as writeResult records it, measured now. */
const measuredNow = () => ({ name: 'http', measured: codeState(repo), budgets: [] });

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'bench-provenance-'));
  git('init', '-q');
  write('apps/server/src/menu.ts', 'export const a = 1;\n');
  write('apps/server/src/menu.test.ts', 'test\n');
  write('apps/web/src/page.tsx', 'page\n');
  commit('first');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('bench results belong to a commit (issue 39)', () => {
  it('records the commit and whether the code was committed', () => {
    const head = git('rev-parse', 'HEAD');
    expect(codeState(repo)).toEqual({ commit: head, clean: true });
    write('apps/server/src/menu.ts', 'export const a = 2;\n');
    expect(codeState(repo)).toMatchObject({
      commit: head,
      clean: false,
      changed: ['apps/server/src/menu.ts'],
    });
  });

  it('results and docs written by a run do not make the code unclean', () => {
    write('bench/results/http.json', '{}\n');
    write('docs/performance.md', 'table\n');
    expect(codeState(repo).clean).toBe(true);
  });

  it('a result stays current until the code its bench covers changes', () => {
    const result = measuredNow();
    expect(staleness(repo, 'http', result)).toBeNull();
    // A test, the docs, or the web (which the http bench does not serve) change no figure of it.
    write('apps/server/src/menu.test.ts', 'another test\n');
    write('apps/web/src/page.tsx', 'another page\n');
    commit('tests and web');
    expect(staleness(repo, 'http', result)).toBeNull();
    expect(staleness(repo, 'web-size', { ...result, name: 'web-size' })).toMatch(
      /1 change\(s\).*tests and web/,
    );
    write('apps/server/src/menu.ts', 'export const a = 3;\n');
    commit('faster menu');
    expect(staleness(repo, 'http', result)).toMatch(
      /^1 change\(s\) to the code it covers since .*: [0-9a-f]+ faster menu$/,
    );
  });

  it('a result without a commit, measured on uncommitted code, or of another history is stale', () => {
    expect(staleness(repo, 'http', { name: 'http', budgets: [] })).toMatch(/records no commit/);
    write('apps/server/src/menu.ts', 'export const a = 4;\n');
    expect(staleness(repo, 'http', measuredNow())).toMatch(
      /uncommitted changes \(apps\/server\/src\/menu.ts\)/,
    );
    const foreign = { name: 'http', measured: { commit: 'f'.repeat(40), clean: true } };
    expect(staleness(repo, 'http', foreign)).toMatch(/not in this checkout's history/);
  });

  it('refuses a machine loaded over one per core, unless forced', () => {
    expect(busyReason({ load1: 1.9, cores: 2, force: undefined })).toBeNull();
    expect(busyReason({ load1: 2.5, cores: 2, force: undefined })).toMatch(/load average 2.50 over 2 cores/);
    expect(busyReason({ load1: 2.5, cores: 2, force: '1' })).toBeNull();
  });
});
