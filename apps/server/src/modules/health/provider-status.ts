import type { Provider } from '@kitchaco/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { Adapters } from '../../integrations/adapters.js';
import { DeliveryError } from '../../integrations/delivery-error.js';
import { recordProviderError, recordProviderSuccess } from './health.queries.js';

/** A success is written at most this often per provider and instance (ms). */
export const SUCCESS_WRITE_EVERY_MS = 30_000;
/** An error is written at most this often per provider and instance (ms); the latest one is kept. */
export const ERROR_WRITE_EVERY_MS = 1_000;
/** The longest error text kept. */
const ERROR_TEXT_MAX = 300;

/**
 * Each outside provider's last success and last error, written to the shared database so the
 * health page shows every instance's calls (docs/operations.md, "Health page"). Only providers the
 * settings configure are recorded: the local adapters and the demo's test provider reach nobody.
 * Writes never fail a caller: a failed write is logged and forgotten.
 */
export interface ProviderRecorder {
  /** The provider answered. Written at once after an error, else at most every 30 s. */
  success(provider: Provider): Promise<void>;
  /** The provider did not answer, or refused our credentials. Written at most once a second. */
  failure(provider: Provider, error: unknown): Promise<void>;
  /** Writes an error held back by the throttle now, and waits for the writes under way (tests; the app's close). */
  flush(): Promise<void>;
}

/** Whether the settings point a provider at the real service (not a local stand-in). */
export function providerConfigured(config: Config, provider: Provider): boolean {
  switch (provider) {
    case 'twilio':
      return config.sms.kind === 'twilio';
    case 'email':
      return config.email.kind === 'smtp';
    case 'square':
      return config.payments.provider === 'square';
    case 'uber_eats':
      return config.uberEats !== null;
    case 'doordash':
      return config.doordash !== null;
    case 'deliveroo':
      return config.deliveroo !== null;
  }
}

/**
 * A provider's error as it may be shown: no phone number (Twilio's 21211 repeats the recipient's),
 * no email address, no card-like digits, no bearer token or key; at most 300 characters.
 */
export function scrubErrorText(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]')
    .replace(/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [hidden]')
    .replace(/\b(sk|pk|key|token|secret)[-_][\w-]{8,}/gi, '[hidden]')
    .replace(/\+?\d[\d ().-]{5,}\d/g, '[number]')
    .slice(0, ERROR_TEXT_MAX);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  return scrubErrorText(text || 'no detail');
}

interface Throttle {
  lastSuccessWrite: number;
  /** The last thing written was an error: the next success is written at once. */
  errorShown: boolean;
  lastErrorWrite: number;
  held: { at: Date; text: string } | null;
  timer: NodeJS.Timeout | null;
}

export function createProviderRecorder(options: {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}): ProviderRecorder {
  const { config, db, clock, log } = options;
  const state = new Map<Provider, Throttle>();
  const stateOf = (provider: Provider): Throttle => {
    let s = state.get(provider);
    if (!s) {
      s = {
        lastSuccessWrite: -Infinity,
        errorShown: false,
        lastErrorWrite: -Infinity,
        held: null,
        timer: null,
      };
      state.set(provider, s);
    }
    return s;
  };
  const written = (what: string, provider: Provider) => (error: unknown) =>
    log.warn({ err: error, provider }, `the provider status could not be written (${what})`);
  /** Writes under way: the app's close waits for them before the database closes. */
  const inFlight = new Set<Promise<void>>();
  const tracked = (write: Promise<void>) => {
    inFlight.add(write);
    return write.finally(() => inFlight.delete(write));
  };

  const writeError = async (provider: Provider, s: Throttle, at: Date, text: string) => {
    s.lastErrorWrite = at.getTime();
    s.errorShown = true;
    await tracked(recordProviderError(db, provider, at, text).catch(written('error', provider)));
  };
  const writeHeld = async (provider: Provider, s: Throttle) => {
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
    const held = s.held;
    s.held = null;
    if (held) await writeError(provider, s, held.at, held.text);
  };

  return {
    async success(provider) {
      if (!providerConfigured(config, provider)) return;
      const s = stateOf(provider);
      const now = clock.now();
      if (!s.errorShown && now.getTime() - s.lastSuccessWrite < SUCCESS_WRITE_EVERY_MS) return;
      // An error held back happened before this success: it goes first, so the order stays true.
      if (s.held) await writeHeld(provider, s);
      s.lastSuccessWrite = now.getTime();
      s.errorShown = false;
      await tracked(recordProviderSuccess(db, provider, now).catch(written('success', provider)));
    },
    async failure(provider, error) {
      if (!providerConfigured(config, provider)) return;
      const s = stateOf(provider);
      const now = clock.now();
      const text = errorText(error);
      if (now.getTime() - s.lastErrorWrite >= ERROR_WRITE_EVERY_MS && !s.held) {
        await writeError(provider, s, now, text);
        return;
      }
      // Too soon after the last one: keep the newest, written when the second is over.
      s.held = { at: now, text };
      s.timer ??= setTimeout(() => void writeHeld(provider, s), ERROR_WRITE_EVERY_MS).unref();
    },
    async flush() {
      await Promise.all([...state].map(([provider, s]) => writeHeld(provider, s)));
      await Promise.all([...inFlight]);
    },
  };
}

/**
 * Calls `call`, recording the provider's answer: a resolved call is a success, and so is a throw
 * that `answered` says came from the provider's answer about this request (a refusal of one
 * message or order); any other throw (no answer, a 5xx, our credentials refused) is a failure.
 */
export async function observed<T>(
  recorder: ProviderRecorder,
  provider: Provider,
  call: () => Promise<T>,
  answered: (error: unknown) => boolean = (error) =>
    error instanceof DeliveryError && error.kind === 'permanent',
): Promise<T> {
  try {
    const answer = await call();
    void recorder.success(provider);
    return answer;
  } catch (error) {
    if (answered(error)) void recorder.success(provider);
    else void recorder.failure(provider, error);
    throw error;
  }
}

/**
 * The adapters with every call to SMS, email and the card provider recorded (the marketplaces'
 * clients record their own calls: modules/marketplaces). Declines and refusals are answers: only
 * a call that throws (no answer, a 5xx, our credentials refused) is a failure.
 */
export function recordedAdapters(adapters: Adapters, recorder: ProviderRecorder, config: Config): Adapters {
  const { sms, email, payments } = adapters;
  const on = (provider: Provider) => providerConfigured(config, provider);
  return {
    ...adapters,
    sms: on('twilio')
      ? { ...sms, send: (message, options) => observed(recorder, 'twilio', () => sms.send(message, options)) }
      : sms,
    email: on('email')
      ? { ...email, send: (message) => observed(recorder, 'email', () => email.send(message)) }
      : email,
    payments: on('square')
      ? {
          ...payments,
          authorize: (request) => observed(recorder, 'square', () => payments.authorize(request)),
          complete: (id) => observed(recorder, 'square', () => payments.complete(id)),
          cancel: (id) => observed(recorder, 'square', () => payments.cancel(id)),
          cancelByKey: (key) => observed(recorder, 'square', () => payments.cancelByKey(key)),
          getPayment: (id) => observed(recorder, 'square', () => payments.getPayment(id)),
          listPayments: (range) => observed(recorder, 'square', () => payments.listPayments(range)),
          refund: (request) => observed(recorder, 'square', () => payments.refund(request)),
          getRefund: (id) => observed(recorder, 'square', () => payments.getRefund(id)),
        }
      : payments,
  };
}
