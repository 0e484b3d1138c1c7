import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; network failures and 5xx get two more tries.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one client, shared by the providers and the router, whose loaders start a first screen's
 * reads while its code still loads.
 */
export const queryClient = createQueryClient();
