import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { routeTree } from './routeTree.gen';

export function createAppRouter(options: { history?: RouterHistory; queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  return createRouter({
    routeTree,
    context: { queryClient },
    history: options.history,
    defaultPreload: 'intent',
    // Loaders read through React Query's cache, so the router keeps no cache of its own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
