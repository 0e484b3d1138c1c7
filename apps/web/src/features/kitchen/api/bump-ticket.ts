import { type KitchenBumpStatus, type KitchenTicket, kitchenCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { upsertTicket } from '../lib/tickets';
import { kitchenKeys } from './kitchen-keys';
import type { KitchenBoard } from './kitchen-tickets';

export interface Bump {
  ticket: KitchenTicket;
  status: KitchenBumpStatus;
}

/** bump_kitchen_ticket: forward (Start, Done) or back (Undo, within the server's undo window). */
export function bumpKitchenTicket({ ticket, status }: Bump) {
  return staffCall(kitchenCalls.bumpKitchenTicket, { ticket_id: ticket.id, status });
}

/**
 * A bump shows at once (the pass cannot wait for the network); the server's ticket replaces it, and a
 * refusal puts the ticket back as it was and reads the list again.
 */
export function useBumpTicket(locationId: number | null) {
  const queryClient = useQueryClient();
  const key = kitchenKeys.tickets(locationId);
  const put = (ticket: KitchenTicket) =>
    queryClient.setQueryData<KitchenBoard>(key, (board) =>
      board ? { ...board, tickets: upsertTicket(board.tickets, ticket) } : board,
    );
  return useMutation({
    mutationFn: bumpKitchenTicket,
    onMutate: async ({ ticket, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const board = queryClient.getQueryData<KitchenBoard>(key);
      const now = new Date(Date.now() + (board?.clockOffsetMs ?? 0)).toISOString();
      queryClient.setQueryData<KitchenBoard>(key, (current) =>
        current
          ? {
              ...current,
              tickets: current.tickets.map((t) =>
                t.id === ticket.id ? { ...t, status, updated_at: now } : t,
              ),
            }
          : current,
      );
      return { before: ticket };
    },
    onSuccess: ({ ticket }) => put(ticket),
    onError: (_error, _bump, context) => {
      if (context) {
        queryClient.setQueryData<KitchenBoard>(key, (board) =>
          board
            ? {
                ...board,
                tickets: board.tickets.map((t) => (t.id === context.before.id ? context.before : t)),
              }
            : board,
        );
      }
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
