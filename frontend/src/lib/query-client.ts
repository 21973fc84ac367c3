import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * The product's data-fetching defaults (product spec §9): no retries for queries or mutations, no refetch on window
 * focus, no interval refetch, data never stale. Screens that need fresh data (printer status, health) say so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
