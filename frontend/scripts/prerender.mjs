// Writes the landing page's HTML into dist/landing.html (#root, at its `<!--landing-->` mark) with the renderer built
// from src/landing/server.tsx (vite.prerender.config.ts). The backend answers `/` with that file; the browser hydrates
// it (src/landing/main.tsx). Runs before precompress.mjs, which compresses the result.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const page = fileURLToPath(new URL('../dist/landing.html', import.meta.url));
const renderer = new URL('../prerender/landing.js', import.meta.url);
const MARK = '<!--landing-->';

// The landing page's scripts must never load the app's entry chunk (index-*.js): it draws the whole app into #root.
const entry = /src="\/(assets\/landing-[\w-]+\.js)"/.exec(await readFile(page, 'utf8'))?.[1];
if (!entry) throw new Error(`${page} names no landing-*.js entry`);
const entryCode = await readFile(fileURLToPath(new URL(`../dist/${entry}`, import.meta.url)), 'utf8');
if (/assets\/index-[\w-]+\.js/.test(entryCode))
  throw new Error(`${entry} loads the app's entry chunk (index-*.js): see the chunk groups in vite.config.ts`);

const { renderLandingMarkup, renderAppMarkup } = await import(renderer.href);
const html = await readFile(page, 'utf8');
if (!html.includes(MARK)) throw new Error(`${page} has no ${MARK} mark to fill`);
const markup = renderLandingMarkup();
await writeFile(
  page,
  html.replace(MARK, () => markup),
);
console.log(`prerendered dist/landing.html (${Math.round(markup.length / 1024)} KiB of markup)`);

// The registration and login pages: the app's page (app-shell.html: index.html whose script loads the app after the
// first paint, src/app-entry.ts) with the page's first screen in #root, which src/main.tsx hydrates. The router's scroll-restoration script is left out: the page's content security policy allows no inline script,
// and the app restores the scroll itself.
const index = fileURLToPath(new URL('../dist/app-shell.html', import.meta.url));
const indexHtml = await readFile(index, 'utf8');
const EMPTY_ROOT = '<div id="root"></div>';
if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`${index} has no empty ${EMPTY_ROOT}`);
// The console's numbers and monthly report pages too (decision 054): the console's frame as the owner's and the page's
// first screen (its heading and intro, the numbers' presets), nothing of a session or a date; the browser draws those
// once it has taken the HTML over (src/lib/use-hydrated.ts), or draws the page anew when its guard sends it elsewhere.
for (const name of ['registration', 'login', 'numbers', 'reports']) {
  const pageMarkup = (await renderAppMarkup(`/${name}`)).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const file = fileURLToPath(new URL(`../dist/${name}.html`, import.meta.url));
  // In the browser the router renders its matches inside a Suspense boundary that it leaves out on a server: its
  // markers go around the page, or React would not recognise the HTML and would draw the page again.
  await writeFile(
    file,
    indexHtml.replace(EMPTY_ROOT, () => `<div id="root"><!--$-->${pageMarkup}<!--/$--></div>`),
  );
  console.log(`prerendered dist/${name}.html (${Math.round(pageMarkup.length / 1024)} KiB of markup)`);
}
