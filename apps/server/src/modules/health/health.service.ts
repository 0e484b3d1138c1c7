import {
  type AdminHealthResponse,
  MARKETPLACE_CHANNELS,
  PROVIDERS,
  type Provider,
  type ProviderHealth,
} from '@kitchaco/domain';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { inboxRows, reconciliationRows } from '../../db/backlogs.js';
import { DISPLAY_STALE_SECONDS, openDisplaysByLocation } from '../kitchen/kitchen-displays.js';
import { listLocations } from '../locations/locations.service.js';
import { outboxHealth } from '../notifications/outbox-admin.service.js';
import { healthHeadline } from './headline.js';
import { providerStatusRows } from './health.queries.js';
import { providerConfigured } from './provider-status.js';

/** What each provider's settings point at, in words. */
function providerMode(config: Config, provider: Provider): string {
  switch (provider) {
    case 'twilio':
      return config.sms.kind === 'twilio' ? 'Twilio' : 'Local stand-in: SMS stay in the outbox';
    case 'email':
      return config.email.kind === 'smtp' ? 'SMTP' : 'Local stand-in: emails stay in the outbox';
    case 'square':
      return config.payments.provider === 'square'
        ? `Square ${config.payments.square.environment}`
        : 'Test provider: no real card is charged';
    case 'uber_eats':
      return config.uberEats ? 'Uber Eats API' : 'Not set up: no Uber Eats credentials';
    case 'doordash':
      return config.doordash ? 'DoorDash API' : 'Not set up: no DoorDash credentials';
    case 'deliveroo':
      return config.deliveroo ? 'Deliveroo Order API' : 'Not set up: no Deliveroo credentials';
  }
}

async function providersHealth(app: AppContext): Promise<ProviderHealth[]> {
  const rows = await providerStatusRows(app.db);
  return PROVIDERS.map((provider) => {
    const row = rows.find((r) => r.provider === provider);
    const success = row?.lastSuccessAt ?? null;
    const error = row?.lastErrorAt ?? null;
    const state = !providerConfigured(app.config, provider)
      ? 'not_configured'
      : !success && !error
        ? 'never_used'
        : error && (!success || error.getTime() > success.getTime())
          ? 'failing'
          : 'ok';
    return {
      provider,
      state,
      mode: providerMode(app.config, provider),
      last_success_at: success?.toISOString() ?? null,
      last_error_at: error?.toISOString() ?? null,
      last_error: row?.lastError ?? null,
    };
  });
}

async function kitchenDisplaysHealth(app: AppContext): Promise<AdminHealthResponse['kitchen_displays']> {
  const [open, locations] = await Promise.all([openDisplaysByLocation(app), listLocations(app)]);
  const of = (id: number | null) => open.find((o) => o.locationId === id);
  const rows = locations
    .map((l) => ({ kitchaco: l.id as number | null, name: l.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  // A super admin's display of every location, when one is open.
  if (of(null)) rows.push({ kitchaco: null, name: 'All locations' });
  return {
    stale_after_seconds: DISPLAY_STALE_SECONDS,
    total: open.reduce((sum, o) => sum + o.open, 0),
    locations: rows.map((r) => {
      const found = of(r.kitchaco);
      return { ...r, open: found?.open ?? 0, last_seen_at: found?.lastSeen.toISOString() ?? null };
    }),
  };
}

/** `admin_health`: every signal of the health page in one read, with its headline. */
export async function adminHealth(app: AppContext): Promise<AdminHealthResponse> {
  const now = app.clock.now();
  const seconds = (epoch: number | null) =>
    epoch === null ? null : Math.max(0, Math.round(now.getTime() / 1000 - epoch));
  const [outbox, inbox, [reconciliation], providers, kitchenDisplays] = await Promise.all([
    outboxHealth(app),
    inboxRows(app.database),
    reconciliationRows(app.database),
    providersHealth(app),
    kitchenDisplaysHealth(app),
  ]);
  const parts = {
    outbox,
    inbox: MARKETPLACE_CHANNELS.map((platform) => {
      const row = inbox.find((r) => r.channel === platform);
      return {
        platform,
        pending: row?.pending ?? 0,
        failed: row?.failed ?? 0,
        oldest_pending_seconds: seconds(row?.oldest ?? null),
      };
    }),
    reconciliation: {
      every_minutes: app.config.reconciliation.everyMinutes,
      last_finished_at:
        reconciliation?.lastFinished == null
          ? null
          : new Date(reconciliation.lastFinished * 1000).toISOString(),
      last_failed: reconciliation?.lastFailed ?? false,
      last_error: reconciliation?.lastError ?? null,
      flags_open: reconciliation?.flagsOpen ?? 0,
    },
    providers,
    kitchen_displays: kitchenDisplays,
  };
  return {
    success: true,
    checked_at: now.toISOString(),
    headline: healthHeadline(parts, now, app.config.demo),
    ...parts,
  };
}
