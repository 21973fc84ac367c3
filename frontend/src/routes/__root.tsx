import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, createRootRouteWithContext, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, type MouseEvent } from 'react';
import { A11yWidget } from '@/components/a11y-widget/a11y-widget';
import { applyStoredA11yPreferences } from '@/components/a11y-widget/preferences';
import { NotFoundPage } from '@/components/not-found-page';
import { Toaster } from '@/components/ui/toaster';
import { he } from '@/i18n/he';

export interface RouterContext {
  queryClient: QueryClient;
}

// The person's accessibility choices (larger text, contrast, ...) are on <html> before React renders anything.
applyStoredA11yPreferences();

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
      <A11yWidget />
      <Toaster />
      <Outlet />
      <SiteFooter />
    </QueryClientProvider>
  );
}

/**
 * The accessibility statement is one link away from every page (Israeli accessibility regulations), the diner's
 * menu included. The landing page has a fuller footer of its own, with the same links.
 */
function SiteFooter() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (pathname === '/') return null;
  return (
    <footer className="border-t border-line bg-surface">
      <nav aria-label={he.siteFooter.label} className="mx-auto w-full max-w-5xl px-4 py-3 md:px-6">
        <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <li>
            <Link to="/accessibility" className="text-muted underline hover:text-ink">
              {he.siteFooter.accessibility}
            </Link>
          </li>
          <li>
            <Link to="/terms-conditions" className="text-muted underline hover:text-ink">
              {he.siteFooter.terms}
            </Link>
          </li>
        </ul>
      </nav>
    </footer>
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
