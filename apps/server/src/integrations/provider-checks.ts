import type { CheckedProvider, ProviderCheck } from '@kitchaco/domain';
import { type Config, DEMO_DELIVEROO_CLIENT, DEMO_DOORDASH, DEMO_UBER_EATS_CLIENT_ID } from '../config.js';
import { DeliverooApi } from './deliveroo.js';
import { doordashJwt } from './doordash.js';
import { appSecretProof } from './facebook.js';
import { SQUARE_VERSION, type SquareError } from './square.js';

/**
 * The go-live check (`npm run providers:check`, `admin_provider_check`; docs/go-live.md): one
 * harmless read per provider with the configured credentials, each bounded by a short timeout,
 * answered in words an operator can act on. Nothing is created, sent or changed anywhere:
 * - Square: ListLocations, `GET /v2/locations`
 *   (https://developer.squareup.com/reference/square/locations-api/list-locations), and whether
 *   SQUARE_LOCATION_ID (and each pickup location's own Square location) is one of them, ACTIVE,
 *   with CREDIT_CARD_PROCESSING (https://developer.squareup.com/reference/square/objects/Location);
 * - Uber Eats: a client-credentials token for `eats.order eats.store`
 *   (https://developer.uber.com/docs/eats/guides/authentication; a scope the app lacks is
 *   `invalid_scope`, RFC 6749 section 5.2), then Get Store Details of each mapped store,
 *   `GET /v1/eats/stores/{store_id}` with `eats.store`
 *   (https://developer.uber.com/docs/eats/references/api/v1/get-eats-stores-storeid). One token per
 *   check (two or three when a scope is refused): Uber gives an app at most 100 tokens an hour;
 * - DoorDash: the JWT of the Marketplace API (doordash.ts) on GET Store Info of each mapped store,
 *   `GET /marketplace/api/v1/stores/{merchant_supplied_id}/store_details`
 *   (https://developer.doordash.com/en-US/docs/marketplace/how_to/get_menu_and_store_info);
 * - Deliveroo: a client-credentials token from its token endpoint, the adapter's own request
 *   (deliveroo.ts; https://api-docs.deliveroo.com/docs/authentication), and nothing else. The
 *   Site API's reads (https://api-docs.deliveroo.com/reference/introduction-2) are addressed by
 *   Deliveroo's brand id, which a store mapping does not hold (only the site's `location_id`), and
 *   are a separate API access of the integration: the token alone is checked (docs/go-live.md);
 * - Twilio: the account, `GET /2010-04-01/Accounts/{AccountSid}.json`
 *   (https://www.twilio.com/docs/iam/api/account), and the sender among its numbers,
 *   `GET .../IncomingPhoneNumbers.json?PhoneNumber=` with its `capabilities.sms`
 *   (https://www.twilio.com/docs/phone-numbers/api/incomingphonenumber-resource);
 * - email: an SMTP connection and login, nodemailer's `transporter.verify()`
 *   (https://nodemailer.com/smtp/#verify-smtp-connection-configuration), no message sent;
 * - Facebook: `GET /debug_token` of the app token (`{app-id}|{app-secret}`) with its
 *   appsecret_proof (https://developers.facebook.com/docs/graph-api/reference/debug_token).
 */

/** Each call of the check is given up after this long (ms). */
export const PROVIDER_CHECK_TIMEOUT_MS = 5_000;

/** What the database says the providers must know: mapped stores and pickup locations' Square ids. */
export interface ProviderCheckTargets {
  stores: { channel: 'uber_eats' | 'doordash'; storeId: string; location: string; brand: string | null }[];
  /** Pickup locations that name their own Square location (beside SQUARE_LOCATION_ID). */
  squareLocations: { location: string; squareLocationId: string }[];
}

/** Providers that must be ready in production: without them no one signs in, pays or gets mail. */
const REQUIRED_IN_PRODUCTION: ReadonlySet<CheckedProvider> = new Set(['square', 'twilio', 'email']);

type Outcome = Omit<ProviderCheck, 'provider' | 'required'>;
const ready = (detail: string): Outcome => ({ status: 'ready', detail });
const problem = (detail: string): Outcome => ({ status: 'problem', detail });
const notConfigured = (detail: string): Outcome => ({ status: 'not_configured', detail });

/** A call that got no answer in time, or no connection: said once, the same way for each provider. */
class NoAnswer extends Error {}

async function call(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    throw new NoAnswer(
      e.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s from ${new URL(url).host}`
        : `${new URL(url).host} could not be reached (${e.cause?.code ?? e.message})`,
    );
  }
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  return ((await response.json().catch(() => null)) as Record<string, unknown> | null) ?? {};
}

const storeName = (s: ProviderCheckTargets['stores'][number]) =>
  `store ${s.storeId} (${s.location}${s.brand ? ` / ${s.brand}` : ''})`;

/** Every provider's line, in CHECKED_PROVIDERS order; one provider's failure never stops another. */
export async function checkProviders(
  config: Config,
  targets: ProviderCheckTargets,
  options: { timeoutMs?: number } = {},
): Promise<ProviderCheck[]> {
  const timeoutMs = options.timeoutMs ?? PROVIDER_CHECK_TIMEOUT_MS;
  const checks: Record<CheckedProvider, () => Promise<Outcome>> = {
    square: () => checkSquare(config, targets, timeoutMs),
    uber_eats: () => checkUberEats(config, targets, timeoutMs),
    doordash: () => checkDoordash(config, targets, timeoutMs),
    deliveroo: () => checkDeliveroo(config, timeoutMs),
    twilio: () => checkTwilio(config, timeoutMs),
    email: () => checkEmail(config, timeoutMs),
    facebook: () => checkFacebook(config, timeoutMs),
  };
  const production = config.env === 'production';
  return Promise.all(
    (Object.keys(checks) as CheckedProvider[]).map(async (provider) => {
      let outcome: Outcome;
      try {
        outcome = await checks[provider]();
      } catch (error) {
        outcome = problem(
          error instanceof NoAnswer
            ? `${error.message}: check the address setting, the network and the provider's status page, then try again`
            : `the check failed: ${(error as Error).message}`,
        );
      }
      return { provider, ...outcome, required: production && REQUIRED_IN_PRODUCTION.has(provider) };
    }),
  );
}

/** False when any provider has a problem, or one production requires is not configured there. */
export function allReady(checks: ProviderCheck[]): boolean {
  return checks.every((c) => c.status === 'ready' || (c.status === 'not_configured' && !c.required));
}

// ---------------------------------------------------------------- Square

interface SquareLocation {
  id: string;
  name?: string;
  status?: string;
  capabilities?: string[];
}

async function checkSquare(
  config: Config,
  targets: ProviderCheckTargets,
  timeoutMs: number,
): Promise<Outcome> {
  if (config.payments.provider !== 'square') {
    return notConfigured(
      config.env === 'production'
        ? 'PAYMENTS_PROVIDER=test: no card is charged; set PAYMENTS_PROVIDER=square and the SQUARE_* settings'
        : 'PAYMENTS_PROVIDER=test: the local test provider takes the payments, nothing reaches Square',
    );
  }
  const square = config.payments.square;
  const response = await call(
    `${square.baseUrl}/v2/locations`,
    {
      headers: {
        authorization: `Bearer ${square.accessToken}`,
        'square-version': SQUARE_VERSION,
        accept: 'application/json',
      },
    },
    timeoutMs,
  );
  const body = (await jsonOf(response)) as { locations?: SquareLocation[]; errors?: SquareError[] };
  const reason = body.errors?.[0] ? `, ${body.errors[0].code}` : '';
  if (response.status === 401) {
    return problem(
      `Square answered 401${reason}: SQUARE_ACCESS_TOKEN is refused (wrong token, or a token of the other environment: SQUARE_ENVIRONMENT is ${square.environment})`,
    );
  }
  if (response.status === 403) {
    return problem(
      `Square answered 403${reason}: SQUARE_ACCESS_TOKEN may not read the seller's locations (the MERCHANT_PROFILE_READ permission); give the application that permission and take a new token`,
    );
  }
  if (!response.ok) {
    return problem(`Square answered ${response.status}${reason} to ListLocations: try again shortly`);
  }
  const locations = body.locations ?? [];
  const listed = locations.map((l) => `${l.id} (${l.name ?? 'no name'})`).join(', ') || 'none';
  const problems: string[] = [];
  const named = (id: string, setting: string) => {
    const found = locations.find((l) => l.id === id);
    if (!found) return `${setting} ${id} is not one of this account's locations: ${listed}`;
    if (found.status !== 'ACTIVE') {
      return `${setting} ${id} (${found.name}) is ${found.status ?? 'not active'} in Square: activate it in the Square Dashboard or name an active one`;
    }
    if (!found.capabilities?.includes('CREDIT_CARD_PROCESSING')) {
      return `${setting} ${id} (${found.name}) cannot take cards yet (no CREDIT_CARD_PROCESSING): finish the seller's Square onboarding`;
    }
    return null;
  };
  const main = named(square.locationId, 'SQUARE_LOCATION_ID');
  if (main) problems.push(main);
  for (const own of targets.squareLocations) {
    const wrong = named(own.squareLocationId, `the Square location of ${own.location}`);
    if (wrong) problems.push(wrong);
  }
  if (problems.length) return problem(problems.join('; '));
  const mainName = locations.find((l) => l.id === square.locationId)?.name;
  const others = targets.squareLocations.length
    ? `, and the ${targets.squareLocations.length} pickup location(s) with their own Square location`
    : '';
  return ready(
    `Square ${square.environment}: SQUARE_LOCATION_ID ${square.locationId} (${mainName}) is active and takes cards${others}`,
  );
}

// ---------------------------------------------------------------- Uber Eats

/** The scopes the check asks for: orders (the inbox worker's) and stores (to read each mapped one). */
const UBER_CHECK_SCOPES = ['eats.order', 'eats.store'] as const;

async function uberToken(
  config: NonNullable<Config['uberEats']>,
  scope: string,
  timeoutMs: number,
): Promise<{ token: string } | { status: number; error: string }> {
  const response = await call(
    config.authUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: 'client_credentials',
        scope,
      }).toString(),
    },
    timeoutMs,
  );
  const body = await jsonOf(response);
  if (response.ok && typeof body.access_token === 'string') return { token: body.access_token };
  return { status: response.status, error: typeof body.error === 'string' ? body.error : 'no error code' };
}

async function checkUberEats(
  config: Config,
  targets: ProviderCheckTargets,
  timeoutMs: number,
): Promise<Outcome> {
  const uber = config.uberEats;
  if (!uber) {
    return notConfigured(
      'UBER_EATS_CLIENT_ID and UBER_EATS_CLIENT_SECRET are unset: Uber Eats orders are refused',
    );
  }
  if (uber.clientId === DEMO_UBER_EATS_CLIENT_ID) {
    return notConfigured("the demo's credentials: the demo's stand-in answers, not Uber");
  }
  const taken = await uberToken(uber, UBER_CHECK_SCOPES.join(' '), timeoutMs);
  if ('status' in taken) {
    if (taken.error === 'invalid_scope') {
      for (const scope of UBER_CHECK_SCOPES) {
        const alone = await uberToken(uber, scope, timeoutMs);
        if ('status' in alone && alone.error === 'invalid_scope') {
          return problem(
            scope === 'eats.order'
              ? 'Uber Eats token lacks scope eats.order: ask Uber to add it to the app (without it no order can be read, accepted or denied)'
              : 'Uber Eats token lacks scope eats.store: ask Uber to add it to the app (it lets this check read the mapped stores)',
          );
        }
      }
      return problem(
        'Uber Eats refused the scopes eats.order and eats.store together (400 invalid_scope): ask Uber which the app holds',
      );
    }
    if (taken.status === 400 || taken.status === 401 || taken.status === 403) {
      return problem(
        `Uber Eats answered ${taken.status} ${taken.error}: UBER_EATS_CLIENT_ID or UBER_EATS_CLIENT_SECRET is refused; copy both again from the app's Setup page in Uber's developer dashboard`,
      );
    }
    return problem(`Uber Eats' token endpoint answered ${taken.status} (${taken.error}): try again shortly`);
  }
  const stores = targets.stores.filter((s) => s.channel === 'uber_eats');
  const refused: string[] = [];
  for (const store of stores) {
    const response = await call(
      `${uber.apiUrl}/v1/eats/stores/${encodeURIComponent(store.storeId)}`,
      { headers: { authorization: `Bearer ${taken.token}`, accept: 'application/json' } },
      timeoutMs,
    );
    await response.body?.cancel();
    if (!response.ok)
      refused.push(`${storeName(store)} is not readable with these credentials: ${response.status}`);
  }
  if (refused.length) {
    return problem(
      `${refused.join('; ')}. Check the store id under Marketplaces → Store mappings, and that Uber has linked the store to this app`,
    );
  }
  return ready(
    stores.length
      ? `token with eats.order and eats.store; ${stores.length} mapped store(s) readable`
      : 'token with eats.order and eats.store; no Uber Eats store is mapped yet: map each under Marketplaces → Store mappings before its first order',
  );
}

// ---------------------------------------------------------------- DoorDash

async function checkDoordash(
  config: Config,
  targets: ProviderCheckTargets,
  timeoutMs: number,
): Promise<Outcome> {
  const doordash = config.doordash;
  if (!doordash) return notConfigured('the DOORDASH_* settings are unset: DoorDash orders are refused');
  if (doordash.developerId === DEMO_DOORDASH.developerId) {
    return notConfigured("the demo's credentials: the demo's stand-in answers, not DoorDash");
  }
  const stores = targets.stores.filter((s) => s.channel === 'doordash');
  if (!stores.length) {
    return problem(
      'no DoorDash store is mapped, so the credentials could not be tried: map each store (its merchant_supplied_id) under Marketplaces → Store mappings, then check again',
    );
  }
  const refused: string[] = [];
  for (const store of stores) {
    const response = await call(
      `${doordash.apiUrl}/marketplace/api/v1/stores/${encodeURIComponent(store.storeId)}/store_details`,
      {
        headers: {
          authorization: `Bearer ${doordashJwt(doordash, new Date())}`,
          'auth-version': 'v2',
          accept: 'application/json',
        },
      },
      timeoutMs,
    );
    const body = await jsonOf(response);
    if (response.status === 401) {
      return problem(
        `DoorDash answered 401 (${String(body.message ?? 'no reason given')}): our JWT is refused; check DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET against the access key in the Developer Portal`,
      );
    }
    if (!response.ok) {
      refused.push(`${storeName(store)} is not readable with these credentials: ${response.status}`);
    } else if (body.is_active === false) {
      refused.push(`${storeName(store)} is deactivated at DoorDash`);
    }
  }
  if (refused.length) {
    return problem(
      `${refused.join('; ')}. Check the store id (merchant_supplied_id) under Marketplaces → Store mappings, and that DoorDash has linked the store to this integration`,
    );
  }
  return ready(`JWT accepted; ${stores.length} mapped store(s) readable`);
}

// ---------------------------------------------------------------- Deliveroo

async function checkDeliveroo(config: Config, timeoutMs: number): Promise<Outcome> {
  const deliveroo = config.deliveroo;
  if (!deliveroo) {
    return notConfigured(
      'DELIVEROO_CLIENT_ID and DELIVEROO_CLIENT_SECRET are unset: no sync status reaches Deliveroo',
    );
  }
  if (deliveroo.clientId === DEMO_DELIVEROO_CLIENT.clientId) {
    return notConfigured("the demo's credentials: the demo's stand-in answers, not Deliveroo");
  }
  const taken = await new DeliverooApi({ ...deliveroo, timeoutMs }).takeToken();
  switch (taken.outcome) {
    case 'token':
      return ready(
        `token issued (lives ${taken.expiresInSeconds} s): DELIVEROO_CLIENT_ID and DELIVEROO_CLIENT_SECRET are accepted; the sites are not read (docs/go-live.md)`,
      );
    case 'credentials':
      return problem(
        `Deliveroo's token endpoint answered ${taken.status ?? 'a refusal'}: DELIVEROO_CLIENT_ID or DELIVEROO_CLIENT_SECRET is refused; copy both from Deliveroo's Developer Portal (the sandbox's with auth-sandbox.developers.deliveroo.com in DELIVEROO_AUTH_URL, the production ones with auth.developers.deliveroo.com)`,
      );
    case 'timeout':
    case 'unreachable':
      return problem(
        `${taken.detail}: check DELIVEROO_AUTH_URL, the network and Deliveroo's status page, then try again`,
      );
    default:
      return problem(
        `Deliveroo's token endpoint answered ${taken.status}${taken.outcome === 'rate_limited' ? ' (rate limited)' : ''}: try again shortly`,
      );
  }
}

// ---------------------------------------------------------------- Twilio

async function checkTwilio(config: Config, timeoutMs: number): Promise<Outcome> {
  const sms = config.sms;
  if (sms.kind !== 'twilio') {
    return notConfigured(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are unset: SMS codes stay in the outbox',
    );
  }
  const account = `${sms.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}`;
  const headers = {
    authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`,
    accept: 'application/json',
  };
  const response = await call(`${account}.json`, { headers }, timeoutMs);
  const body = await jsonOf(response);
  const code = typeof body.code === 'number' ? ` (${body.code})` : '';
  if (response.status === 401 || response.status === 403 || response.status === 404) {
    return problem(
      `Twilio answered ${response.status}${code}: TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN is refused; copy both from the Twilio Console (the live credentials: test credentials cannot read the account)`,
    );
  }
  if (!response.ok) return problem(`Twilio answered ${response.status}${code}: try again shortly`);
  if (body.status !== 'active') {
    return problem(
      `the Twilio account ${sms.accountSid} is ${String(body.status)}: no SMS is sent until it is active again`,
    );
  }
  if (body.type === 'Trial') {
    return problem(
      'the Twilio account is a trial: it only sends to verified numbers; upgrade it before going live',
    );
  }
  const from = sms.from;
  if (/^MG[0-9a-f]{32}$/i.test(from)) {
    return ready(
      `account active; TWILIO_FROM is a Messaging Service (${from}), whose senders this check does not read`,
    );
  }
  if (!/^\+[1-9]\d{1,14}$/.test(from)) {
    return ready(
      `account active; TWILIO_FROM '${from}' is an alphanumeric sender id, which Twilio's API cannot show: send one test SMS`,
    );
  }
  const numbers = await call(
    `${account}/IncomingPhoneNumbers.json?${new URLSearchParams({ PhoneNumber: from })}`,
    { headers },
    timeoutMs,
  );
  if (!numbers.ok)
    return problem(`Twilio answered ${numbers.status} to the account's phone numbers: try again shortly`);
  const list = ((await jsonOf(numbers)).incoming_phone_numbers ?? []) as {
    phone_number?: string;
    capabilities?: { sms?: boolean };
  }[];
  const found = list.find((n) => n.phone_number === from);
  if (!found) {
    return problem(
      `TWILIO_FROM ${from} is not a phone number of this Twilio account: buy it or name one it has`,
    );
  }
  if (found.capabilities?.sms !== true)
    return problem(`TWILIO_FROM ${from} cannot send SMS: name a number that can`);
  return ready(`account active; TWILIO_FROM ${from} is the account's and sends SMS`);
}

// ---------------------------------------------------------------- email

async function checkEmail(config: Config, timeoutMs: number): Promise<Outcome> {
  const email = config.email;
  if (email.kind !== 'smtp') return notConfigured('SMTP_URL is unset: emails stay in the outbox');
  const url = new URL(email.url);
  const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  const nodemailer = (await import('nodemailer')).default;
  const transport = nodemailer.createTransport({
    url: email.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
    return ready(
      `SMTP login to ${where} accepted${url.username ? ` as ${decodeURIComponent(url.username)}` : ''}`,
    );
  } catch (error) {
    const e = error as { code?: string; response?: string; message: string };
    if (e.code === 'EAUTH') {
      return problem(
        `the SMTP server at ${where} refused the login (${e.response ?? e.message}): check the user and password in SMTP_URL`,
      );
    }
    if (e.code === 'ETIMEDOUT' || e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'EDNS') {
      return problem(
        `the SMTP server at ${where} could not be reached (${e.code}: ${e.message}): check SMTP_URL's host and port`,
      );
    }
    return problem(`the SMTP server at ${where} answered: ${e.response ?? e.message}`);
  } finally {
    transport.close();
  }
}

// ---------------------------------------------------------------- Facebook

async function checkFacebook(config: Config, timeoutMs: number): Promise<Outcome> {
  const facebook = config.facebook;
  if (facebook.kind === 'off') return notConfigured('FACEBOOK_APP_ID is unset: Facebook sign-in is off');
  if (facebook.kind === 'local') {
    return notConfigured("FACEBOOK_APP_ID is unset: the demo's stand-in takes demo-facebook-<id> tokens");
  }
  const appToken = `${facebook.appId}|${facebook.appSecret}`;
  const query = new URLSearchParams({
    input_token: appToken,
    access_token: appToken,
    appsecret_proof: appSecretProof(appToken, facebook.appSecret),
  });
  const response = await call(`${facebook.graphUrl}/debug_token?${query}`, {}, timeoutMs);
  const body = await jsonOf(response);
  const error = body.error as { code?: number; message?: string } | undefined;
  if (error?.code === 100 && /appsecret_proof/i.test(error.message ?? '')) {
    return problem(`Facebook refused our appsecret_proof (${error.message}): FACEBOOK_APP_SECRET is wrong`);
  }
  if (error || !response.ok) {
    return problem(
      `Facebook answered ${response.status}${error?.code ? ` (code ${error.code}: ${error.message})` : ''}: FACEBOOK_APP_ID or FACEBOOK_APP_SECRET is wrong; copy both from the app's Settings → Basic`,
    );
  }
  const data = body.data as { app_id?: string; is_valid?: boolean } | undefined;
  if (!data?.is_valid || data.app_id !== facebook.appId) {
    return problem(
      `Facebook does not take the app token of FACEBOOK_APP_ID ${facebook.appId}: check FACEBOOK_APP_ID and FACEBOOK_APP_SECRET`,
    );
  }
  return ready(`app ${facebook.appId}: its app token is valid`);
}
