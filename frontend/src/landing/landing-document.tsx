import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { A11yWidget } from '@/components/a11y-widget/a11y-widget';
import { Toaster } from '@/components/ui/toaster';
import { LandingPage } from '@/features/landing/landing-page';
import { he } from '@/i18n/he';

/**
 * Everything inside #root of the landing page: what the app's root layout puts around a page (the skip link, the
 * accessibility widget, the toasts) and the page itself, without the router. The build renders it to HTML
 * (server.tsx, scripts/prerender.mjs) and the browser hydrates the same tree (main.tsx).
 */
export function LandingDocument({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {he.app.skipToContent}
      </a>
      <A11yWidget />
      <Toaster />
      <LandingPage />
    </QueryClientProvider>
  );
}
