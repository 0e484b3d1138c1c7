import { reviewQueueResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, menuKeys } from './menu-keys';

export type ReviewItem = z.infer<typeof reviewQueueResponse>['items'][number];

/** menu_review_queue: every meal, combo and sub-item operators added or changed, oldest first. */
export function getReviewQueue(signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'menu_review_queue' },
    schema: reviewQueueResponse,
    signal,
  });
}

export const reviewQueueQueries = {
  list: () =>
    queryOptions({
      queryKey: menuKeys.reviewQueue(),
      queryFn: ({ signal }) => getReviewQueue(signal),
      select: (data) => data.items,
    }),
};

export function useReviewQueue() {
  return useQuery(reviewQueueQueries.list());
}
