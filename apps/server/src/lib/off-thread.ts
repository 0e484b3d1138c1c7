import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  type CsvImport,
  type DoordashWebhook,
  type JsonTextRead,
  type MarketplaceChannel,
  type PayoutChannel,
  type PayoutRead,
  readDoordashWebhookText,
  readMarketplaceCsv,
  readPayoutReport,
  readWebhookText,
} from '@kitchaco/domain';

/**
 * Reading a large platform file (an order export, a payout report) costs seconds of CPU: 74,000
 * rows of an Uber Eats export (4.9 MB) took 4.3 s, most of it time-zone arithmetic and garbage
 * collection. Done on the event loop it stalled every other caller for that long and the load
 * shedder answered them 503 (issue 42). A file above `OFF_THREAD_MIN_BYTES` is therefore read in a
 * worker thread of its own, running the same pure domain functions; smaller ones (every file a
 * person makes by hand, every test fixture) are read in place, where starting a thread (about
 * 100 ms) would cost more than the read.
 *
 * The worker loads the domain package's build (`@kitchaco/domain`, resolved as Node resolves it),
 * so the same file runs under the tests and in production; the answer comes back by structured
 * clone (dates and amounts intact). One worker per file, ended when it answers: nothing stays
 * running. How many run at once is bounded by the large-body admission (`http/large-bodies.ts`).
 */
export const OFF_THREAD_MIN_BYTES = 256 * 1024;

/**
 * A webhook's body read the same way from this size: reading a DoorDash order of 1,000 lines
 * (about 700 KiB) took 20-80 ms of zod checks and normalising, on the webhook and again in the
 * inbox, while every other request waited. A thread's start (about 100 ms) is paid on the answer
 * to DoorDash, which waits seconds; below this size the read takes a few milliseconds in place.
 */
export const OFF_THREAD_WEBHOOK_MIN_BYTES = 128 * 1024;

export type OffThreadJob =
  | {
      kind: 'marketplace-csv';
      channel: MarketplaceChannel;
      text: string;
      /** The time zone of each mapped store's location; others read in the default zone. */
      timeZones: Record<string, string>;
      defaultTimeZone: string;
    }
  | { kind: 'payout-report'; channel: PayoutChannel; text: string }
  | { kind: 'doordash-webhook'; text: string; receivedAt: Date }
  | { kind: 'webhook-body'; channel: WebhookChannel; text: string };

type WebhookChannel = Parameters<typeof readWebhookText>[0];

type Answer<J extends OffThreadJob> = J extends { kind: 'marketplace-csv' }
  ? CsvImport
  : J extends { kind: 'doordash-webhook' }
    ? JsonTextRead<DoordashWebhook>
    : J extends { kind: 'webhook-body' }
      ? ReturnType<typeof readWebhookText<J['channel']>>
      : PayoutRead;

// The worker's code: an ES module would need a file of its own next to the build; an evaluated
// script that imports the domain by its resolved address runs the same from src (tests) and dist.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.domain).then((domain) => {
  const job = workerData.job;
  try {
    const answer =
      job.kind === 'marketplace-csv'
        ? domain.readMarketplaceCsv(job.channel, job.text, {
            timeZoneOf: (storeId) => job.timeZones[storeId] ?? job.defaultTimeZone,
          })
        : job.kind === 'doordash-webhook'
          ? domain.readDoordashWebhookText(job.text, job.receivedAt)
          : job.kind === 'webhook-body'
            ? domain.readWebhookText(job.channel, job.text)
          : domain.readPayoutReport(job.channel, job.text);
    parentPort.postMessage({ ok: true, answer });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.stack || error) });
  }
});
`;

let domainUrl: string | null = null;
/**
 * The domain's build. Under the tests Node resolves the package to its TypeScript source (the
 * `@kitchaco/source` condition, which Vite compiles), which a worker cannot load: its build beside
 * it is taken instead (`npx tsc -b` makes it, as the server tests need anyway).
 */
function domainAddress(): string {
  const resolved = createRequire(import.meta.url).resolve('@kitchaco/domain');
  domainUrl ??= pathToFileURL(resolved.replace(/[/\\]src[/\\]index\.ts$/, '/dist/index.js')).href;
  return domainUrl;
}

/** Runs a read in a worker thread and resolves to its answer (rejects with the worker's error). */
export function runOffThread<J extends OffThreadJob>(job: J): Promise<Answer<J>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { domain: domainAddress(), job } });
    let settled = false;
    worker.once('message', (message: { ok: true; answer: Answer<J> } | { ok: false; message: string }) => {
      settled = true;
      void worker.terminate();
      if (message.ok) resolve(message.answer);
      else reject(new Error(`The file could not be read off the event loop: ${message.message}`));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The file reader stopped (exit code ${code}) before answering.`));
    });
  });
}

/** Reads a platform's order export: in place when small, in a worker thread when large. */
export async function readMarketplaceFile(
  job: Omit<Extract<OffThreadJob, { kind: 'marketplace-csv' }>, 'kind'>,
): Promise<CsvImport> {
  if (Buffer.byteLength(job.text) >= OFF_THREAD_MIN_BYTES) {
    return runOffThread({ kind: 'marketplace-csv', ...job });
  }
  return readMarketplaceCsv(job.channel, job.text, {
    timeZoneOf: (storeId) => job.timeZones[storeId] ?? job.defaultTimeZone,
  });
}

/** Reads a DoorDash webhook's body: in place when small, in a worker thread when large. */
export async function readDoordashFile(
  text: string,
  receivedAt: Date,
): Promise<JsonTextRead<DoordashWebhook>> {
  if (Buffer.byteLength(text) >= OFF_THREAD_WEBHOOK_MIN_BYTES) {
    return runOffThread({ kind: 'doordash-webhook', text, receivedAt });
  }
  return readDoordashWebhookText(text, receivedAt);
}

/** Reads a platform's webhook body as its route declares it: in place when small, in a worker thread when large. */
export async function readWebhookBody<C extends WebhookChannel>(channel: C, text: string) {
  if (Buffer.byteLength(text) >= OFF_THREAD_WEBHOOK_MIN_BYTES) {
    return runOffThread({ kind: 'webhook-body', channel, text }) as Promise<
      ReturnType<typeof readWebhookText<C>>
    >;
  }
  return readWebhookText(channel, text);
}

/** Reads a platform's payout report: in place when small, in a worker thread when large. */
export async function readPayoutFile(channel: PayoutChannel, text: string): Promise<PayoutRead> {
  if (Buffer.byteLength(text) >= OFF_THREAD_MIN_BYTES) {
    return runOffThread({ kind: 'payout-report', channel, text });
  }
  return readPayoutReport(channel, text);
}
