// The diner page's entry, the only script the HTML names. On /menu/{id} the server already sent the whole menu as
// HTML: the phone should draw it with nothing but the stylesheet, so the app (React, about 70 KiB) is fetched once the
// first paint is on the screen and does not compete with the page's stylesheet on a slow connection; it then
// hydrates the drawn menu. Pages that come empty (cart, checkout, thank-you) need the app to show anything: at once.
import { applyStoredA11yPreferences } from '@/components/a11y-widget/preferences';
import { keepEarlyTaps } from './early-taps';
import { afterFirstPaint } from '@/lib/first-paint';
import { prefetchLanguage } from './language-packs';
import './diner.css';

// The accessibility choices apply to the drawn menu too, before the app arrives.
applyStoredA11yPreferences();
const root = document.getElementById('root');
if (root?.firstElementChild) keepEarlyTaps(root);
afterFirstPaint(() => {
  // A page drawn in Arabic, English or Russian hydrates with that language's words: asked for beside the app.
  prefetchLanguage(document.documentElement.lang);
  void import('./main');
});
