// The script of the diner's steps after the menu (diner-order.html: cart, checkout, thank-you). The server draws the
// step when the device's cart has its cookie (server.tsx): then, as on the menu (entry.ts), the phone draws it with
// nothing but the stylesheet, and the app and the steps' screens are fetched together once that first paint is on the
// screen (not one revealing the next), and hydrate it. A step that comes empty needs them at once.
import { applyStoredA11yPreferences } from '@/components/a11y-widget/preferences';
import { afterFirstPaint } from '@/lib/first-paint';
import { keepEarlyTaps } from './early-taps';
import { prefetchLanguage } from './language-packs';
import './diner.css';

applyStoredA11yPreferences();
const root = document.getElementById('root');
if (root?.firstElementChild) keepEarlyTaps(root);
afterFirstPaint(() => {
  void import('./cart-page');
  prefetchLanguage(document.documentElement.lang);
  void import('./main');
});
