// The menu page's HTML as the server sends it (DESIGN.md §4 step 2): the very components the browser runs, rendered to
// a string by the backend (backend/src/modules/diner) from a build of this file (vite.ssr.config.ts -> dist/ssr). The
// browser then hydrates these elements instead of drawing the menu a second time (main.tsx).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { DinerLanguage } from '@tafrit/contracts/languages';
import type { DinerOrderView } from '@tafrit/contracts/ordering-types';
import { cartFromCookies, type CartLine } from './cart';
import OtherPages from './cart-page';
import { DinerLanguageContext, languageValue, type LanguagePack } from './language';
import { MenuPage } from './menu-page';
import type { PublicMenu } from './menu-types';
import { DinerShell } from './shell';
import { StepsScreen, type StepPage } from './steps-screen';
import ar from './text-ar';
import en from './text-en';
import ru from './text-ru';

const noLines: CartLine[] = [];
const noUpdate = (): CartLine[] => noLines;

// Every language's words are in this server bundle: the page comes drawn in the diner's language, whichever it is.
const packs: Readonly<Record<DinerLanguage, LanguagePack | undefined>> = { he: undefined, ar, en, ru };

function inLanguage(language: DinerLanguage, children: ReactNode): ReactNode {
  return (
    <DinerLanguageContext.Provider value={languageValue(language, packs[language])}>
      {children}
    </DinerLanguageContext.Provider>
  );
}

/** The inside of #root for /menu/{departmentId}: the menu with an empty cart and no table (the device adds those). */
export function renderMenuMarkup(menu: PublicMenu, language: DinerLanguage = 'he'): string {
  return renderToString(
    inLanguage(
      language,
      <DinerShell message="">
        <MenuPage menu={menu} table={undefined} lines={noLines} update={noUpdate} />
      </DinerShell>,
    ),
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
  language?: DinerLanguage;
  /** The thank-you page's order, read by the server for this diner's own session. */
  order?: DinerOrderView;
}): string {
  const lines = cartFromCookies(step.cookies, step.business.departmentId);
  if (!lines && step.page !== 'thank-you') return '';
  if (step.page === 'checkout' && new URLSearchParams(step.search).has('payment')) return '';
  return renderToString(
    inLanguage(
      step.language ?? 'he',
      <DinerShell message="">
        <StepsScreen
          Pages={OtherPages}
          page={step.page}
          business={step.business}
          table={undefined}
          lines={lines ?? noLines}
          update={noUpdate}
          order={step.page === 'thank-you' ? step.order : undefined}
        />
      </DinerShell>,
    ),
  );
}
