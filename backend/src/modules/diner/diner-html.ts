// The diner's page in one response (DESIGN.md §4 step 2): the built diner.html with the business's title and Open
// Graph tags, the public menu as inline JSON for the app, and the menu's HTML inside #root, so a phone on a weak
// connection shows the menu before any script has run. That HTML is rendered by the front end's own components
// (frontend/src/diner/server.tsx, built to frontend/dist/ssr/diner.js): the browser hydrates it as it is.
import type { DinerOrderView, PublicMenu } from '@tafrit/contracts';
import { dinerTitleWords, languageDirection, type DinerLanguage } from '@tafrit/contracts/languages';
import { escapeHtml } from '../../platform/http/html-escape.js';

/** The front end's server renderer of the menu (frontend/src/diner/server.tsx), in the diner's language. */
export type MenuMarkupRenderer = (menu: PublicMenu, language: DinerLanguage) => string;

/** Its renderer of the steps after the menu: '' when it does not draw the step (see server.tsx). */
export type StepMarkupRenderer = (step: {
  page: 'cart' | 'checkout' | 'thank-you';
  business: PublicMenu['business'];
  cookies: string | undefined;
  search: string;
  language: DinerLanguage;
  /** The thank-you page's order, read for the diner's own session (absent: the page reads it itself). */
  order?: DinerOrderView;
}) => string;

const ROOT = '<div id="root"></div>';

export type DinerPageState =
  | { status: 'ok'; menu: PublicMenu; json: string }
  | { status: 'not_found'; departmentId: string }
  | { status: 'unavailable'; departmentId: string; businessName: string };

/**
 * JSON inside `<script type="application/json">`: a `<` could close the element (`</script>`) or open a comment, so
 * every one is written as \u003c (still the same JSON). U+2028 and U+2029 are escaped for old parsers.
 */
export function inlineJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An address made absolute with the public URL (crawlers and chat apps need absolute Open Graph images). */
export function absoluteUrl(address: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(address)) return address;
  return `${publicUrl}${address.startsWith('/') ? '' : '/'}${address}`;
}

/** The template as built, with its Open Graph addresses absolute: what every diner page without a menu is. */
export function prepareDinerTemplate(html: string, publicUrl: string): string {
  return html.replace(
    /(<meta\s+property="og:(?:image|url)"\s+content=")\/(?!\/)/g,
    (_match, start: string) => `${start}${publicUrl}/`,
  );
}

function setTitle(html: string, title: string): string {
  const escaped = escapeHtml(title);
  // Functions, not strings: a `$&` or `$1` in a café's name must stay as it is.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escaped}</title>`)
    .replace(/(<meta\s+property="og:title"\s+content=")[^"]*(")/, (_match, start: string, end: string) => {
      return `${start}${escaped}${end}`;
    });
}

function setMeta(html: string, property: string, value: string): string {
  const pattern = new RegExp(`(<meta\\s+property="${property}"\\s+content=")[^"]*(")`);
  // A function, not a string: `$&` and the like in a name must stay as they are.
  return html.replace(pattern, (_match, start: string, end: string) => `${start}${escapeHtml(value)}${end}`);
}

/** What a link preview (WhatsApp, Instagram, Facebook, X) shows of a menu's address, every address absolute. */
export interface SharePreview {
  title: string;
  description: string;
  image: string;
  url: string;
}

/** Words the preview shows when the owner wrote no line and the menu has no category yet. */
const PREVIEW_FALLBACK = 'התפריט הדיגיטלי: בוחרים מנות, מוסיפים לעגלה ומשלמים מהטלפון.';
/** The default picture, served by the product itself (frontend/public/og-image.png, 1200 x 630). */
const DEFAULT_PREVIEW_IMAGE = '/og-image.png';
/** How many category names stand for the menu in a preview's line. */
const PREVIEW_CATEGORIES = 4;

/**
 * The preview of a menu (issue 33): the café's name; the owner's line, else its first categories' names; its logo,
 * else the first product photo, else the product's default picture; the readable address when it has one, else the
 * random one. Every address absolute with PUBLIC_URL: chat apps fetch them from their own servers.
 */
export function sharePreviewOf(menu: PublicMenu, publicUrl: string): SharePreview {
  const { business } = menu;
  const categories = menu.categories.slice(0, PREVIEW_CATEGORIES).map((category) => category.name);
  const photo = menu.products.find((product) => product.image)?.image?.large;
  return {
    title: business.businessName,
    description: business.shareLine ?? (categories.length > 0 ? categories.join(' · ') : PREVIEW_FALLBACK),
    image: absoluteUrl(business.logo ?? photo ?? DEFAULT_PREVIEW_IMAGE, publicUrl),
    url: `${publicUrl}/menu/${encodeURIComponent(business.menuAddress ?? business.departmentId)}`,
  };
}

/**
 * The preview's tags: the built page's og:url and og:image filled in, and the rest added at the end of <head> (the
 * built page keeps its short head: a slow phone waits for those bytes). Every value is escaped: a café named
 * `"קפה" <הגפן>` stays text inside its attribute.
 */
export function withSharePreview(html: string, preview: SharePreview): string {
  const text = (value: string) => escapeHtml(value);
  html = setMeta(html, 'og:url', preview.url);
  html = setMeta(html, 'og:image', preview.image);
  html = html.replace(
    /(<meta\s+name="description"\s+content=")[^"]*(")/,
    (_match, start: string, end: string) => `${start}${text(preview.description)}${end}`,
  );
  const tags = [
    `<meta property="og:description" content="${text(preview.description)}" />`,
    `<meta property="og:image:alt" content="${text(preview.title)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${text(preview.title)}" />`,
    `<meta name="twitter:description" content="${text(preview.description)}" />`,
    `<meta name="twitter:image" content="${text(preview.image)}" />`,
    `<link rel="canonical" href="${text(preview.url)}" />`,
  ];
  // A function, not a string: `$&` in a café's name must stay as it is.
  return html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}

function withData(
  html: string,
  id: 'menu-data' | 'menu-status' | 'business-data' | 'order-data',
  json: string,
  root: string,
): string {
  const script = `<script type="application/json" id="${id}">${inlineJson(json)}</script>`;
  // A function, not a string: `$&` and the like in a product's name must stay as they are.
  return html.replace(ROOT, () => `${script}\n    <div id="root">${root}</div>`);
}

export const dinerTitle = (name: string, language: DinerLanguage = 'he'): string =>
  `${name} | ${dinerTitleWords[language].app}`;

/**
 * The page's language on its <html> (the built page says Hebrew): screen readers and the browser's fonts, hyphenation
 * and direction follow it, and the app starts in it (the browser hydrates with the same words).
 */
export function setLanguage(html: string, language: DinerLanguage): string {
  return html.replace(/<html\b[^>]*>/, `<html lang="${language}" dir="${languageDirection(language)}">`);
}

/**
 * The page for one department, from the prepared template. Without a renderer (a front end built without it) #root
 * stays empty and the app renders the menu from the inline data.
 */
export function renderDinerPage(
  template: string,
  state: DinerPageState,
  publicUrl: string,
  renderMenu?: MenuMarkupRenderer,
  language: DinerLanguage = 'he',
): string {
  template = setLanguage(template, language);
  if (state.status === 'not_found') {
    const html = setTitle(template, dinerTitle(dinerTitleWords[language].notFound, language));
    return withData(html, 'menu-status', JSON.stringify({ status: 'not_found', departmentId: state.departmentId }), '');
  }
  if (state.status === 'unavailable') {
    const html = setTitle(template, dinerTitle(state.businessName, language));
    const json = JSON.stringify({
      status: 'unavailable',
      departmentId: state.departmentId,
      businessName: state.businessName,
    });
    return withData(html, 'menu-status', json, '');
  }
  const { business } = state.menu;
  let html = setTitle(template, dinerTitle(business.businessName, language));
  html = withSharePreview(html, sharePreviewOf(state.menu, publicUrl));
  return withData(html, 'menu-data', state.json, renderMenu ? renderMenu(state.menu, language) : '');
}

/**
 * The page of a step after the menu (cart, checkout, thank-you; diner-order.html, whose script brings the app and the
 * step's code at once) for a business that takes orders: its name in the title, its name and logo inline for the
 * header (the app draws the step without asking for the menu), and the step's HTML when the renderer drew it.
 */
export function renderOrderStepPage(
  template: string,
  business: PublicMenu['business'],
  markup = '',
  language: DinerLanguage = 'he',
  order?: DinerOrderView,
): string {
  let html = setTitle(setLanguage(template, language), dinerTitle(business.businessName, language));
  // The diner's own order, drawn into the thank-you page: the browser hydrates it and follows it from there.
  if (order && markup) html = withData(html, 'order-data', JSON.stringify(order), '');
  const json = JSON.stringify({
    departmentId: business.departmentId,
    businessName: business.businessName,
    logo: business.logo,
    languages: business.languages,
    payments: business.payments,
  });
  return withData(html, 'business-data', json, markup);
}
