// Checks ops/prometheus-rules.yml with Prometheus' own promtool (docs/operations.md, "Alerts and
// runbooks"): `promtool check rules` (syntax, PromQL, templates), `promtool test rules` (the unit
// tests in ops/prometheus-rules.test.yml: every alert fires on its case and stays quiet on the
// other), and the queries of ops/grafana-dashboard.json, its variables given values, checked as
// recording rules. promtool is found as PROMTOOL, else on PATH (.ci/run takes it out of Debian's
// `prometheus` package). Writes test-results/promtool.json, one check per command, for
// scripts/summarise.mjs; exits 1 when a check fails or promtool is missing.
// https://prometheus.io/docs/prometheus/latest/configuration/unit_testing_rules/
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const promtool = process.env.PROMTOOL || 'promtool';
const checks = [];
const check = async (name, args, cwd = join(root, 'ops')) => {
  const code = await run(promtool, args, { cwd });
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

// The dashboard's queries as recording rules (JSON is YAML), with Grafana's variables given values.
const dashboard = JSON.parse(readFileSync(join(root, 'ops', 'grafana-dashboard.json'), 'utf8'));
const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
const concrete = (expr) =>
  expr.replaceAll('$__rate_interval', '5m').replaceAll('$instance', '.*').replaceAll('$job', 'kitchaco');
const scratch = mkdtempSync(join(tmpdir(), 'dashboard-rules-'));
writeFileSync(
  join(scratch, 'dashboard.yml'),
  JSON.stringify({
    groups: [
      {
        name: 'dashboard',
        rules: exprs.map((expr, i) => ({ record: `dashboard:q${i}`, expr: concrete(expr) })),
      },
    ],
  }),
);
await check(
  `the ${exprs.length} queries of ops/grafana-dashboard.json parse`,
  ['check', 'rules', 'dashboard.yml'],
  scratch,
);
rmSync(scratch, { recursive: true, force: true });

const dir = join(root, 'test-results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'promtool.json'), `${JSON.stringify({ checks }, null, 2)}\n`);
for (const c of checks) process.stdout.write(`${c.pass ? 'ok  ' : 'FAIL'} ${c.name}\n`);
process.exit(checks.every((c) => c.pass) ? 0 : 1);
