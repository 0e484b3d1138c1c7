import { join, resolve } from 'node:path';
import { MARKETPLACE_PLATFORMS, type MarketplaceChannel } from '@kitchaco/domain';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting of the server, read once from the environment. See .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL server; when unset an embedded PGlite database lives in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  /** Demo mode: seed demo data into an empty database and expose the dev outbox. Never in production. */
  DEMO: bool.optional(),
  /** Secret for HMACs of SMS codes and credential-cache keys. Required in production. */
  APP_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built web app from this folder (history fallback to index.html). */
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  CUSTOMER_SESSION_DAYS: z.coerce.number().int().min(1).default(90),
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).default(12),
  SMS_SENDS_PER_PHONE: z.coerce.number().int().min(1).default(3),
  SMS_SENDS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  SMS_SEND_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  STAFF_LOGIN_FAILURES_ALLOWED: z.coerce.number().int().min(1).default(10),
  STAFF_LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(500),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** How often the pending rows of the sales rollups are folded in (reads fold first as well). */
  ROLLUP_FOLD_MS: z.coerce.number().int().min(10).default(1000),
  /** Load shedding: requests in progress or waiting beyond this get a fast 503 (0 = no limit). */
  MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(256),
  /**
   * Load shedding: a request that has waited, or would wait, longer than this (ms) before being
   * handled gets a fast 503 (0 = off). Default 2,000; off under NODE_ENV=test unless set.
   */
  MAX_QUEUE_MS: z.coerce.number().int().min(0).optional(),
  /** Load shedding: a mean event loop delay above this (ms) answers 503 until it recovers (0 = off). */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Real SMS through Twilio's REST API when all three are set; otherwise the local adapter. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Real email through SMTP when set (smtp://user:pass@host:587); otherwise the local adapter. */
  SMTP_URL: z.string().url().optional(),
  EMAIL_FROM: z.string().default('Kitchaco <no-reply@kitchaco.example>'),
  /** Square Terminal pairing through Square's Devices API when set; otherwise local codes. */
  SQUARE_ACCESS_TOKEN: z.string().optional(),
  SQUARE_BASE_URL: z.string().url().default('https://connect.squareup.com'),
  /**
   * Shared secrets that sign each marketplace's order notifications (HMAC-SHA256 of the body).
   * Outside production each defaults to demo-<platform>-secret; in production a platform without
   * one answers its webhook with 503 until it is set.
   */
  UBER_EATS_WEBHOOK_SECRET: z.string().min(16).optional(),
  DELIVEROO_WEBHOOK_SECRET: z.string().min(16).optional(),
  DOORDASH_WEBHOOK_SECRET: z.string().min(16).optional(),
  MENULOG_WEBHOOK_SECRET: z.string().min(16).optional(),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  demo: boolean;
  secret: string;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | null;
  trustProxy: boolean;
  sessions: { customerDays: number; staffHours: number };
  load: { maxInFlight: number; maxQueueMs: number; maxEventLoopDelayMs: number };
  limits: {
    smsPerPhone: number;
    smsPerAddress: number;
    smsWindowMinutes: number;
    staffLoginFailures: number;
    staffLoginWindowMinutes: number;
  };
  outbox: { pollMs: number; maxAttempts: number };
  rollupFoldMs: number;
  sms: { kind: 'local' } | { kind: 'twilio'; accountSid: string; authToken: string; from: string };
  email: { kind: 'local'; from: string } | { kind: 'smtp'; url: string; from: string };
  demoScale: number;
  images: { dir: string; s3: S3ImageConfig | null };
  cardTerminals: { kind: 'local' } | { kind: 'square'; accessToken: string; baseUrl: string };
  contact: { email: string; perAddressPerHour: number };
  /** Each marketplace's webhook signing secret; null: that webhook is not configured (503). */
  marketplaceSecrets: Record<MarketplaceChannel, string | null>;
}

export interface S3ImageConfig {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicBaseUrl: string;
}

const DEV_SECRET = 'development-secret-not-for-production-use-0123456789';

export class ConfigError extends Error {}

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
  const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three or none');
  }
  const s3Images = imageBucket(env, production, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(cwd, env.DATA_DIR) },
    demo: env.DEMO ?? !production,
    secret: env.APP_SECRET ?? DEV_SECRET,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST ? resolve(cwd, env.WEB_DIST) : null,
    trustProxy: env.TRUST_PROXY,
    sessions: { customerDays: env.CUSTOMER_SESSION_DAYS, staffHours: env.STAFF_SESSION_HOURS },
    limits: {
      smsPerPhone: env.SMS_SENDS_PER_PHONE,
      smsPerAddress: env.SMS_SENDS_PER_ADDRESS,
      smsWindowMinutes: env.SMS_SEND_WINDOW_MINUTES,
      staffLoginFailures: env.STAFF_LOGIN_FAILURES_ALLOWED,
      staffLoginWindowMinutes: env.STAFF_LOGIN_WINDOW_MINUTES,
    },
    outbox: { pollMs: env.OUTBOX_POLL_MS, maxAttempts: env.OUTBOX_MAX_ATTEMPTS },
    rollupFoldMs: env.ROLLUP_FOLD_MS,
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
          }
        : { kind: 'local' },
    email: env.SMTP_URL
      ? { kind: 'smtp', url: env.SMTP_URL, from: env.EMAIL_FROM }
      : { kind: 'local', from: env.EMAIL_FROM },
    demoScale: env.DEMO_SCALE,
    images: { dir: resolve(cwd, env.IMAGE_DIR ?? join(env.DATA_DIR, 'images')), s3: s3Images },
    cardTerminals: env.SQUARE_ACCESS_TOKEN
      ? { kind: 'square', accessToken: env.SQUARE_ACCESS_TOKEN, baseUrl: env.SQUARE_BASE_URL }
      : { kind: 'local' },
    contact: { email: env.CONTACT_EMAIL, perAddressPerHour: env.CONTACT_PER_ADDRESS_PER_HOUR },
    marketplaceSecrets: marketplaceSecrets(env, production),
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

function marketplaceSecrets(env: Env, production: boolean): Record<MarketplaceChannel, string | null> {
  const given: Record<MarketplaceChannel, string | undefined> = {
    uber_eats: env.UBER_EATS_WEBHOOK_SECRET,
    deliveroo: env.DELIVEROO_WEBHOOK_SECRET,
    doordash: env.DOORDASH_WEBHOOK_SECRET,
    menulog: env.MENULOG_WEBHOOK_SECRET,
  };
  const secret = (channel: MarketplaceChannel) =>
    given[channel] ?? (production ? null : `demo-${MARKETPLACE_PLATFORMS[channel].slug}-secret`);
  return {
    uber_eats: secret('uber_eats'),
    deliveroo: secret('deliveroo'),
    doordash: secret('doordash'),
    menulog: secret('menulog'),
  };
}
