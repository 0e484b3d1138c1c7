import { menusCalls, type reviewQueueResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffCall } from '../../../api';
import { menuKeys } from './menu-keys';

export type ReviewItem = z.infer<typeof reviewQueueResponse>['items'][number];

/** menu_review_queue: every meal, combo and sub-item operators added or changed, oldest first. */
export function getReviewQueue(signal?: AbortSignal) {
  return staffCall(menusCalls.menuReviewQueue, {}, { signal });
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
