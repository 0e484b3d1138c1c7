import { kitchenCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, publicRoute } from '../../../api';

/** How often the counter screen asks again. */
export const PICKUP_BOARD_REFRESH_MS = 5_000;

/** `GET /api/v1/pickup-board/?display=<token>`: open to anyone holding the display's secret. */
export function getPickupBoard(display: string, signal?: AbortSignal) {
  return publicRoute(kitchenCalls.pickupBoard, { query: { display } }, { signal });
}

export const pickupBoardQueries = {
  board: (display: string) =>
    queryOptions({
      queryKey: ['pickup-board', display] as const,
      queryFn: ({ signal }) => getPickupBoard(display, signal),
      retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
    }),
};

/**
 * The board, asked again every 5 seconds, also while the screen is not focused (a display on a wall
 * is never focused). A wrong link (404) is not asked again; a network blip keeps the last board.
 */
export function usePickupBoard(display: string) {
  return useQuery({
    ...pickupBoardQueries.board(display),
    enabled: display !== '',
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 404
        ? false
        : PICKUP_BOARD_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}
