// The script of the diner's steps after the menu (diner-order.html: cart, checkout, thank-you). Those pages come
// empty, so nothing is drawn before the app: the app and the steps' screens are static imports here, so the built
// page names every file it needs and the browser fetches them at once with the stylesheet, instead of one file
// revealing the next (the menu's entry, then the app, then the steps' code: three round trips before the first line).
import { applyStoredA11yPreferences } from '@/components/a11y-widget/preferences';
import './diner.css';
import './main';
// Also imported lazily by the app (it is not on the menu's page): named here, its chunk comes with the page.
import './cart-page';

applyStoredA11yPreferences();
