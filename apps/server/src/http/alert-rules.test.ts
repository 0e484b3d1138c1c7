import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../test/app.js';

/**
 * The alert rules, their runbooks and the Grafana dashboard against what the server exports
 * (docs/operations.md, "Alerts and runbooks"). CI also runs Prometheus' own checks on them
 * (scripts/check-alert-rules.mjs, with promtool); this test needs nothing but the repository.
 */

const root = join(import.meta.dirname, '../../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
// biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, not a JavaScript template.
const DATASOURCE_VARIABLE = '${datasource}';

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules = (
  parse(read('ops/prometheus-rules.yml')) as { groups: { name: string; rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);
const alerts = rules.filter((r) => r.alert);
const recorded = new Set(rules.flatMap((r) => (r.record ? [r.record] : [])));

interface Panel {
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
}
const dashboard = JSON.parse(read('ops/grafana-dashboard.json')) as {
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: unknown }[] };
};

/** PromQL's words that are not metric names: functions, aggregations, operators, modifiers. */
const PROMQL_WORDS = new Set(
  'sum max min avg count topk rate increase delta histogram_quantile time absent min_over_time max_over_time and or unless by on ignoring group_left group_right offset bool without'.split(
    ' ',
  ),
);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, ranges,
 * grouping label lists, Grafana's variables, numbers, durations and PromQL's own words are out.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ')
    .replace(/\boffset\s+\w+/g, ' ');
  const words = bare.match(/[a-zA-Z_:][\w:]*/g) ?? [];
  return [...new Set(words.filter((w) => !PROMQL_WORDS.has(w)))];
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation out, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

describe('metricNames', () => {
  it('finds the metrics of an expression and nothing else', () => {
    expect(
      metricNames(
        'sum by (location) (increase(kitchaco_orders_paid_total{job="$job", channel=~"a|b"}[1h] offset 1w)) * on (location) group_left (name) max(kitchaco_location_open) > 0.5 unless up{job="x"} == 0',
      ).sort(),
    ).toEqual(['kitchaco_location_open', 'kitchaco_orders_paid_total', 'up']);
    expect(
      metricNames('histogram_quantile(0.99, sum by (platform, le) (rate(a_bucket[$__rate_interval])))'),
    ).toEqual(['a_bucket']);
  });
});

describe('the alert rules and their runbooks', () => {
  let t: TestApp;
  /** Every name /metrics exports (histograms with their _bucket, _count and _sum series). */
  const exported = new Set<string>(['up']);

  beforeAll(async () => {
    // Every metric is declared (# TYPE) from the first scrape, even before it has a sample.
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    for (const [, name, type] of res.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(name!);
      if (type === 'histogram')
        for (const suffix of ['_bucket', '_count', '_sum']) exported.add(name! + suffix);
    }
    expect(exported.has('kitchaco_orders_paid_total')).toBe(true);
  });
  afterAll(() => t.close());

  it('has the alerts the issue asks for', () => {
    const names = alerts.map((a) => a.alert);
    for (const name of [
      'KitchacoCheckoutFailureRate',
      'KitchacoNoOrdersAtOpenLocation',
      'KitchacoOutboxStuckSMS',
      'KitchacoMarketplaceInboxFailed',
      'KitchacoWebhookAckSlow',
      'KitchacoReconciliationStale',
      'KitchacoDatabaseUnreachable',
      'KitchacoEventLoopLag',
      'KitchacoLoadShedding',
      'KitchacoPaymentProviderErrors',
      'KitchacoMarketplaceInboxBacklog',
      'KitchacoNoKitchenScreens',
      'KitchacoMemoryNearLimit',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every alert a duration, a severity, a summary, a description and a runbook', () => {
    const headings = new Set(
      [...read('docs/operations.md').matchAll(/^#{2,4} (.+)$/gm)].map(([, text]) => anchorOf(text!)),
    );
    for (const alert of alerts) {
      const what = alert.alert;
      expect(alert.for, what).toMatch(/^\d+[smh]$/);
      expect(['page', 'ticket'], what).toContain(alert.labels?.severity);
      expect(alert.annotations?.summary, what).toBeTruthy();
      expect(alert.annotations?.description, what).toBeTruthy();
      const anchor = /^docs\/operations\.md#([a-z0-9-]+)$/.exec(alert.annotations?.runbook_url ?? '')?.[1];
      expect(anchor, `${what}: runbook_url`).toBeDefined();
      expect(headings.has(anchor!), `${what}: no heading for #${anchor} in docs/operations.md`).toBe(true);
    }
  });

  it('reads only metrics the server exports, or the rules record', () => {
    for (const rule of rules) {
      for (const name of metricNames(rule.expr)) {
        expect(exported.has(name) || recorded.has(name), `${rule.alert ?? rule.record}: ${name}`).toBe(true);
      }
    }
    // Recording rules' names say what they aggregate (level:metric:operations).
    for (const name of recorded) expect(name).toMatch(/^[a-z_]+:[a-z0-9_]+:[a-z0-9_]+$/);
  });

  it('has unit tests in which each alert fires and in which it does not', () => {
    const suite = parse(read('ops/prometheus-rules.test.yml')) as {
      rule_files: string[];
      tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    expect(suite.rule_files).toEqual(['prometheus-rules.yml']);
    const cases = suite.tests.flatMap((test) => test.alert_rule_test ?? []);
    for (const alert of alerts) {
      const own = cases.filter((c) => c.alertname === alert.alert);
      expect(
        own.some((c) => c.exp_alerts.length > 0),
        `${alert.alert} fires in no test`,
      ).toBe(true);
      expect(
        own.some((c) => c.exp_alerts.length === 0),
        `${alert.alert} is quiet in no test`,
      ).toBe(true);
    }
  });

  it('has a dashboard whose panels read only exported metrics, through its data source variable', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    const variables = new Map(dashboard.templating.list.map((v) => [v.name, v]));
    expect(variables.get('datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(variables.get('job')?.type).toBe('query');
    expect(variables.get('instance')?.type).toBe('query');
    const rows = dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title);
    expect(rows).toEqual([
      'Orders & checkouts',
      'Kitchens',
      'Marketplaces',
      'Outbox',
      'Payments & reconciliation',
      'HTTP',
      'Runtime / database',
    ]);
    const queried = dashboard.panels.filter((p) => p.type !== 'row');
    expect(queried.length).toBeGreaterThan(20);
    const used = new Set<string>();
    for (const panel of queried) {
      expect(panel.datasource?.uid, panel.title).toBe(DATASOURCE_VARIABLE);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.datasource?.uid, panel.title).toBe(DATASOURCE_VARIABLE);
        // Instances and jobs are chosen by the variables, never written in.
        expect(target.expr, panel.title).toContain('job="$job"');
        for (const name of metricNames(target.expr)) {
          expect(exported.has(name), `${panel.title}: ${name}`).toBe(true);
          used.add(name);
        }
      }
    }
    // Every signal an alert reads is on the dashboard too.
    for (const rule of alerts) {
      for (const name of metricNames(rule.expr).filter((n) => exported.has(n))) {
        expect(used.has(name), `${rule.alert} reads ${name}, which no panel shows`).toBe(true);
      }
    }
  });
});
