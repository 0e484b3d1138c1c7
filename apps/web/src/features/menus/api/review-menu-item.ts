import { menuSuccessResponse, type reviewMenuItemRequest } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, menuKeys } from './menu-keys';

export type ReviewDecision = z.infer<typeof reviewMenuItemRequest>;

/** review_menu_item: Enabled (approve), Rejected or Disabled for one waiting meal, combo or sub-item. */
export function reviewMenuItem(input: ReviewDecision) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'review_menu_item', ...input },
    schema: menuSuccessResponse,
  });
}

export function useReviewMenuItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewMenuItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
