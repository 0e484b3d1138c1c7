import {
  type AdminHealthResponse,
  type HealthLevel,
  type HealthLine,
  MARKETPLACE_PLATFORMS,
  type MarketplaceChannel,
  type OutboxChannelHealth,
  PROVIDER_NAMES,
  type ProviderHealth,
} from '@kitchaco/domain';

/** A message waiting longer than this is late (the outbox alert in docs/operations.md). */
export const OUTBOX_LATE_SECONDS = 120;
/** ...and longer than this, nothing is going out. */
export const OUTBOX_STUCK_SECONDS = 300;
/** A marketplace event waiting longer than this is late (platforms cancel unanswered orders). */
export const INBOX_LATE_SECONDS = 60;
export const INBOX_STUCK_SECONDS = 300;
/** A reconciliation older than this many runs is overdue. */
export const RECONCILIATION_LATE_RUNS = 3;

type Parts = Omit<AdminHealthResponse, 'success' | 'checked_at' | 'headline'>;

const line = (area: HealthLine['area'], level: HealthLevel, text: string): HealthLine => ({
  area,
  level,
  text,
});

function minutes(seconds: number): string {
  return seconds < 120 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`;
}

function outboxLine(
  area: 'sms' | 'email',
  channel: OutboxChannelHealth | undefined,
  provider: ProviderHealth | undefined,
  demo: boolean,
): HealthLine {
  const what = area === 'sms' ? 'SMS' : 'Emails';
  const name = provider ? PROVIDER_NAMES[provider.provider] : what;
  const oldest = channel?.oldest_waiting_seconds ?? null;
  if (provider?.state === 'failing') {
    return line(area, 'failing', `${name} is failing: ${provider.last_error ?? 'no detail'}`);
  }
  if (oldest !== null && oldest > OUTBOX_STUCK_SECONDS) {
    return line(
      area,
      'failing',
      `${what} are not going out: ${channel!.waiting} waiting, the oldest for ${minutes(oldest)}.`,
    );
  }
  if (provider?.state === 'not_configured' && !demo) {
    return line(area, 'attention', `${name} is not configured: ${what.toLowerCase()} stay in the outbox.`);
  }
  if (oldest !== null && oldest > OUTBOX_LATE_SECONDS) {
    return line(
      area,
      'attention',
      `${what} are slow: ${channel!.waiting} waiting, the oldest for ${minutes(oldest)}.`,
    );
  }
  if (channel && channel.failed_24h > 0) {
    return line(
      area,
      'attention',
      `${channel.failed_24h} failed in the last 24 h (retry them below); the rest go out.`,
    );
  }
  const local =
    provider?.state === 'not_configured' ? ' (local stand-in: the demo keeps them in the outbox)' : '';
  return line(
    area,
    'ok',
    `Going out: ${channel?.sent_24h ?? 0} sent in the last 24 h, ${channel?.waiting ?? 0} waiting${local}.`,
  );
}

/** The providers that are marketplaces' APIs (taking orders, answering them). */
const MARKETPLACE_PROVIDERS = new Set<ProviderHealth['provider']>(['uber_eats', 'doordash', 'deliveroo']);

function marketplacesLine(parts: Parts): HealthLine {
  const failing = parts.providers.filter(
    (p) => MARKETPLACE_PROVIDERS.has(p.provider) && p.state === 'failing',
  );
  if (failing.length > 0) {
    return line(
      'marketplaces',
      'failing',
      failing
        .map((p) => `${PROVIDER_NAMES[p.provider]} is failing: ${p.last_error ?? 'no detail'}`)
        .join(' '),
    );
  }
  const name = (platform: MarketplaceChannel) => MARKETPLACE_PLATFORMS[platform].name;
  const stuck = parts.inbox.filter((p) => (p.oldest_pending_seconds ?? 0) > INBOX_STUCK_SECONDS);
  if (stuck.length > 0) {
    return line(
      'marketplaces',
      'failing',
      `Orders are not being taken: ${stuck.map((p) => `${name(p.platform)} ${p.pending} waiting`).join(', ')}.`,
    );
  }
  const failed = parts.inbox.filter((p) => p.failed > 0);
  if (failed.length > 0) {
    return line(
      'marketplaces',
      'attention',
      `Orders failed and need a retry: ${failed.map((p) => `${name(p.platform)} ${p.failed}`).join(', ')}.`,
    );
  }
  const late = parts.inbox.filter((p) => (p.oldest_pending_seconds ?? 0) > INBOX_LATE_SECONDS);
  if (late.length > 0) {
    return line(
      'marketplaces',
      'attention',
      `Orders are slow: ${late.map((p) => `${name(p.platform)} ${p.pending} waiting`).join(', ')}.`,
    );
  }
  return line('marketplaces', 'ok', 'No marketplace order waiting or failed.');
}

function paymentsLine(parts: Parts, now: Date): HealthLine {
  const square = parts.providers.find((p) => p.provider === 'square');
  if (square?.state === 'failing') {
    return line('payments', 'failing', `Square is failing: ${square.last_error ?? 'no detail'}`);
  }
  const r = parts.reconciliation;
  if (r.last_failed) {
    return line('payments', 'failing', `The last reconciliation failed: ${r.last_error ?? 'no detail'}`);
  }
  if (r.last_finished_at === null) {
    return line('payments', 'attention', 'Reconciliation has not finished a run yet.');
  }
  const age = (now.getTime() - Date.parse(r.last_finished_at)) / 1000;
  if (age > RECONCILIATION_LATE_RUNS * r.every_minutes * 60) {
    return line(
      'payments',
      'failing',
      `Reconciliation is not running: the last run ended ${minutes(age)} ago (every ${r.every_minutes} min expected).`,
    );
  }
  if (r.flags_open > 0) {
    return line(
      'payments',
      'attention',
      `${r.flags_open} payment${r.flags_open === 1 ? '' : 's'} flagged for a person (Payments).`,
    );
  }
  return line('payments', 'ok', `Reconciliation ran ${minutes(age)} ago; no payment flagged.`);
}

function kitchensLine(parts: Parts): HealthLine {
  const { total, locations } = parts.kitchen_displays;
  if (total === 0) return line('kitchens', 'attention', 'No kitchen display is open on any instance.');
  const without = locations.filter((l) => l.kitchaco !== null && l.open === 0).map((l) => l.name);
  const withOpen = locations.filter((l) => l.open > 0).length;
  const none = without.length > 0 ? `; none at ${without.join(', ')}` : '';
  return line(
    'kitchens',
    'ok',
    `${total} display${total === 1 ? '' : 's'} open at ${withOpen} location${withOpen === 1 ? '' : 's'}${none}.`,
  );
}

/** One line per area, worst first within none: the order is fixed so the eye learns it. */
export function healthHeadline(parts: Parts, now: Date, demo: boolean): HealthLine[] {
  const provider = (name: ProviderHealth['provider']) => parts.providers.find((p) => p.provider === name);
  return [
    outboxLine(
      'sms',
      parts.outbox.find((c) => c.channel === 'sms'),
      provider('twilio'),
      demo,
    ),
    outboxLine(
      'email',
      parts.outbox.find((c) => c.channel === 'email'),
      provider('email'),
      demo,
    ),
    marketplacesLine(parts),
    paymentsLine(parts, now),
    kitchensLine(parts),
  ];
}
