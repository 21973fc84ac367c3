// The menu page's HTML as the server sends it (DESIGN.md §4 step 2): the very components the browser runs, rendered to
// a string by the backend (backend/src/modules/diner) from a build of this file (vite.ssr.config.ts -> dist/ssr). The
// browser then hydrates these elements instead of drawing the menu a second time (main.tsx).
import { renderToString } from 'react-dom/server';
import type { CartLine } from './cart';
import { MenuPage } from './menu-page';
import type { PublicMenu } from './menu-types';
import { DinerShell } from './shell';

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
