import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyStoredA11yPreferences } from '@/components/a11y-widget/preferences';
import { DinerApp } from './app';
import { breakOutOfFrame } from './frame-breakout';
import '../styles.css';

// The diner's entry (diner.html): React and this app only, no router, no React Query, no schema library. The server
// already put the menu's plain HTML into #root and its data into #menu-data; React renders the same menu from that
// data at once, with the controls, without asking the server again.
applyStoredA11yPreferences();

const root = document.getElementById('root');
// A payment return inside the payment frame moves the whole tab and renders nothing here (see frame-breakout.ts).
if (root && !breakOutOfFrame(window, root)) {
  createRoot(root).render(
    <StrictMode>
      <DinerApp />
    </StrictMode>,
  );
}
