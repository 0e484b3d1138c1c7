import { describe, expect, it } from 'vitest';
import { readSampler, requestSkipper } from './read-sampler.js';

describe('readSampler (TRACE_READS_RATIO, TRACE_READS_PER_SECOND)', () => {
  it('traces the share the ratio picks', () => {
    const draws = [0.01, 0.04, 0.05, 0.5, 0.99];
    const sample = readSampler(
      0.05,
      100,
      () => 0,
      () => draws.shift()!,
    );
    expect([1, 2, 3, 4, 5].map(() => sample())).toEqual([true, true, false, false, false]);
  });

  it('traces at most the cap in any one second, and again in the next', () => {
    let now = 10_000;
    const sample = readSampler(1, 3, () => now);
    const second = () => Array.from({ length: 5 }, () => sample()).filter(Boolean).length;
    expect(second()).toBe(3);
    now = 10_999;
    expect(second()).toBe(0);
    now = 11_000;
    expect(second()).toBe(3);
  });

  it('does not count a read the ratio left out against the cap', () => {
    const draws = [0.9, 0.9, 0.0, 0.0];
    const sample = readSampler(
      0.5,
      2,
      () => 0,
      () => draws.shift()!,
    );
    expect([sample(), sample(), sample(), sample()]).toEqual([false, false, true, true]);
  });

  it('traces no read at ratio 0', () => {
    const sample = readSampler(0, 10);
    expect(Array.from({ length: 1000 }, () => sample()).some(Boolean)).toBe(false);
  });
});

describe('requestSkipper (@fastify/otel ignorePaths)', () => {
  const untraced = (url: string | undefined) => url === '/healthz';

  it('wraps no route at its registration: each request is decided once, in its onRequest', () => {
    const skip = requestSkipper(1, 100, untraced);
    expect(skip({ url: '/api/v1/vendors/', method: 'GET', handler: () => {} })).toBe(true);
    expect(skip({ url: '/api/v1/orders/', method: 'POST', handler: () => {} })).toBe(true);
    expect(skip({ url: '/api/v1/vendors/', method: 'GET' })).toBe(false);
  });

  it('traces every write, reads by the sampler, never the health checks', () => {
    const draws = [true, false];
    const skip = requestSkipper(0.5, 10, untraced, () => draws.shift()!);
    expect(skip({ url: '/api/v1/orders/', method: 'POST' })).toBe(false);
    expect(skip({ url: '/healthz', method: 'GET' })).toBe(true);
    expect(skip({ url: '/api/v1/vendors/', method: 'GET' })).toBe(false);
    expect(skip({ url: '/api/v1/vendors/1/menu/', method: 'HEAD' })).toBe(true);
  });

  it('leaves the reads to OTEL_TRACES_SAMPLER when it is set (no ratio)', () => {
    const skip = requestSkipper(null, 10, untraced);
    expect(skip({ url: '/api/v1/vendors/', method: 'GET' })).toBe(false);
  });
});
