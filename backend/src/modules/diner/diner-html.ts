// The diner's page in one response (DESIGN.md §4 step 2): the built diner.html with the business's title and Open
// Graph tags, the public menu as inline JSON for the app, and the menu as plain HTML inside #root, so a phone on a
// weak connection shows the menu before any script has run. The class names are the React app's
// (frontend/src/diner/menu-page.tsx), so nothing moves when React takes over.
import { formatShekels, parsePriceToAgorot, productTagLabelsHe, type PublicMenu } from '@tafrit/contracts';

const ROOT = '<div id="root"></div>';

export type DinerPageState =
  | { status: 'ok'; menu: PublicMenu; json: string }
  | { status: 'not_found'; departmentId: string }
  | { status: 'unavailable'; departmentId: string; businessName: string };

/** Text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

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
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escaped}</title>`)
    .replace(/(<meta\s+property="og:title"\s+content=")[^"]*(")/, `$1${escaped}$2`);
}

function setMeta(html: string, property: string, value: string): string {
  const pattern = new RegExp(`(<meta\\s+property="${property}"\\s+content=")[^"]*(")`);
  return html.replace(pattern, `$1${escapeHtml(value)}$2`);
}

function withData(html: string, id: 'menu-data' | 'menu-status', json: string, root: string): string {
  const script = `<script type="application/json" id="${id}">${inlineJson(json)}</script>`;
  return html.replace(ROOT, `${script}\n    <div id="root">${root}</div>`);
}

export const dinerTitle = (name: string): string => `${name} | תפריט`;

/** The page for one department, from the prepared template. */
export function renderDinerPage(template: string, state: DinerPageState, publicUrl: string): string {
  if (state.status === 'not_found') {
    const html = setTitle(template, dinerTitle('התפריט לא נמצא'));
    return withData(html, 'menu-status', JSON.stringify({ status: 'not_found', departmentId: state.departmentId }), '');
  }
  if (state.status === 'unavailable') {
    const html = setTitle(template, dinerTitle(state.businessName));
    const json = JSON.stringify({
      status: 'unavailable',
      departmentId: state.departmentId,
      businessName: state.businessName,
    });
    return withData(html, 'menu-status', json, '');
  }
  const { business } = state.menu;
  let html = setTitle(template, dinerTitle(business.businessName));
  html = setMeta(html, 'og:url', `${publicUrl}/menu/${encodeURIComponent(business.departmentId)}`);
  if (business.logo) html = setMeta(html, 'og:image', absoluteUrl(business.logo, publicUrl));
  return withData(html, 'menu-data', state.json, menuHtml(state.menu));
}

const container = 'mx-auto w-full max-w-3xl px-4';

const footer =
  '<footer class="border-t border-line bg-surface"><nav aria-label="קישורים" class="mx-auto w-full max-w-3xl px-4 py-3">' +
  '<ul class="flex flex-wrap gap-x-6 gap-y-1 text-sm">' +
  '<li><a href="/accessibility" class="text-muted underline hover:text-ink">הצהרת נגישות</a></li>' +
  '<li><a href="/terms-conditions" class="text-muted underline hover:text-ink">תנאי שימוש</a></li>' +
  '</ul></nav></footer>';

/** The menu as plain HTML: what React renders, without the add buttons (they need the script). */
export function menuHtml(menu: PublicMenu): string {
  const { business } = menu;
  const groups = [...menu.categories]
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((category) => ({ category, products: menu.products.filter((p) => p.categoryId === category.id) }))
    .filter((group) => group.products.length > 0);
  const logo = business.logo
    ? `<img src="${escapeHtml(business.logo)}" alt="" width="48" height="48" class="size-12 shrink-0 rounded-lg object-contain">`
    : '';
  const header =
    `<header class="border-b border-line bg-surface"><div class="${container} flex min-h-16 items-center gap-3 py-2">` +
    `${logo}<div class="min-w-0 flex-1"><h1 class="truncate text-xl font-bold text-ink">${escapeHtml(business.businessName)}</h1></div>` +
    '<span class="size-12 shrink-0"></span></div></header>';
  const nav =
    groups.length > 1
      ? '<nav aria-label="קטגוריות בתפריט" class="sticky top-0 z-30 border-b border-line bg-surface/95">' +
        `<ul class="${container} flex gap-2 overflow-x-auto py-2">` +
        groups
          .map(
            ({ category }) =>
              `<li class="shrink-0"><a href="#category-${category.id}" class="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-medium text-ink hover:border-brand-700 hover:text-brand-700">${escapeHtml(category.name)}</a></li>`,
          )
          .join('') +
        '</ul></nav>'
      : '';
  const sections = groups
    .map(
      ({ category, products }) =>
        `<section id="category-${category.id}" aria-labelledby="category-${category.id}-title" class="mb-8 scroll-mt-20">` +
        `<h2 id="category-${category.id}-title" class="mb-3 text-xl font-bold text-ink">${escapeHtml(category.name)}</h2>` +
        `<ul class="grid gap-3 md:grid-cols-2">${products.map(productHtml).join('')}</ul></section>`,
    )
    .join('');
  return (
    `<div class="flex min-h-dvh flex-col">${header}${nav}` +
    `<main id="main" tabindex="-1" class="${container} flex-1 py-6">${sections}</main>${footer}</div>`
  );
}

function productHtml(product: PublicMenu['products'][number]): string {
  const image = product.image
    ? `<img src="${escapeHtml(product.image.small)}" srcset="${escapeHtml(product.image.small)} 400w, ${escapeHtml(product.image.large)} 800w" sizes="(min-width: 768px) 112px, 96px" width="400" height="400" loading="lazy" decoding="async" alt="" class="size-24 shrink-0 rounded-lg bg-canvas object-cover md:size-28">`
    : '';
  const description = product.description ? `<p class="text-muted">${escapeHtml(product.description)}</p>` : '';
  const tags =
    product.tags.length > 0
      ? '<ul aria-label="סימונים" class="mt-1 flex flex-wrap gap-1">' +
        product.tags
          .map(
            (tag) =>
              `<li class="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-sm text-brand-900">${escapeHtml(productTagLabelsHe[tag] ?? tag)}</li>`,
          )
          .join('') +
        '</ul>'
      : '';
  const agorot = parsePriceToAgorot(product.price);
  const price = agorot === null ? '' : formatShekels(agorot);
  return (
    `<li class="flex gap-3 rounded-xl border border-line bg-surface p-3">${image}<div class="flex min-w-0 flex-1 flex-col">` +
    `<h3 class="text-lg font-bold text-ink">${escapeHtml(product.name)}</h3>${description}${tags}` +
    `<div class="mt-auto flex min-h-14 items-center justify-between gap-2 pt-2"><span dir="ltr" class="text-lg font-bold text-ink">${price}</span></div>` +
    '</div></li>'
  );
}
