import { unavailable } from './errors.js';

/**
 * Large bodies (a meal picture of up to 5 MB as base64, a platform's file of up to its import
 * limit) cost the server seconds of CPU each: parsing the JSON, decoding, resizing the picture,
 * reading the file. Three 4.4 MB uploads at once stalled every other caller for 8 s on two cores
 * (issue 42). So at most `LARGE_BODIES_AT_ONCE` of them are worked on at a time, a few more wait
 * their turn, and past that a caller is told to come back (503 with Retry-After): staff retry, and
 * customers' small requests keep a core. The reads themselves run off the event loop
 * (`lib/off-thread.ts`; pictures in sharp's own threads, limited to one: `integrations/images.ts`).
 */
export const LARGE_BODIES_AT_ONCE = 1;
/** Large bodies that may wait for their turn; one more is refused. */
export const LARGE_BODIES_WAITING = 6;
const RETRY_AFTER_SECONDS = 10;
export const LARGE_BODIES_BUSY =
  'Another large upload is being processed. Please try again in a few seconds.';

export class LargeBodyGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly atOnce = LARGE_BODIES_AT_ONCE,
    private readonly maxWaiting = LARGE_BODIES_WAITING,
  ) {}

  /** Runs `work` when a place is free (in arrival order); refuses at once when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      if (this.waiting.length >= this.maxWaiting) throw unavailable(LARGE_BODIES_BUSY, RETRY_AFTER_SECONDS);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next in line, so nobody overtakes it.
      if (next) next();
      else this.running--;
    }
  }

  /** Bodies being worked on and waiting (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
