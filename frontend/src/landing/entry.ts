// The landing page's entry, the only script its HTML names. The page comes as HTML rendered at build time, drawn with
// nothing but the stylesheet; React and the page's code (main.tsx) are fetched once the first paint is on the screen,
// so they never compete with the stylesheet on a slow connection, and hydrate what is drawn.
import { applyStoredA11yPreferences } from '@/components/a11y-widget/preferences';
import { keepEarlyTaps } from '@/diner/early-taps';
import { afterFirstPaint } from '@/lib/first-paint';
import { loadInSteps } from '@/lib/load-in-steps';
import './landing.css';

// The accessibility choices apply to the drawn page too, before the app arrives.
applyStoredA11yPreferences();
const root = document.getElementById('root');
if (root?.firstElementChild) keepEarlyTaps(root);
afterFirstPaint(() => void loadInSteps(() => import('./main')));
