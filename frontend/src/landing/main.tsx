import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { replayEarlyTaps } from '@/diner/early-taps';
import { createQueryClient } from '@/lib/query-client';
import { LandingDocument } from './landing-document';

// The landing page's app, loaded by entry.ts once the page is on screen: it hydrates the HTML rendered at build time
// (the header's menu, the FAQ, the accessibility widget, the contact form that loads after it) instead of drawing the
// page again. A page without that HTML (a front end built without the prerender) is drawn here.
const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <LandingDocument queryClient={createQueryClient()} />
    </StrictMode>
  );
  // In a task of its own, after the one that compiled React: neither is a long task on a slow phone. As a transition,
  // the hydration works in slices of a few milliseconds (the page is on screen already).
  setTimeout(() => {
    if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
    // React listens now: a tap on a button made before (the menu toggle, a question) is given to it.
    replayEarlyTaps();
  }, 0);
}
