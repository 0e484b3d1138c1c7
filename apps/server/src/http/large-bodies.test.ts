import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { LARGE_BODIES_BUSY, LargeBodyGate } from './large-bodies.js';

function deferred() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

describe('the large-body gate', () => {
  it('works on one at a time, in arrival order, and refuses with Retry-After once the line is full', async () => {
    const gate = new LargeBodyGate(1, 2);
    const order: string[] = [];
    const first = deferred();
    const a = gate.run(async () => {
      order.push('a');
      await first.done;
    });
    const b = gate.run(async () => {
      order.push('b');
    });
    const c = gate.run(async () => {
      order.push('c');
    });
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    const refused = await gate.run(async () => 'd').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, message: LARGE_BODIES_BUSY });
    expect((refused as AppError).details).toMatchObject({ retryAfterSeconds: 10 });
    expect(order).toEqual(['a']);
    first.release();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the place when the work fails', async () => {
    const gate = new LargeBodyGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });
});
