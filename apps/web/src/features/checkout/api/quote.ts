import type { CheckoutRequest } from '@kitchaco/domain';
import { keepPreviousData, skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { publicRouteLazy } from '../../../api';

export const checkoutQueries = {
  all: () => ['checkout'] as const,
  quote: (request: CheckoutRequest | null) => [...checkoutQueries.all(), 'quote', request] as const,
};

/** The server's price of a cart: every figure the checkout shows. Needs no sign-in. */
export function getQuote(request: CheckoutRequest, signal?: AbortSignal) {
  return publicRouteLazy(
    'ordersCalls',
    'quote',
    { method: 'POST', url: '/api/v1/orders/quote/' },
    { body: request },
    { signal },
  );
}

/**
 * The quote of the checkout as it stands (none while `request` is null); the previous figures stay
 * on screen, marked as placeholder data, while new ones are on their way.
 */
export function useQuote(request: CheckoutRequest | null) {
  return useQuery({
    queryKey: checkoutQueries.quote(request),
    queryFn: request ? ({ signal }) => getQuote(request, signal) : skipToken,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** A one-off quote, to try a promo code before applying it. */
export function useTryQuote() {
  return useMutation({ mutationFn: (request: CheckoutRequest) => getQuote(request) });
}
