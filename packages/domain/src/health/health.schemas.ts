import { z } from 'zod';
import { MARKETPLACE_CHANNELS, OUTBOX_CHANNELS } from '../constants.js';

/** The outside providers whose last success and last error the health page shows. */
export const PROVIDERS = ['twilio', 'email', 'square', 'uber_eats', 'doordash', 'deliveroo'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PROVIDER_NAMES: Record<Provider, string> = {
  twilio: 'Twilio (SMS)',
  email: 'Email (SMTP)',
  square: 'Square (cards)',
  uber_eats: 'Uber Eats',
  doordash: 'DoorDash',
  deliveroo: 'Deliveroo',
};

/**
 * A provider as people read it: `ok` (its latest call answered), `failing` (its latest call
 * failed), `never_used` (configured, no call since the table began), `not_configured` (the local
 * adapter or the demo's test provider stands in: nothing reaches the real provider).
 */
export const PROVIDER_STATES = ['ok', 'failing', 'never_used', 'not_configured'] as const;
export type ProviderState = (typeof PROVIDER_STATES)[number];

/** One line of the headline: OK, needs a look soon, or broken now. */
export const HEALTH_LEVELS = ['ok', 'attention', 'failing'] as const;
export type HealthLevel = (typeof HEALTH_LEVELS)[number];

/** The headline's areas: the questions a person paged on a Friday night asks first. */
export const HEALTH_AREAS = ['sms', 'email', 'marketplaces', 'payments', 'kitchens'] as const;
export type HealthArea = (typeof HEALTH_AREAS)[number];

export const HEALTH_AREA_NAMES: Record<HealthArea, string> = {
  sms: 'SMS codes',
  email: 'Email',
  marketplaces: 'Marketplace orders',
  payments: 'Card payments and reconciliation',
  kitchens: 'Kitchen displays',
};

const instant = z.string();

export const providerHealth = z.object({
  provider: z.enum(PROVIDERS),
  state: z.enum(PROVIDER_STATES),
  /** What the settings use: `Twilio`, `Square sandbox`, `local: messages stay in the outbox`. */
  mode: z.string(),
  last_success_at: instant.nullable(),
  last_error_at: instant.nullable(),
  last_error: z.string().nullable(),
});
export type ProviderHealth = z.infer<typeof providerHealth>;

export const outboxChannelHealth = z.object({
  channel: z.enum(OUTBOX_CHANNELS),
  /** Pending or being sent now. */
  waiting: z.number().int(),
  /** Age of the oldest waiting message; null when none waits. */
  oldest_waiting_seconds: z.number().nullable(),
  /** Given up (failed) among the messages written in the last 24 hours. */
  failed_24h: z.number().int(),
  /** Delivered among the messages written in the last 24 hours. */
  sent_24h: z.number().int(),
  last_sent_at: instant.nullable(),
  /** The newest message with an error (failed, or waiting for its retry). */
  last_error: z
    .object({ message_id: z.number().int(), created_at: instant, status: z.string(), text: z.string() })
    .nullable(),
});
export type OutboxChannelHealth = z.infer<typeof outboxChannelHealth>;

export const inboxPlatformHealth = z.object({
  platform: z.enum(MARKETPLACE_CHANNELS),
  pending: z.number().int(),
  failed: z.number().int(),
  oldest_pending_seconds: z.number().nullable(),
});
export type InboxPlatformHealth = z.infer<typeof inboxPlatformHealth>;

export const reconciliationHealth = z.object({
  /** PAYMENTS_RECONCILE_EVERY_MINUTES: a run older than 3 times this is late. */
  every_minutes: z.number(),
  last_finished_at: instant.nullable(),
  last_failed: z.boolean(),
  last_error: z.string().nullable(),
  flags_open: z.number().int(),
});
export type ReconciliationHealth = z.infer<typeof reconciliationHealth>;

export const kitchenDisplayHealth = z.object({
  /** null: displays of every location (a super admin's). */
  kitchaco: z.number().int().nullable(),
  name: z.string(),
  open: z.number().int(),
  /** The newest heartbeat of its displays; null when none is open. */
  last_seen_at: instant.nullable(),
});
export type KitchenDisplayHealth = z.infer<typeof kitchenDisplayHealth>;

export const healthLine = z.object({
  area: z.enum(HEALTH_AREAS),
  level: z.enum(HEALTH_LEVELS),
  /** One sentence: what is wrong, or that all is well. */
  text: z.string(),
});
export type HealthLine = z.infer<typeof healthLine>;

export const adminHealthResponse = z.object({
  success: z.literal(true),
  checked_at: instant,
  headline: z.array(healthLine),
  outbox: z.array(outboxChannelHealth),
  inbox: z.array(inboxPlatformHealth),
  reconciliation: reconciliationHealth,
  providers: z.array(providerHealth),
  kitchen_displays: z.object({
    /** A display not heard from for this long is counted closed (its instance died). */
    stale_after_seconds: z.number().int(),
    total: z.number().int(),
    locations: z.array(kitchenDisplayHealth),
  }),
});
export type AdminHealthResponse = z.infer<typeof adminHealthResponse>;

/** The providers the go-live check reads (`npm run providers:check`, `admin_provider_check`). */
export const CHECKED_PROVIDERS = [
  'square',
  'uber_eats',
  'doordash',
  'deliveroo',
  'twilio',
  'email',
  'facebook',
] as const;
export type CheckedProvider = (typeof CHECKED_PROVIDERS)[number];

export const CHECKED_PROVIDER_NAMES: Record<CheckedProvider, string> = {
  square: 'Square (cards)',
  uber_eats: 'Uber Eats',
  doordash: 'DoorDash',
  deliveroo: 'Deliveroo',
  twilio: 'Twilio (SMS)',
  email: 'Email (SMTP)',
  facebook: 'Facebook sign-in',
};

/**
 * `ready`: the provider took our credentials and knows what the settings name; `not_configured`:
 * a local stand-in (or nothing) is used, no call was made; `problem`: what is wrong, in `detail`.
 */
export const PROVIDER_CHECK_STATUSES = ['ready', 'not_configured', 'problem'] as const;
export type ProviderCheckStatus = (typeof PROVIDER_CHECK_STATUSES)[number];

export const providerCheck = z.object({
  provider: z.enum(CHECKED_PROVIDERS),
  status: z.enum(PROVIDER_CHECK_STATUSES),
  /** One sentence an operator can act on. */
  detail: z.string(),
  /** In production this provider must be ready (SMS, email, cards): not being so is a failure. */
  required: z.boolean(),
});
export type ProviderCheck = z.infer<typeof providerCheck>;

export const adminProviderCheckResponse = z.object({
  success: z.literal(true),
  checked_at: instant,
  /** False when a provider has a problem, or a required one is not configured in production. */
  ready: z.boolean(),
  providers: z.array(providerCheck),
});
export type AdminProviderCheckResponse = z.infer<typeof adminProviderCheckResponse>;
