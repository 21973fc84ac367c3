// The menu page's HTML as the server sends it (DESIGN.md §4 step 2): the very components the browser runs, rendered to
// a string by the backend (backend/src/modules/diner) from a build of this file (vite.ssr.config.ts -> dist/ssr). The
// browser then hydrates these elements instead of drawing the menu a second time (main.tsx).
import { renderToString } from 'react-dom/server';
import { cartFromCookies, type CartLine } from './cart';
import OtherPages from './cart-page';
import { MenuPage } from './menu-page';
import type { PublicMenu } from './menu-types';
import { DinerShell } from './shell';
import { StepsScreen, type StepPage } from './steps-screen';

const noLines: CartLine[] = [];
const noUpdate = (): CartLine[] => noLines;

/** The inside of #root for /menu/{departmentId}: the menu with an empty cart and no table (the device adds those). */
export function renderMenuMarkup(menu: PublicMenu): string {
  return renderToString(
    <DinerShell message="">
      <MenuPage menu={menu} table={undefined} lines={noLines} update={noUpdate} />
    </DinerShell>,
  );
}

/**
 * The inside of #root for a step after the menu (cart, checkout, thank-you) of a business that takes orders, drawn
 * with the cart's cookie (`cookies`, the request's Cookie header): the same screens the app shows first, so the
 * browser hydrates them. Empty (the app draws the page, as before) when the server cannot draw what the device would:
 * a cart or checkout without the cookie (the device's storage may still hold lines), or a checkout back from a failed
 * payment (`?payment=failed`).
 */
export function renderStepMarkup(step: {
  page: StepPage;
  business: PublicMenu['business'];
  cookies: string | undefined;
  search: string;
}): string {
  const lines = cartFromCookies(step.cookies, step.business.departmentId);
  if (!lines && step.page !== 'thank-you') return '';
  if (step.page === 'checkout' && new URLSearchParams(step.search).has('payment')) return '';
  return renderToString(
    <DinerShell message="">
      <StepsScreen
        Pages={OtherPages}
        page={step.page}
        business={step.business}
        table={undefined}
        lines={lines ?? noLines}
        update={noUpdate}
      />
    </DinerShell>,
  );
}
