import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DinerApp } from './app';
import { replayEarlyTaps } from './early-taps';
import { breakOutOfFrame } from './frame-breakout';

// The diner's app (loaded by entry.ts once the page is on screen): React and this app only, no router, no React
// Query, no schema library. On /menu/{id} the server already rendered the menu into #root with these components and
// put its data into #menu-data: React hydrates those elements (attaches the controls) instead of drawing them again.
// The cart, checkout and thank-you pages come drawn too when the device's cart has its cookie; otherwise empty, and
// rendered here.

const root = document.getElementById('root');
// A payment return inside the payment frame moves the whole tab and renders nothing here (see frame-breakout.ts).
if (root && !breakOutOfFrame(window, root)) {
  // The menu, or a step after it (cart, checkout, thank-you) the server drew with the cart's cookie.
  const hydrating = root.firstElementChild !== null;
  const app = (
    <StrictMode>
      <DinerApp hydrating={hydrating} />
    </StrictMode>
  );
  // In a task of its own, after the one that compiled and ran React's code: neither is a long task on a slow phone.
  setTimeout(() => {
    if (!hydrating) {
      createRoot(root).render(app);
      replayEarlyTaps();
      return;
    }
    // As a transition, the hydration works in slices of a few milliseconds (the whole menu is already on screen).
    startTransition(() => {
      hydrateRoot(root, app);
    });
    // React listens now: a tap made before is replayed (its category is hydrated first, at once).
    replayEarlyTaps();
  }, 0);
}
