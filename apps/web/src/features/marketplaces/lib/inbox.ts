import {
  DEFAULT_TIME_ZONE,
  formatWireDate,
  type InboxStatus,
  localDate,
  MARKETPLACE_PLATFORMS,
  type MarketplaceChannel,
  type MarketplaceInboxRow,
  zonedParts,
} from '@kitchaco/domain';

/** What the inbox shows: one platform or all, one status or all (absent: all). */
export interface InboxFilter {
  platform?: MarketplaceChannel;
  status?: InboxStatus;
}

/** Rows asked for at a time; "Show older events" asks for the next page before the last id. */
export const INBOX_PAGE_SIZE = 50;

/** Each status in the back office's words, with the colour of its badge. */
export const INBOX_STATUS_BADGES: Record<InboxStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  processed: { label: 'Processed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO instant on the business's clock, to the second (events come in bursts and are retried
 * seconds apart): the back office's date and time with seconds, "19 Nov 2026" and "12:30:05 PM".
 */
export function inboxDateTime(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  const p = zonedParts(at, DEFAULT_TIME_ZONE);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return {
    date: formatWireDate(localDate(at, DEFAULT_TIME_ZONE)),
    time: `${pad(h12)}:${pad(p.minute)}:${pad(p.second)} ${p.hour < 12 ? 'AM' : 'PM'}`,
  };
}

/** The same on one line: "19 Nov 2026 12:30:05 PM". */
export function inboxTime(iso: string): string {
  const { date, time } = inboxDateTime(iso);
  return `${date} ${time}`;
}

/** The id a super admin looks up at the platform: the order's when the event names one, else the event's. */
export function eventReference(row: Pick<MarketplaceInboxRow, 'resource_id' | 'event_id'>): {
  kind: 'order' | 'event';
  id: string;
} {
  return row.resource_id ? { kind: 'order', id: row.resource_id } : { kind: 'event', id: row.event_id };
}

/** "Uber Eats event evt-1": how a row is named to a screen reader and in notices. */
export function eventName(row: Pick<MarketplaceInboxRow, 'platform' | 'event_id'>): string {
  return `${MARKETPLACE_PLATFORMS[row.platform].name} event ${row.event_id}`;
}

/** The cursor of the next (older) page: the last id of a full page; none after a short one. */
export function olderPageCursor(rows: readonly Pick<MarketplaceInboxRow, 'id'>[], pageSize: number) {
  return rows.length >= pageSize ? rows.at(-1)?.id : undefined;
}
