import type { Registry } from 'prom-client';

/** One labelled series of a LeanHistogram: its labels and its counts per bucket (not cumulative). */
export interface HistogramSeries {
  readonly labels: Readonly<Record<string, string>>;
  /** counts[i]: observations at most buckets[i] and above buckets[i - 1]; the last is above all. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram for the hot path (every HTTP answer): the caller keeps the series it
 * observes (looked up once per route, method, status and query_type), so an observation is a walk
 * over the buckets and two additions. prom-client's own Histogram validates and hashes the label
 * object of every observation (about 0.7 µs here), a measurable share of a 20 µs answer
 * (docs/performance.md, "Metrics overhead"). Exposed through prom-client's registry as any metric
 * is (`registerMetric`: name, help, type and `get()`), so the text exposition is prom-client's.
 */
export class LeanHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** The series of these labels under `key` (a string naming them), made on first use. */
  seriesFor(key: string, labels: () => Record<string, string>): HistogramSeries {
    let found = this.series.get(key);
    if (!found) {
      found = { labels: labels(), counts: new Float64Array(this.buckets.length + 1), sum: 0, count: 0 };
      this.series.set(key, found);
    }
    return found;
  }

  observe(series: HistogramSeries, value: number): void {
    const { buckets } = this;
    let i = 0;
    while (i < buckets.length && value > (buckets[i] as number)) i++;
    (series.counts as Float64Array)[i] = ((series.counts as Float64Array)[i] as number) + 1;
    series.sum += value;
    series.count += 1;
  }

  /** What prom-client's registry formats: cumulative buckets with `le`, then `_sum` and `_count`. */
  async get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      for (let i = 0; i <= this.buckets.length; i++) {
        cumulative += s.counts[i] as number;
        const le = i < this.buckets.length ? (this.buckets[i] as number) : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
      }
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}
