// Checks ops/prometheus-rules.yml with Prometheus' own promtool (docs/operations.md, "Alerts and
// runbooks"): `promtool check rules` (syntax, PromQL, templates) and `promtool test rules` (the unit
// tests in ops/prometheus-rules.test.yml: every alert fires on its case and stays quiet on the
// other). promtool is found as PROMTOOL, else on PATH (.ci/run takes it out of Debian's
// `prometheus` package). Writes test-results/promtool.json, one check per command, for
// scripts/summarise.mjs; exits 1 when a check fails or promtool is missing.
// https://prometheus.io/docs/prometheus/latest/configuration/unit_testing_rules/
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const promtool = process.env.PROMTOOL || 'promtool';
const checks = [];
const check = async (name, args) => {
  const code = await run(promtool, args, { cwd: join(root, 'ops') });
  if (code === 127) {
    checks.push({ name: `${name}: promtool not found (${promtool})`, pass: false });
    return;
  }
  checks.push({ name, pass: code === 0 });
};
await check('promtool check rules ops/prometheus-rules.yml', ['check', 'rules', 'prometheus-rules.yml']);
await check('promtool test rules ops/prometheus-rules.test.yml', [
  'test',
  'rules',
  'prometheus-rules.test.yml',
]);

const dir = join(root, 'test-results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'promtool.json'), `${JSON.stringify({ checks }, null, 2)}\n`);
for (const c of checks) process.stdout.write(`${c.pass ? 'ok  ' : 'FAIL'} ${c.name}\n`);
process.exit(checks.every((c) => c.pass) ? 0 : 1);
