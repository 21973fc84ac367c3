import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useRouter } from '@tanstack/react-router';
import { useEffect, type MouseEvent } from 'react';
import { NotFoundPage } from '@/components/not-found-page';
import { Toaster } from '@/components/ui/toaster';
import { he } from '@/i18n/he';

export interface RouterContext {
  queryClient: QueryClient;
}

// The root is in the entry chunk that every visit downloads, the diner's included: nothing heavy here.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { queryClient } = Route.useRouteContext();
  useFocusMainOnNavigation();
  return (
    <QueryClientProvider client={queryClient}>
      <a
        href="#main"
        onClick={focusMain}
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {he.app.skipToContent}
      </a>
      <Outlet />
      <Toaster />
    </QueryClientProvider>
  );
}

function focusMain(event?: MouseEvent) {
  const main = document.getElementById('main');
  if (!main) return;
  event?.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView();
}

/**
 * After a client-side navigation to another path, focus goes to the new screen's <main>, as a full page load would
 * reset it; screen readers then start at the new content. `onRendered` fires once the new screen is on the page
 * (lazy chunks included); the first render has no `fromLocation` and keeps the browser's own behaviour.
 */
function useFocusMainOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        if (event.fromLocation && event.pathChanged) document.getElementById('main')?.focus({ preventScroll: true });
      }),
    [router],
  );
}
