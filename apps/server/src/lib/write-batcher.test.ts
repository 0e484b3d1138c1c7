import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batcher.js';

/** A write whose calls the test finishes by hand, recording the batches it was given. */
function manualWrite(fail: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (items: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push(items);
      pending.push(() =>
        items.some(fail) ? reject(new Error(`bad batch ${items}`)) : resolve(items.map((i) => i * 10)),
      );
    });
  const finishAll = async () => {
    while (pending.length > 0) {
      for (const done of pending.splice(0)) done();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { write, batches, finishAll };
}

describe('write batcher', () => {
  it('writes alone while there is room, and together what arrives meanwhile', async () => {
    const w = manualWrite();
    const batcher = new WriteBatcher(w.write, { maxInFlight: 2, maxBatch: 3 });
    const answers = [1, 2, 3, 4, 5, 6, 7].map((i) => batcher.submit(i));
    expect(w.batches).toEqual([[1], [2]]);
    await w.finishAll();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70]);
    // 3..7 waited: the first freed slot took the first three, the second the rest.
    expect(w.batches).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
  });

  it('fails only the item that fails alone when a shared write fails', async () => {
    const w = manualWrite((item) => item === 4);
    const batcher = new WriteBatcher(w.write, { maxInFlight: 1, maxBatch: 10 });
    const answers = [1, 2, 3, 4, 5].map((i) => batcher.submit(i).catch((e: Error) => e.message));
    await w.finishAll();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 'bad batch 4', 50]);
    expect(w.batches).toEqual([[1], [2, 3, 4, 5], [2], [3], [4], [5]]);
  });
});
