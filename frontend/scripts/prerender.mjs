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

const { renderLandingMarkup } = await import(renderer.href);
const html = await readFile(page, 'utf8');
if (!html.includes(MARK)) throw new Error(`${page} has no ${MARK} mark to fill`);
const markup = renderLandingMarkup();
await writeFile(
  page,
  html.replace(MARK, () => markup),
);
console.log(`prerendered dist/landing.html (${Math.round(markup.length / 1024)} KiB of markup)`);
