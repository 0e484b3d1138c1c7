import { type MarketplaceInboxResponse, marketplaceInboxCalls } from '@kitchaco/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { INBOX_PAGE_SIZE, type InboxFilter, olderPageCursor } from '../lib/inbox';
import { marketplaceKeys } from './marketplace-keys';

/** marketplace_inbox: the webhook inbox newest first, a page before `beforeId`, with counts by status. */
export function getMarketplaceInbox(filter: InboxFilter, beforeId?: number, signal?: AbortSignal) {
  return staffCall(
    marketplaceInboxCalls.marketplaceInbox,
    { ...filter, ...(beforeId ? { before_id: beforeId } : {}), limit: INBOX_PAGE_SIZE },
    { signal },
  );
}

/** The worker processes events every second: the screen reads the inbox again every 10 s. */
const EVERY_10_SECONDS = 10_000;

export const marketplaceInboxQueries = {
  list: (filter: InboxFilter) =>
    infiniteQueryOptions({
      queryKey: marketplaceKeys.inboxList(filter),
      queryFn: ({ pageParam, signal }) => getMarketplaceInbox(filter, pageParam, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (page: MarketplaceInboxResponse) => olderPageCursor(page.rows, INBOX_PAGE_SIZE),
      refetchInterval: EVERY_10_SECONDS,
      // Another filter keeps the rows shown until its own answer comes, so the table does not blink.
      placeholderData: keepPreviousData,
    }),
};

export function useMarketplaceInbox(filter: InboxFilter) {
  return useInfiniteQuery(marketplaceInboxQueries.list(filter));
}
