import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MARKETPLACE_PLATFORMS } from '@kitchaco/domain';
import { z } from 'zod';
import { type TelemetrySettings, telemetrySettings } from './telemetry/telemetry-settings.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting of the server, read once from the environment. See .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Default 127.0.0.1 in demo mode (its passwords are published), every interface otherwise. */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL server; when unset an embedded PGlite database lives in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * The database itself when DATABASE_URL is a pooler in transaction mode (PgBouncer): LISTEN,
   * migrations and session locks go here; queries go through the pooler.
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /** Apply the migrations at start (true), or leave them to `npm run migrate` (false). */
  MIGRATE_ON_START: bool.default(true),
  /** Production on the embedded PGlite database (one instance only): refused unless this is true. */
  ALLOW_EMBEDDED_DATABASE: bool.default(false),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL: a statement running longer is cancelled by the server (ms; 0 = no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** PostgreSQL: connecting, or waiting for a free pooled connection, fails after this (ms). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  /** A start waits this long (ms) for PostgreSQL to answer, saying why each try failed, then gives up. */
  DATABASE_START_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DATA_DIR: z.string().default('./data'),
  /** Demo mode: seed demo data into an empty database and expose the dev outbox. Never in production. */
  DEMO: bool.optional(),
  /** Secret for HMACs of SMS codes and credential-cache keys. Required in production. */
  APP_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * The built web app's folder, served with a history fallback to index.html. Default: the web app
   * built beside this server (apps/web/dist), in production or with SERVE_WEB=true.
   */
  WEB_DIST: z.string().optional(),
  /**
   * Serve the site (default true in production, where a start without its files is refused), or
   * false: the API alone, the pages being served from elsewhere (a CDN). Outside production the site
   * is served when WEB_DIST or SERVE_WEB=true asks for it (`npm start` does; `npm run dev` has Vite).
   */
  SERVE_WEB: bool.optional(),
  /**
   * The proxies in front whose X-Forwarded-For is believed: false (none), a hop count (true = 1),
   * or their addresses and CIDR ranges, comma separated. A client can never choose its address.
   */
  TRUST_PROXY: z.string().default('false'),
  /** Whole request headers must arrive within this (ms), and a whole request within REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Open connections from one client address (0 = no cap); without a trusted proxy only. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  /** Live order-status streams one customer may hold open at once (tabs and devices). */
  EVENT_STREAMS_PER_CUSTOMER: z.coerce.number().int().min(1).default(5),
  CUSTOMER_SESSION_DAYS: z.coerce.number().int().min(1).default(90),
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).default(12),
  /** Codes sent to one phone within 24 hours without a wait; later ones are spaced out. */
  SMS_SENDS_PER_PHONE: z.coerce.number().int().min(1).default(3),
  /** The wait before the first spaced code; it doubles with each code after it, up to the next. */
  SMS_PHONE_FIRST_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** The longest wait between two codes to one phone: its owner is never kept waiting longer. */
  SMS_PHONE_MAX_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(600),
  SMS_SENDS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  SMS_SEND_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Codes to one phone per 24 hours that allow 3 tries; later ones die at their first wrong try. */
  SMS_SENDS_PER_PHONE_PER_DAY: z.coerce.number().int().min(1).default(10),
  /** Codes per hour to the numbers of one range (all but the last 4 digits) not yet a customer's. */
  SMS_SENDS_PER_PREFIX_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Codes the whole service sends per UTC day: past it, none; an error line at 80 % (SMS_BUDGET_NEAR). */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).default(5000),
  /** Wrong sign-in codes one client address may try per hour. */
  SMS_CODE_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Checkouts one customer may start per 10 minutes (card testing runs many in a burst). */
  CHECKOUT_ATTEMPTS_PER_CUSTOMER: z.coerce.number().int().min(1).default(10),
  /** Declined payments allowed per hour, per customer and per client address, before a refusal. */
  CHECKOUT_DECLINES_PER_CUSTOMER: z.coerce.number().int().min(1).default(5),
  CHECKOUT_DECLINES_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  STAFF_LOGIN_FAILURES_ALLOWED: z.coerce.number().int().min(1).default(10),
  STAFF_LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(500),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /**
   * Delivered and failed messages (SMS with phone numbers, emails with their PDFs) are deleted this
   * many days after they were written: they are personal data kept for no purpose after delivery.
   */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** How often the pending rows of the sales rollups are folded in (reads fold first as well). */
  ROLLUP_FOLD_MS: z.coerce.number().int().min(10).default(1000),
  /**
   * A stop (SIGTERM) must end within this (ms), else the process is ended with exit code 1. The
   * default fits Kubernetes' and systemd's 30 s before they kill.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).default(25_000),
  /**
   * On SIGTERM, how long (ms) the instance keeps answering, with /readyz at 503 and every answer
   * saying `Connection: close`, before its server closes: long enough for the load balancer to see
   * /readyz (its check interval). 0 closes at once (the default: most balancers stop sending on
   * their own when the instance is taken out).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  /**
   * What this instance runs: `all` (the API and the site, and the background workers: outbox,
   * marketplace inbox, reconciliation, rollups, device codes, housekeeping), `web` (the API and the
   * site only) or `worker` (the workers only, with /livez and /readyz), so each scales on its own.
   */
  INSTANCE_MODE: z.enum(['all', 'web', 'worker']).default('all'),
  /** Load shedding: requests in progress or waiting beyond this get a fast 503 (0 = no limit). */
  MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(256),
  /**
   * Load shedding: a request that has waited, or would wait, longer than this (ms) before being
   * handled gets a fast 503 (0 = off). Default 2,000; off under NODE_ENV=test unless set.
   */
  MAX_QUEUE_MS: z.coerce.number().int().min(0).optional(),
  /** Load shedding: a mean event loop delay above this (ms) answers 503 until it recovers (0 = off). */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * Prometheus metrics at /metrics, answered only to `Authorization: Bearer <token>` (at least 32
   * characters in production). Unset: no /metrics at all (404), and nothing is recorded.
   */
  METRICS_TOKEN: z.string().min(1).optional(),
  /** Serve /metrics on this port of HOST instead of the main port (which then has none). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Real SMS through Twilio's REST API when all three are set; otherwise the local adapter. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Twilio's API address (a fake of it in tests and the soak). */
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /**
   * The public address of POST /api/v1/notifications/twilio/status/ exactly as Twilio will call it
   * (the signature covers it): sent as StatusCallback with every SMS. Required with Twilio in
   * production: without it an SMS Twilio could not deliver is never seen.
   */
  TWILIO_STATUS_CALLBACK_URL: z.string().url().optional(),
  /** Real email through SMTP when set (smtp://user:pass@host:587); otherwise the local adapter. */
  SMTP_URL: z.string().url().optional(),
  EMAIL_FROM: z.string().default('Kitchaco <no-reply@kitchaco.example>'),
  /** The provider's ABN on invoices and transactional reports: 11 digits, spaces allowed. */
  PROVIDER_ABN: z
    .string()
    .regex(/^\s*(\d\s*){11}$/, 'PROVIDER_ABN must be an ABN of 11 digits (spaces allowed)')
    .optional(),
  /**
   * Card payments: `square` (Square's Payments API and Web Payments SDK) or `test` (the local
   * provider of the demo, which understands Square's sandbox test tokens). Required in production.
   */
  PAYMENTS_PROVIDER: z.enum(['test', 'square']).optional(),
  /** Square's environment: its sandbox or real money. Sets the API and SDK addresses. */
  SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Square's access token: payments, refunds and terminal pairing (Devices API) when set. */
  SQUARE_ACCESS_TOKEN: z.string().min(1).optional(),
  /** The Web Payments SDK's application id (sq0idp-... or sandbox-sq0idb-...). */
  SQUARE_APPLICATION_ID: z.string().min(1).optional(),
  /** The Square location payments go to, unless a pickup location names its own. */
  SQUARE_LOCATION_ID: z.string().min(1).optional(),
  /** The signature key of the webhook subscription (Developer Console > Webhooks). */
  SQUARE_WEBHOOK_SIGNATURE_KEY: z.string().min(1).optional(),
  /** The notification URL exactly as registered with Square: Square signs it with the body. */
  SQUARE_WEBHOOK_URL: z.string().url().optional(),
  /** Overrides the API address (a fake of Square in tests). */
  SQUARE_BASE_URL: z.string().url().optional(),
  /** How long Square's answer is waited for; past it the outcome is unknown (and found again by key). */
  SQUARE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Reconciliation of card payments with orders: how often, over how many hours (docs/payments.md). */
  PAYMENTS_RECONCILE_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  PAYMENTS_RECONCILE_HOURS: z.coerce.number().int().min(1).max(720).default(6),
  /** A payment without an order is left this long (its checkout may still be writing, or retried). */
  PAYMENTS_ORPHAN_GRACE_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  /**
   * Shared secrets that sign Uber Eats' and Deliveroo's order notifications (HMAC-SHA256 of the
   * body). Outside production each defaults to demo-<platform>-secret; in production a platform
   * without one answers its webhook with 503 until it is set. DoorDash sends a bearer token
   * instead (DOORDASH_WEBHOOK_TOKEN); Menulog's webhook is retired.
   */
  UBER_EATS_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Uber Eats Marketplace API (docs/marketplaces.md, "Uber Eats"): the app's client id and secret
   * from Uber's developer dashboard. Uber signs its webhooks with the client secret, and the inbox
   * worker takes client-credentials tokens with both. Set both or neither; outside production they
   * default to demo values, refused in production.
   */
  UBER_EATS_CLIENT_ID: z.string().min(1).optional(),
  UBER_EATS_CLIENT_SECRET: z.string().min(16).optional(),
  /** Uber's API (orders, accept, deny) and token addresses; a fake of them in tests. */
  UBER_EATS_API_URL: z.string().url().default('https://api.uber.com'),
  UBER_EATS_AUTH_URL: z.string().url().default('https://auth.uber.com/oauth/v2/token'),
  /** How long one call to Uber is waited for. */
  UBER_EATS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  DELIVEROO_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Deliveroo's Order API (docs/marketplaces.md, "Deliveroo"): the application's client id and
   * secret from Deliveroo's Developer Portal, exchanged for OAuth client-credentials tokens to send
   * each order's sync status. Set both or neither; outside production they default to demo values,
   * refused in production, where DELIVEROO_WEBHOOK_SECRET without them refuses to start.
   */
  DELIVEROO_CLIENT_ID: z.string().min(1).optional(),
  DELIVEROO_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Deliveroo's API and token addresses; a fake of them in tests. Sandbox:
   * https://api-sandbox.developers.deliveroo.com and
   * https://auth-sandbox.developers.deliveroo.com/oauth2/token.
   */
  DELIVEROO_API_URL: z.string().url().default('https://api.developers.deliveroo.com'),
  DELIVEROO_AUTH_URL: z.string().url().default('https://auth.developers.deliveroo.com/oauth2/token'),
  /** How long one call to Deliveroo (a token, a sync status) is waited for. */
  DELIVEROO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * DoorDash Marketplace (docs/marketplaces.md, "DoorDash"): the token DoorDash sends as
   * `Authorization: Bearer <token>` (the webhook subscription's auth token in the Developer
   * Portal), and the access key (developer id, key id, signing secret) that signs the JWT of the
   * order confirmation. Set all four or none; outside production they default to demo values,
   * refused in production.
   */
  DOORDASH_WEBHOOK_TOKEN: z.string().min(16).optional(),
  DOORDASH_DEVELOPER_ID: z.string().min(1).optional(),
  DOORDASH_KEY_ID: z.string().min(1).optional(),
  DOORDASH_SIGNING_SECRET: z.string().min(1).optional(),
  /** DoorDash's API address (the order confirmation); a fake of it in tests. */
  DOORDASH_API_URL: z.string().url().default('https://openapi.doordash.com'),
  /** How long one call to DoorDash (an order confirmation) is waited for. */
  DOORDASH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Customer sign-in with Facebook (login-facebook): the app's id and secret (Meta for Developers). */
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  /** The Graph API's address and version (a fake of it in tests). */
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v25.0'),
  /**
   * Origins (scheme://host[:port], comma separated) whose pages may call the API from a browser:
   * another site hosting an old web client. Empty: none (the project's web app is same-origin).
   */
  CORS_ORIGINS: z.string().default(''),
  /**
   * The customer app's store listings, linked from the web's app prompt (narrow screens): an
   * https address on apps.apple.com and on play.google.com. Unset: that store's button is hidden.
   */
  APP_STORE_URL: z.string().optional(),
  PLAY_STORE_URL: z.string().optional(),
  /** Where landing page contact messages are sent. */
  CONTACT_EMAIL: z.string().email().default('hello@kitchaco.example'),
  /** Contact form messages accepted per client address per hour. */
  CONTACT_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Where uploaded meal images are kept (default DATA_DIR/images). */
  IMAGE_DIR: z.string().optional(),
  /**
   * Meal images in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...) when IMAGE_S3_BUCKET
   * is set; then the keys and IMAGE_PUBLIC_BASE_URL are required too. Unset: the IMAGE_DIR folder.
   */
  IMAGE_S3_BUCKET: z.string().min(1).optional(),
  /** Path-style endpoint (https://<account>.r2.cloudflarestorage.com); default AWS's of the region. */
  IMAGE_S3_ENDPOINT: z.string().url().optional(),
  IMAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  IMAGE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  IMAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where browsers load the bucket's images from (a CDN or the bucket's public address). */
  IMAGE_PUBLIC_BASE_URL: z.string().url().optional(),
  /** Demo generator scale (1 = about 20 weeks at 6 locations). */
  DEMO_SCALE: z.coerce.number().min(0.01).max(1000).default(1),
  /**
   * The demo's clock starts at this instant (ISO 8601 with an offset) and runs on from it, so the
   * seeded history and every figure are the same on every start: the screenshot comparisons use it.
   */
  DEMO_CLOCK: z.iso.datetime({ offset: true }).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  /** Proxies trusted for X-Forwarded-For: none, a hop count, or addresses and CIDR ranges. */
  trustProxy: TrustProxy;
  port: number;
  database:
    | { kind: 'pglite'; dataDir: string }
    | {
        kind: 'postgres';
        url: string;
        /**
         * The database itself, when `url` is a pooler in transaction mode: then LISTEN, migrations
         * and session locks use this one, and pooled connections carry no session state (no named
         * prepared statements, no settings in the startup packet).
         */
        directUrl: string | null;
        poolSize: number;
        statementTimeoutMs: number;
        connectTimeoutMs: number;
        /** How long a start waits for the database to answer before giving up (ms). */
        startTimeoutMs: number;
      };
  demo: boolean;
  /** Apply pending migrations at start; false leaves them to `npm run migrate` (a start then waits). */
  migrateOnStart: boolean;
  secret: string;
  logLevel: Env['LOG_LEVEL'];
  /** pretty: readable lines, one per request (development); json: pino's JSON lines (otherwise). */
  logFormat: 'json' | 'pretty';
  /** The folder of the built web app to serve; null: the API alone. */
  webDist: string | null;
  http: {
    /** Origins allowed to call the API from a browser (CORS); empty: none. */
    corsOrigins: string[];
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    maxConnectionsPerAddress: number;
    eventStreamsPerCustomer: number;
  };
  sessions: { customerDays: number; staffHours: number };
  load: { maxInFlight: number; maxQueueMs: number; maxEventLoopDelayMs: number };
  limits: {
    smsPerPhone: number;
    smsPerAddress: number;
    smsWindowMinutes: number;
    smsPerPhonePerDay: number;
    smsPhoneFirstWaitSeconds: number;
    smsPhoneMaxWaitSeconds: number;
    smsPerPrefixPerHour: number;
    smsDailyBudget: number;
    codeFailuresPerAddress: number;
    checkoutAttemptsPerCustomer: number;
    checkoutDeclinesPerCustomer: number;
    checkoutDeclinesPerAddress: number;
    staffLoginFailures: number;
    staffLoginWindowMinutes: number;
  };
  outbox: { pollMs: number; maxAttempts: number; retentionDays: number };
  rollupFoldMs: number;
  shutdown: { graceMs: number; drainMs: number };
  instanceMode: 'all' | 'web' | 'worker';
  /** Prometheus metrics (METRICS_TOKEN); null: off, no /metrics, nothing recorded. */
  metrics: { token: string; port: number | null } | null;
  /** Traces over OTLP (OTEL_EXPORTER_OTLP_ENDPOINT) and error reports (SENTRY_DSN); each null when off. */
  telemetry: TelemetrySettings;
  sms:
    | { kind: 'local' }
    | {
        kind: 'twilio';
        accountSid: string;
        authToken: string;
        from: string;
        apiUrl: string;
        /** TWILIO_STATUS_CALLBACK_URL; null: no status callbacks (outside production only). */
        statusCallbackUrl: string | null;
      };
  email: { kind: 'local'; from: string } | { kind: 'smtp'; url: string; from: string };
  demoScale: number;
  /** DEMO_CLOCK: when the demo's clock starts (demo mode only); null: the real time. */
  demoClock: Date | null;
  images: { dir: string; s3: S3ImageConfig | null };
  cardTerminals:
    | { kind: 'local' }
    | { kind: 'square'; accessToken: string; baseUrl: string; timeoutMs: number };
  /** Card payments (docs/payments.md). */
  payments: PaymentsConfig;
  contact: { email: string; perAddressPerHour: number };
  /** The customer app's store listings the web links to; null: not listed there (no button). */
  appStores: { appStore: string | null; playStore: string | null };
  /** The provider's ABN printed on its documents; null: "ABN: not set". */
  providerAbn: string | null;
  reconciliation: { everyMinutes: number; lookbackHours: number; orphanGraceMinutes: number };
  /** Facebook sign-in: the Graph API when configured, a local stand-in outside production, else off. */
  facebook:
    | { kind: 'graph'; appId: string; appSecret: string; graphUrl: string }
    | { kind: 'local' }
    | { kind: 'off' };
  /** Each marketplace's webhook signing secret; null: that webhook is not configured (503). */
  marketplaceSecrets: Record<SignedChannel, string | null>;
  /** The Uber Eats Marketplace API; null when Uber Eats is not configured (its webhook answers 503). */
  uberEats: UberEatsConfig | null;
  /** DoorDash Marketplace: webhook token and API credentials; null when not configured. */
  doordash: DoordashConfig | null;
  /** Deliveroo's Order API (sync status); null when not configured. */
  deliveroo: DeliverooConfig | null;
}

export interface DeliverooConfig {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  authUrl: string;
  timeoutMs: number;
}

/**
 * The supplier ABN of the demo's invoices when PROVIDER_ABN is not set: the ATO's published example
 * ABN, whose check digits add up (isValidAbn), so a demo tax invoice reads as a real one would.
 */
export const DEMO_PROVIDER_ABN = '51 824 753 556';

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * Whether an ABN's check digits add up (the ATO's rule): take 1 from the first digit, weight the 11
 * digits 10, 1, 3, 5, ..., 19, and the sum is a multiple of 89.
 */
export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((a, d, i) => a + (Number(d) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i]!, 0);
  return sum % 89 === 0;
}

/** Deliveroo's client id outside production when none is set (refused in production). */
export const DEMO_DELIVEROO_CLIENT = {
  clientId: 'demo-deliveroo-client',
  clientSecret: 'demo-deliveroo-client-secret',
} as const;

/**
 * Deliveroo's Order API: both credentials or neither (then outside production the demo ones; in
 * production none, and a start with DELIVEROO_WEBHOOK_SECRET but no credentials is refused: the
 * webhook would store orders whose sync status never goes out, so every order would make the
 * site's tablet nag staff after 3 minutes). A demo value, or an address not https, is refused in
 * production.
 */
function deliverooConfig(env: Env, production: boolean, problems: string[]): DeliverooConfig | null {
  const { DELIVEROO_CLIENT_ID: id, DELIVEROO_CLIENT_SECRET: secret } = env;
  if (Boolean(id) !== Boolean(secret)) {
    problems.push('DELIVEROO_CLIENT_ID, DELIVEROO_CLIENT_SECRET: set both or neither');
    return null;
  }
  const urls = {
    apiUrl: env.DELIVEROO_API_URL.replace(/\/+$/, ''),
    authUrl: env.DELIVEROO_AUTH_URL,
    timeoutMs: env.DELIVEROO_TIMEOUT_MS,
  };
  if (!production) {
    return {
      clientId: id ?? DEMO_DELIVEROO_CLIENT.clientId,
      clientSecret: secret ?? DEMO_DELIVEROO_CLIENT.clientSecret,
      ...urls,
    };
  }
  if (!id || !secret) {
    if (env.DELIVEROO_WEBHOOK_SECRET) {
      problems.push(
        "DELIVEROO_CLIENT_ID, DELIVEROO_CLIENT_SECRET: required with DELIVEROO_WEBHOOK_SECRET (the Order API client's credentials from Deliveroo's Developer Portal: every order's sync status is sent with them)",
      );
    }
    return null;
  }
  if (id.startsWith('demo-') || secret.startsWith('demo-')) {
    problems.push('DELIVEROO_CLIENT_ID, DELIVEROO_CLIENT_SECRET: a demo value cannot be used in production');
  }
  for (const [name, url] of [
    ['DELIVEROO_API_URL', urls.apiUrl],
    ['DELIVEROO_AUTH_URL', urls.authUrl],
  ] as const) {
    if (!url.startsWith('https://')) problems.push(`${name}: must be an https:// address in production`);
  }
  return { clientId: id, clientSecret: secret, ...urls };
}

export interface UberEatsConfig {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  authUrl: string;
  timeoutMs: number;
}

/** Uber Eats' client id and secret outside production when none are set (refused in production). */
export const DEMO_UBER_EATS_CLIENT_ID = 'demo-uber-eats-client';

/**
 * Uber Eats: both credentials or neither (then outside production the demo ones, whose webhook
 * secret is the demo secret; in production Uber Eats is off). A demo value, or an address that is
 * not https, is refused in production. The client secret is also the webhook's signing key.
 */
function uberEatsConfig(env: Env, production: boolean, problems: string[]): UberEatsConfig | null {
  const { UBER_EATS_CLIENT_ID: id, UBER_EATS_CLIENT_SECRET: secret } = env;
  if (Boolean(id) !== Boolean(secret)) {
    problems.push('UBER_EATS_CLIENT_ID, UBER_EATS_CLIENT_SECRET: set both or neither');
    return null;
  }
  if (env.UBER_EATS_WEBHOOK_SECRET && secret && env.UBER_EATS_WEBHOOK_SECRET !== secret) {
    problems.push(
      'UBER_EATS_WEBHOOK_SECRET: Uber signs its webhooks with the client secret; leave it unset or equal to UBER_EATS_CLIENT_SECRET',
    );
  }
  if (production) {
    if (id?.startsWith('demo-') || secret?.startsWith('demo-')) {
      problems.push(
        'UBER_EATS_CLIENT_ID, UBER_EATS_CLIENT_SECRET: a demo value cannot be used in production',
      );
    }
    for (const [name, url] of [
      ['UBER_EATS_API_URL', env.UBER_EATS_API_URL],
      ['UBER_EATS_AUTH_URL', env.UBER_EATS_AUTH_URL],
    ] as const) {
      if (id && !url.startsWith('https://'))
        problems.push(`${name}: must be an https:// address in production`);
    }
    if (!id) return null;
  }
  return {
    clientId: id ?? DEMO_UBER_EATS_CLIENT_ID,
    clientSecret:
      secret ?? env.UBER_EATS_WEBHOOK_SECRET ?? `demo-${MARKETPLACE_PLATFORMS.uber_eats.slug}-secret`,
    apiUrl: env.UBER_EATS_API_URL.replace(/\/+$/, ''),
    authUrl: env.UBER_EATS_AUTH_URL,
    timeoutMs: env.UBER_EATS_TIMEOUT_MS,
  };
}

export interface SquareConfig {
  environment: 'sandbox' | 'production';
  accessToken: string;
  applicationId: string;
  locationId: string;
  baseUrl: string;
  timeoutMs: number;
  /** Where the Web Payments SDK is loaded from. */
  sdkUrl: string;
  webhook: { signatureKey: string; url: string } | null;
}

export type PaymentsConfig =
  | { provider: 'square'; square: SquareConfig }
  /** `warn`: the test provider in production, where it takes no money: said loudly everywhere. */
  | { provider: 'test'; warn: boolean; webhook: { signatureKey: string; url: string } | null };

/** The Square webhook signature key outside production when none is set (refused in production). */
export const DEMO_SQUARE_WEBHOOK_KEY = 'demo-square-signature-key';

/** Square's API address for the environment, unless SQUARE_BASE_URL overrides it. */
function squareBaseUrl(env: Env): string {
  const base =
    env.SQUARE_BASE_URL ??
    (env.SQUARE_ENVIRONMENT === 'production'
      ? 'https://connect.squareup.com'
      : 'https://connect.squareupsandbox.com');
  return base.replace(/\/+$/, '');
}

/**
 * The payments settings: Square when PAYMENTS_PROVIDER=square (then its keys are all required),
 * the local test provider when `test`; in production one must be chosen, never a silent default.
 */
function paymentsConfig(env: Env, production: boolean, problems: string[]): PaymentsConfig {
  const provider = env.PAYMENTS_PROVIDER ?? (production ? undefined : 'test');
  // Outside production, unset webhook settings default to a demo key and the local address (as the
  // marketplaces' demo secrets do), so the webhook can be tried with curl; never in production.
  const webhook =
    env.SQUARE_WEBHOOK_SIGNATURE_KEY && env.SQUARE_WEBHOOK_URL
      ? { signatureKey: env.SQUARE_WEBHOOK_SIGNATURE_KEY, url: env.SQUARE_WEBHOOK_URL }
      : production || env.SQUARE_WEBHOOK_SIGNATURE_KEY || env.SQUARE_WEBHOOK_URL
        ? null
        : {
            signatureKey: DEMO_SQUARE_WEBHOOK_KEY,
            url: `http://localhost:${env.PORT}/api/v1/square/webhook/`,
          };
  if (Boolean(env.SQUARE_WEBHOOK_SIGNATURE_KEY) !== Boolean(env.SQUARE_WEBHOOK_URL)) {
    problems.push('SQUARE_WEBHOOK_SIGNATURE_KEY, SQUARE_WEBHOOK_URL: set both or neither');
  }
  if (production && env.SQUARE_WEBHOOK_SIGNATURE_KEY === DEMO_SQUARE_WEBHOOK_KEY) {
    problems.push('SQUARE_WEBHOOK_SIGNATURE_KEY: the demo key cannot be used in production');
  }
  if (provider === undefined) {
    problems.push(
      'PAYMENTS_PROVIDER: required when NODE_ENV=production (square; or test, which takes no money)',
    );
    return { provider: 'test', warn: true, webhook };
  }
  if (provider === 'test') return { provider: 'test', warn: production, webhook };
  const required = {
    SQUARE_ACCESS_TOKEN: env.SQUARE_ACCESS_TOKEN,
    SQUARE_APPLICATION_ID: env.SQUARE_APPLICATION_ID,
    SQUARE_LOCATION_ID: env.SQUARE_LOCATION_ID,
  };
  const missing = Object.entries(required)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) {
    problems.push(`${missing.join(', ')}: required when PAYMENTS_PROVIDER=square`);
    return { provider: 'test', warn: true, webhook };
  }
  if (production && !webhook) {
    problems.push('SQUARE_WEBHOOK_SIGNATURE_KEY, SQUARE_WEBHOOK_URL: required for Square in production');
  }
  return {
    provider: 'square',
    square: {
      environment: env.SQUARE_ENVIRONMENT,
      accessToken: env.SQUARE_ACCESS_TOKEN!,
      applicationId: env.SQUARE_APPLICATION_ID!,
      locationId: env.SQUARE_LOCATION_ID!,
      baseUrl: squareBaseUrl(env),
      timeoutMs: env.SQUARE_TIMEOUT_MS,
      sdkUrl:
        env.SQUARE_ENVIRONMENT === 'production'
          ? 'https://web.squarecdn.com/v1/square.js'
          : 'https://sandbox.web.squarecdn.com/v1/square.js',
      webhook,
    },
  };
}

export interface S3ImageConfig {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicBaseUrl: string;
}

/** The shortest metrics token production takes (`openssl rand -hex 16` makes one of 32). */
export const METRICS_TOKEN_MIN_LENGTH = 32;

export const DEV_SECRET = 'development-secret-not-for-production-use-0123456789';

/** X-Forwarded-For is believed from none, the nearest N hops, or these addresses and ranges. */
export type TrustProxy = false | number | string[];

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as Fastify takes it; adds to problems what it cannot read. */
function trustProxyOf(raw: string, problems: string[]): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    if (PROXY_PRESETS.has(entry)) return false;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || extra !== undefined) return true;
    if (bits === undefined) return false;
    const n = Number(bits);
    return !/^\d+$/.test(bits) || n > (family === 4 ? 32 : 128);
  });
  if (bad.length || entries.length === 0) {
    problems.push(
      `TRUST_PROXY: '${bad.join(', ') || raw}' is not false, a hop count, or proxy addresses / CIDR ranges`,
    );
    return false;
  }
  return entries;
}

/**
 * A store listing of the customer app: an https address on the store's own host, so a typo, a
 * swapped pair or a tracking redirect stops the start instead of sending customers astray. Unset
 * (or empty): null, and the web hides that store's button rather than linking to the store's home.
 */
function storeListing(name: string, raw: string | undefined, hosts: string[], problems: string[]) {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name}: '${value}' is not an address`);
    return null;
  }
  if (url.protocol !== 'https:' || !hosts.includes(url.hostname) || url.pathname.length <= 1) {
    problems.push(`${name}: must be the app's listing, an https://${hosts.join(' or ')}/... address`);
    return null;
  }
  return url.href;
}

export class ConfigError extends Error {}

/**
 * The web app built beside this server: apps/web/dist seen from apps/server/dist/config.js (or from
 * src/config.ts under the tests), so a start finds it whatever its working directory.
 */
export const BUILT_WEB_APP = fileURLToPath(new URL('../../web/dist', import.meta.url));

function webDistOf(env: Env, production: boolean, cwd: string): string | null {
  if (env.SERVE_WEB === false) return null;
  if (env.WEB_DIST) return resolve(cwd, env.WEB_DIST);
  return production || env.SERVE_WEB === true ? BUILT_WEB_APP : null;
}

/**
 * Refuses a start whose site is missing: a production server that reports itself healthy while
 * answering `/` with a 404 is worse than one that does not start (issue 35). Called by server.ts
 * only: the command-line tools serve no pages, and the tests build their apps without a site.
 */
export function assertSiteBuilt(config: Pick<Config, 'webDist'>): void {
  if (config.webDist === null) return;
  const index = join(config.webDist, 'index.html');
  if (existsSync(index)) return;
  throw new ConfigError(
    `Invalid configuration:\n  WEB_DIST, SERVE_WEB: the site is served from ${config.webDist}, but ${index} does not exist. Build the web app (npm run build) or point WEB_DIST at a built one; or set SERVE_WEB=false to run the API alone.`,
  );
}

/** Parses the environment; throws one error naming every bad or missing variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !env.APP_SECRET) problems.push('APP_SECRET: required when NODE_ENV=production');
  if (production && env.DEMO) problems.push('DEMO: demo mode cannot be enabled when NODE_ENV=production');
  if (env.DEMO_CLOCK && (production || env.DEMO === false)) {
    problems.push('DEMO_CLOCK: the demo clock is for demo mode only');
  }
  if (production && !env.PROVIDER_ABN) {
    // A tax invoice must show the supplier's ABN: without it every invoice said "ABN: not set".
    problems.push(
      'PROVIDER_ABN: required when NODE_ENV=production (the supplier ABN printed on every tax invoice and transactional report, e.g. 51 824 753 556)',
    );
  } else if (production && env.PROVIDER_ABN && !isValidAbn(env.PROVIDER_ABN)) {
    problems.push('PROVIDER_ABN: not a valid ABN (its check digits do not add up; see abr.business.gov.au)');
  }
  if (production && env.APP_SECRET === DEV_SECRET) {
    problems.push('APP_SECRET: the development secret cannot be used in production');
  }
  const trustProxy = trustProxyOf(env.TRUST_PROXY, problems);
  const corsOrigins = env.CORS_ORIGINS.split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const badOrigins = corsOrigins.filter((o) => !/^https?:\/\/[^/\s]+$/.test(o));
  if (badOrigins.length) {
    problems.push(`CORS_ORIGINS: '${badOrigins.join(', ')}' is not an origin like https://app.example.com`);
  }
  const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three or none');
  }
  if (env.TWILIO_STATUS_CALLBACK_URL && !twilio.every(Boolean)) {
    problems.push(
      'TWILIO_STATUS_CALLBACK_URL: set only with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM',
    );
  }
  if (production && twilio.every(Boolean) && !env.TWILIO_STATUS_CALLBACK_URL) {
    // Twilio's 201 means "queued", not delivered: without status callbacks a code that never
    // reaches the phone looks sent (docs/operations.md, "SMS delivery status").
    problems.push(
      'TWILIO_STATUS_CALLBACK_URL: required with Twilio in production, the public https address of /api/v1/notifications/twilio/status/ (e.g. https://orders.example.com/api/v1/notifications/twilio/status/); without it an SMS Twilio could not deliver is never seen',
    );
  }
  const s3Images = imageBucket(env, production, problems);
  if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
    problems.push('FACEBOOK_APP_ID, FACEBOOK_APP_SECRET: set both or neither');
  }
  const uberEats = uberEatsConfig(env, production, problems);
  const doordash = doordashConfig(env, production, problems);
  const deliveroo = deliverooConfig(env, production, problems);
  const givenSecrets = marketplaceSecrets(env, production);
  const secrets = { ...givenSecrets, uber_eats: uberEats?.clientSecret ?? null };
  const payments = paymentsConfig(env, production, problems);
  const appStores = {
    appStore: storeListing('APP_STORE_URL', env.APP_STORE_URL, ['apps.apple.com'], problems),
    playStore: storeListing('PLAY_STORE_URL', env.PLAY_STORE_URL, ['play.google.com'], problems),
  };
  for (const [channel, secret] of Object.entries(givenSecrets)) {
    if (production && secret?.startsWith('demo-')) {
      problems.push(`${channel.toUpperCase()}_WEBHOOK_SECRET: a demo secret cannot be used in production`);
    }
  }
  if (production && !env.DATABASE_URL && !env.ALLOW_EMBEDDED_DATABASE) {
    // The embedded database is one process's file: one instance, no pooler, backups by stopping it.
    problems.push(
      'DATABASE_URL: required when NODE_ENV=production (a PostgreSQL server); to run on the embedded database anyway (one instance only, data in DATA_DIR), set ALLOW_EMBEDDED_DATABASE=true',
    );
  }
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
    problems.push('DATABASE_DIRECT_URL: set only with DATABASE_URL (the pooler in front of this database)');
  }
  if (production && env.METRICS_TOKEN && env.METRICS_TOKEN.length < METRICS_TOKEN_MIN_LENGTH) {
    problems.push(`METRICS_TOKEN: at least ${METRICS_TOKEN_MIN_LENGTH} characters in production`);
  }
  if (env.METRICS_PORT !== undefined && !env.METRICS_TOKEN) {
    problems.push('METRICS_PORT: set only with METRICS_TOKEN (metrics are off without it)');
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    problems.push('METRICS_PORT: must differ from PORT');
  }
  const telemetry = telemetrySettings(source, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  return {
    env: env.NODE_ENV,
    host: env.HOST ?? ((env.DEMO ?? !production) ? '127.0.0.1' : '0.0.0.0'),
    port: env.PORT,
    trustProxy,
    http: {
      corsOrigins,
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(env.REQUEST_TIMEOUT_MS, env.HEADERS_TIMEOUT_MS),
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
      eventStreamsPerCustomer: env.EVENT_STREAMS_PER_CUSTOMER,
    },
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          directUrl: env.DATABASE_DIRECT_URL ?? null,
          poolSize: env.DATABASE_POOL_SIZE,
          statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
          connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          startTimeoutMs: env.DATABASE_START_TIMEOUT_MS,
        }
      : { kind: 'pglite', dataDir: resolve(cwd, env.DATA_DIR) },
    demo: env.DEMO ?? !production,
    migrateOnStart: env.MIGRATE_ON_START,
    secret: env.APP_SECRET ?? DEV_SECRET,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    webDist: webDistOf(env, production, cwd),
    sessions: { customerDays: env.CUSTOMER_SESSION_DAYS, staffHours: env.STAFF_SESSION_HOURS },
    limits: {
      smsPerPhone: env.SMS_SENDS_PER_PHONE,
      smsPerAddress: env.SMS_SENDS_PER_ADDRESS,
      smsWindowMinutes: env.SMS_SEND_WINDOW_MINUTES,
      smsPerPhonePerDay: env.SMS_SENDS_PER_PHONE_PER_DAY,
      smsPhoneFirstWaitSeconds: Math.min(env.SMS_PHONE_FIRST_WAIT_SECONDS, env.SMS_PHONE_MAX_WAIT_SECONDS),
      smsPhoneMaxWaitSeconds: env.SMS_PHONE_MAX_WAIT_SECONDS,
      smsPerPrefixPerHour: env.SMS_SENDS_PER_PREFIX_PER_HOUR,
      smsDailyBudget: env.SMS_DAILY_BUDGET,
      codeFailuresPerAddress: env.SMS_CODE_FAILURES_PER_ADDRESS,
      checkoutAttemptsPerCustomer: env.CHECKOUT_ATTEMPTS_PER_CUSTOMER,
      checkoutDeclinesPerCustomer: env.CHECKOUT_DECLINES_PER_CUSTOMER,
      checkoutDeclinesPerAddress: env.CHECKOUT_DECLINES_PER_ADDRESS,
      staffLoginFailures: env.STAFF_LOGIN_FAILURES_ALLOWED,
      staffLoginWindowMinutes: env.STAFF_LOGIN_WINDOW_MINUTES,
    },
    outbox: {
      pollMs: env.OUTBOX_POLL_MS,
      maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
      retentionDays: env.OUTBOX_RETENTION_DAYS,
    },
    rollupFoldMs: env.ROLLUP_FOLD_MS,
    shutdown: { graceMs: env.SHUTDOWN_GRACE_MS, drainMs: env.SHUTDOWN_DRAIN_MS },
    instanceMode: env.INSTANCE_MODE,
    metrics: env.METRICS_TOKEN ? { token: env.METRICS_TOKEN, port: env.METRICS_PORT ?? null } : null,
    telemetry,
    load: {
      maxInFlight: env.MAX_IN_FLIGHT,
      maxQueueMs: env.MAX_QUEUE_MS ?? (env.NODE_ENV === 'test' ? 0 : 2000),
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    },
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            kind: 'twilio',
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL.replace(/\/+$/, ''),
            statusCallbackUrl: env.TWILIO_STATUS_CALLBACK_URL ?? null,
          }
        : { kind: 'local' },
    email: env.SMTP_URL
      ? { kind: 'smtp', url: env.SMTP_URL, from: env.EMAIL_FROM }
      : { kind: 'local', from: env.EMAIL_FROM },
    demoScale: env.DEMO_SCALE,
    demoClock: env.DEMO_CLOCK ? new Date(env.DEMO_CLOCK) : null,
    images: { dir: resolve(cwd, env.IMAGE_DIR ?? join(env.DATA_DIR, 'images')), s3: s3Images },
    payments,
    cardTerminals: env.SQUARE_ACCESS_TOKEN
      ? {
          kind: 'square',
          accessToken: env.SQUARE_ACCESS_TOKEN,
          baseUrl: squareBaseUrl(env),
          timeoutMs: env.SQUARE_TIMEOUT_MS,
        }
      : { kind: 'local' },
    contact: { email: env.CONTACT_EMAIL, perAddressPerHour: env.CONTACT_PER_ADDRESS_PER_HOUR },
    appStores,
    providerAbn: env.PROVIDER_ABN?.trim() || ((env.DEMO ?? !production) ? DEMO_PROVIDER_ABN : null),
    reconciliation: {
      everyMinutes: env.PAYMENTS_RECONCILE_EVERY_MINUTES,
      lookbackHours: env.PAYMENTS_RECONCILE_HOURS,
      orphanGraceMinutes: env.PAYMENTS_ORPHAN_GRACE_MINUTES,
    },
    marketplaceSecrets: secrets,
    uberEats,
    doordash,
    deliveroo,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? {
            kind: 'graph',
            appId: env.FACEBOOK_APP_ID,
            appSecret: env.FACEBOOK_APP_SECRET,
            graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
          }
        : production
          ? { kind: 'off' }
          : { kind: 'local' },
  };
}

/** The S3-compatible image bucket, when any IMAGE_S3_* is set; adds to problems what is missing. */
function imageBucket(env: Env, production: boolean, problems: string[]): S3ImageConfig | null {
  const bucket = env.IMAGE_S3_BUCKET;
  const accessKeyId = env.IMAGE_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.IMAGE_S3_SECRET_ACCESS_KEY;
  const publicBase = env.IMAGE_PUBLIC_BASE_URL;
  const required = {
    IMAGE_S3_BUCKET: bucket,
    IMAGE_S3_ACCESS_KEY_ID: accessKeyId,
    IMAGE_S3_SECRET_ACCESS_KEY: secretAccessKey,
    IMAGE_PUBLIC_BASE_URL: publicBase,
  };
  if (!Object.values(required).some(Boolean) && !env.IMAGE_S3_ENDPOINT) return null;
  if (!bucket || !accessKeyId || !secretAccessKey || !publicBase) {
    const missing = Object.entries(required)
      .filter(([, value]) => !value)
      .map(([name]) => name);
    problems.push(`${missing.join(', ')}: required for S3 image storage (or unset every IMAGE_S3_*)`);
    return null;
  }
  // The pages' CSP loads images from the site itself or over https only.
  if (production && !publicBase.startsWith('https://')) {
    problems.push('IMAGE_PUBLIC_BASE_URL: must be an https:// address in production');
  }
  const endpoint = env.IMAGE_S3_ENDPOINT ?? `https://s3.${env.IMAGE_S3_REGION}.amazonaws.com`;
  return {
    bucket,
    endpoint: endpoint.replace(/\/+$/, ''),
    region: env.IMAGE_S3_REGION,
    accessKeyId,
    secretAccessKey,
    publicBaseUrl: publicBase.replace(/\/+$/, ''),
  };
}

/** The platforms that sign their webhooks with a shared secret (HMAC of the body). */
export type SignedChannel = 'uber_eats' | 'deliveroo';

function marketplaceSecrets(env: Env, production: boolean): Record<SignedChannel, string | null> {
  const given: Record<SignedChannel, string | undefined> = {
    uber_eats: env.UBER_EATS_WEBHOOK_SECRET,
    deliveroo: env.DELIVEROO_WEBHOOK_SECRET,
  };
  const secret = (channel: SignedChannel) =>
    given[channel] ?? (production ? null : `demo-${MARKETPLACE_PLATFORMS[channel].slug}-secret`);
  return { uber_eats: secret('uber_eats'), deliveroo: secret('deliveroo') };
}

export interface DoordashConfig {
  /** What DoorDash sends after `Bearer ` in the Authorization header of each webhook. */
  webhookToken: string;
  developerId: string;
  keyId: string;
  /** As the Developer Portal shows it (base64url); decoded, it is the JWT's HMAC key. */
  signingSecret: string;
  apiUrl: string;
  /** How long one confirmation is waited for. */
  timeoutMs: number;
}

/** DoorDash settings outside production when none is set (refused in production). */
export const DEMO_DOORDASH = {
  webhookToken: 'demo-doordash-webhook-token',
  developerId: 'demo-doordash-developer-id',
  keyId: 'demo-doordash-key-id',
  signingSecret: Buffer.from('demo-doordash-signing-secret-32b').toString('base64url'),
} as const;

/** DoorDash's four settings, all or none; adds to problems what is missing or unusable. */
function doordashConfig(env: Env, production: boolean, problems: string[]): DoordashConfig | null {
  const given = {
    DOORDASH_WEBHOOK_TOKEN: env.DOORDASH_WEBHOOK_TOKEN,
    DOORDASH_DEVELOPER_ID: env.DOORDASH_DEVELOPER_ID,
    DOORDASH_KEY_ID: env.DOORDASH_KEY_ID,
    DOORDASH_SIGNING_SECRET: env.DOORDASH_SIGNING_SECRET,
  };
  const apiUrl = env.DOORDASH_API_URL.replace(/\/+$/, '');
  const timeoutMs = env.DOORDASH_TIMEOUT_MS;
  if (!Object.values(given).some(Boolean)) {
    return production ? null : { ...DEMO_DOORDASH, apiUrl, timeoutMs };
  }
  const missing = Object.entries(given)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) {
    problems.push(`${missing.join(', ')}: required for DoorDash (set all four DOORDASH_* settings or none)`);
    return null;
  }
  const config = {
    webhookToken: given.DOORDASH_WEBHOOK_TOKEN!,
    developerId: given.DOORDASH_DEVELOPER_ID!,
    keyId: given.DOORDASH_KEY_ID!,
    signingSecret: given.DOORDASH_SIGNING_SECRET!,
    apiUrl,
    timeoutMs,
  };
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(config.signingSecret)) {
    problems.push('DOORDASH_SIGNING_SECRET: must be the signing secret as DoorDash shows it (base64url)');
  }
  if (production && !apiUrl.startsWith('https://')) {
    problems.push('DOORDASH_API_URL: must be an https:// address in production');
  }
  if (production) {
    for (const [name, value] of Object.entries(given)) {
      if (Object.values(DEMO_DOORDASH).includes(value as never)) {
        problems.push(`${name}: the demo value cannot be used in production`);
      }
    }
  }
  return config;
}
