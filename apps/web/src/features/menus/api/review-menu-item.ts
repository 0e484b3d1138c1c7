import { menusCalls, type reviewMenuItemRequest } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffCall } from '../../../api';
import { menuKeys } from './menu-keys';

export type ReviewDecision = z.input<typeof reviewMenuItemRequest>;

/**
 * review_menu_item: Enabled (approve), Rejected (with a reason for the operator) or Disabled for one
 * waiting meal, combo or sub-item; `change_id` names the change shown (409 if a newer one replaced it).
 */
export function reviewMenuItem(input: ReviewDecision) {
  return staffCall(menusCalls.reviewMenuItem, input);
}

export function useReviewMenuItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewMenuItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
