interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items submitted while `maxInFlight` writes are already running wait, and are then
 * written together by one call of `write` (one statement, one round trip, one commit). With few
 * requests every item goes alone at once; under load the round trips and commits are shared.
 *
 * A batch is all or nothing, so one bad item must not fail the others: when a batch of several
 * fails, each of its items is written again alone, and only the ones that fail alone fail.
 */
export class WriteBatcher<T, R> {
  private readonly waiting: Waiting<T, R>[] = [];
  private inFlight = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly options: { maxInFlight: number; maxBatch: number },
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.write(batch.map((w) => w.item));
      for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(
        batch.map(async (w) => {
          try {
            const [result] = await this.write([w.item]);
            w.resolve(result as R);
          } catch (alone) {
            w.reject(alone);
          }
        }),
      );
    }
  }
}
