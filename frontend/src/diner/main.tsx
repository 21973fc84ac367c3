import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DinerApp } from './app';
import { replayEarlyTaps, takeEarlyLanguage } from './early-taps';
import { breakOutOfFrame } from './frame-breakout';
import { isDinerLanguage, type DinerLanguage } from '@tafrit/contracts/languages';
import {
  DinerLanguageProvider,
  loadLanguage,
  rememberLanguage,
  showLanguage,
  startingLanguage,
  type LanguagePack,
} from './language';

// The diner's app (loaded by entry.ts once the page is on screen): React and this app only, no router, no React
// Query, no schema library. On /menu/{id} the server already rendered the menu into #root with these components and
// put its data into #menu-data: React hydrates those elements (attaches the controls) instead of drawing them again.
// The cart, checkout and thank-you pages come drawn too when the device's cart has its cookie; otherwise empty, and
// rendered here.

const root = document.getElementById('root');
// A payment return inside the payment frame moves the whole tab and renders nothing here (see frame-breakout.ts).
if (root && !breakOutOfFrame(window, root)) {
  // The menu, or a step after it (cart, checkout, thank-you) the server drew with the cart's cookie.
  const drawn = root.firstElementChild !== null;
  const language = startingLanguage(document, drawn);
  // A link's ?lang= is remembered like the switcher's choice: the next page the server draws keeps it.
  if (new URLSearchParams(location.search).has('lang')) rememberLanguage(document, language);
  else showLanguage(document, language);
  const start = (hydrating: boolean, chosen: DinerLanguage, pack: LanguagePack | undefined) => {
    // A language picked in the drawn switcher before now: the hydration draws the page's, then the app switches.
    const early = takeEarlyLanguage();
    const picked = isDinerLanguage(early) ? early : undefined;
    const app = (
      <StrictMode>
        <DinerLanguageProvider initial={chosen} initialPack={pack} picked={picked}>
          <DinerApp hydrating={hydrating} />
        </DinerLanguageProvider>
      </StrictMode>
    );
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
  };
  // Another language than Hebrew starts with its words (the server drew the page in them): they are fetched first
  // (entry.ts asked for them as the page loaded). Should they not arrive (offline), the app draws the page afresh in
  // Hebrew rather than leave the drawn one without its controls.
  // In a task of its own, after the one that compiled and ran React's code: neither is a long task on a slow phone.
  void loadLanguage(language).then(
    (pack) => setTimeout(() => start(drawn, language, pack), 0),
    () =>
      setTimeout(() => {
        showLanguage(document, 'he');
        start(false, 'he', undefined);
      }, 0),
  );
}
