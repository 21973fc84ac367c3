import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
const contractsSrc = fileURLToPath(new URL('../contracts/src', import.meta.url));
const routesDir = fileURLToPath(new URL('./src/routes', import.meta.url));
const routeTree = fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url));
// Three pages: the app (owner, admin, the landing's other pages), the landing page itself and the diner's own small page (menu, cart, checkout, thank-you), which
// the server answers for the diner paths with the menu inlined. The diner page loads React and nothing else.
const pages = {
  index: fileURLToPath(new URL('./index.html', import.meta.url)),
  diner: fileURLToPath(new URL('./diner.html', import.meta.url)),
  // The diner's cart, checkout and thank-you: the same app, its code named by the page rather than loaded in turn.
  'diner-order': fileURLToPath(new URL('./diner-order.html', import.meta.url)),
  // `/` only: the landing page, rendered at build time (scripts/prerender.mjs) and hydrated, without the router.
  landing: fileURLToPath(new URL('./landing.html', import.meta.url)),
  // The registration and login pages: the app, with their first screen rendered at build time (scripts/prerender.mjs)
  // and the app's code loaded after the first paint (src/app-entry.ts).
  'app-shell': fileURLToPath(new URL('./app-shell.html', import.meta.url)),
};

// Modules of an area that its pages load lazily, below the fold, with heavy libraries of their own: they stay out of the
// area's chunk, or their libraries would load with it.
const lazyModules = [
  /[\\/]src[\\/]features[\\/]landing[\\/]contact-form\.tsx$/,
  // The menu-management page's drag and drop (dnd-kit): not for every owner screen.
  /[\\/]src[\\/]features[\\/]owner[\\/]menu[\\/]sortable-list\.tsx$/,
  // The table posters' PDF maker (jsPDF, 130 KB gzipped): loaded when the owner asks for the PDF, not with every owner
  // screen (it sat in the owner chunk, which the registration page imported, and cost its load 400 ms of script).
  /[\\/]src[\\/]features[\\/]owner[\\/]posters-and-qr[\\/]poster-pdf\.ts$/,
  // The registration form's comboboxes (Downshift, the CBS list of localities) and its terms dialog (Radix's dialog):
  // loaded and hydrated after the rest of the page (registration-page.tsx), not with the page's chunk.
  /[\\/]src[\\/]features[\\/]owner[\\/](shared[\\/]components[\\/](city-combobox|bank-combobox)|sign-in[\\/]terms-dialog)\.tsx$/,
];

const ownerSignIn =
  /[\\/]features[\\/]owner[\\/]sign-in[\\/]login-page\.tsx$|[\\/]routes[\\/]\(owner\)[\\/]login\.tsx\?tsr-split/;
// What both of them need (the accounts API, the session, the errors, the owner's strings): a chunk of its own, so the
// registration page does not load the sign-in page with its code step.
const ownerAccount =
  /[\\/](features[\\/]owner[\\/](shared[\\/](errors|api[\\/](accounts|responses|session-request))|sign-in[\\/](session|handover))\.tsx?|i18n[\\/]he-owner(-[a-z]+)?\.ts)$/;
const ownerRegistration =
  /[\\/]features[\\/]owner[\\/](sign-in[\\/](registration-page|success-page)|shared[\\/]components[\\/](business-fields|address-fields))\.tsx$|[\\/]routes[\\/]\(owner\)[\\/](registration|success)\.tsx\?tsr-split/;

// Each product area becomes one lazily loaded chunk named after it: the route components split out of
// `routes/(<area>)/*.tsx` by the router plugin (`?tsr-split=...`), everything under `features/<area>/` and the area's
// strings (`i18n/he-<area>.ts`). A visitor of the landing page downloads the shared entry plus `landing-[hash].js`,
// nothing from the owner or admin screens. The route files themselves (paths, search validation) stay in the entry,
// which is why they must stay tiny and import only from lib/. (The diner is no area of this app: see `pages`.)
function areaOf(id: string): string | null {
  if (lazyModules.some((pattern) => pattern.test(id))) return null;
  const match =
    /[\\/]src[\\/]features[\\/]([\w-]+)[\\/]/.exec(id) ??
    /[\\/]src[\\/]i18n[\\/]he-([\w]+)(?:-[a-z]+)?\.ts$/.exec(id) ??
    /[\\/]src[\\/]routes[\\/]\(([\w-]+)\)[\\/][^?]*\?tsr-split/.exec(id);
  const area = match?.[1] ?? null;
  // The owner's sign-in and registration pages, with what they need of the owner area: chunks apart, so signing in
  // does not download (and evaluate) every owner screen with its libraries (the reports' chart, the menu editor).
  if (area === 'owner' && ownerSignIn.test(id)) return 'owner-sign-in';
  if (area === 'owner' && ownerAccount.test(id)) return 'owner-account';
  if (area === 'owner' && ownerRegistration.test(id)) return 'owner-registration';
  // The landing area's other pages (terms, accessibility statement; the terms editor brings the schemas): a chunk of
  // their own, so the landing page's script loads the page's components only.
  if (area === 'landing' && /(terms|info-pages|accessibility)/.test(id)) return 'landing-info';
  return area;
}

/**
 * The five pages' shared shell, drawn around each page file at build time (and by the dev server): a page file holds
 * only what is its own, its kind (`<html data-shell="app|diner">`), a note in its head and its body. The app's pages
 * (index, app-shell, landing) carry the site's description and Open Graph tags; the diner's (diner, diner-order) a
 * short head that the server fills per business (backend/src/modules/diner). The built pages are byte for byte what the
 * hand-written pages were: the diner page's first bytes are what a phone on a slow line waits for.
 */
const ogImage = `    <meta property="og:url" content="/" />
    <meta property="og:image" content="/og-image.png" />
`;
function shellHead(kind: 'app' | 'diner'): string {
  const app = kind === 'app';
  const appTitle = 'תפריט | תפריט דיגיטלי והזמנה בסריקת QR למסעדות ובתי קפה';
  const description = app
    ? `    <meta
      name="description"
      content="תפריט דיגיטלי בסריקת QR: הלקוחות סורקים, מזמינים ומשלמים מהטלפון, ואתם מקבלים את ההזמנה ישר למטבח. בלי דמי הקמה ובלי דמי מנוי, רק 5% עמלה לעסקה."
    />
`
    : `    <meta name="description" content="התפריט הדיגיטלי: בוחרים מנות, מוסיפים לעגלה ומשלמים מהטלפון." />
`;
  return `    <title>${app ? appTitle : 'תפריט'}</title>
${description}    <meta name="theme-color" content="#0f766e" />
    <meta name="color-scheme" content="light" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
${
  app
    ? `    <link rel="manifest" href="/manifest.webmanifest" />
    <!-- Open Graph: the server makes og:url and og:image absolute with PUBLIC_URL (backend spa-fallback.ts). -->
`
    : ''
}    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="תפריט" />
    <meta property="og:locale" content="he_IL" />
${
  app
    ? `    <meta property="og:title" content="תפריט | סורקים. מזמינים. מגישים. מהר יותר." />
    <meta
      property="og:description"
      content="תפריט דיגיטלי והזמנות בסריקת QR למסעדות ובתי קפה. בלי דמי הקמה, בלי מנוי ובלי התחייבות: רק 5% מכל עסקה."
    />
${ogImage}    <meta property="og:image:width" content="1200" />
    <meta property="og:image:height" content="630" />
    <meta property="og:image:alt" content="תפריט: סורקים. מזמינים. מגישים. מהר יותר." />
    <meta name="twitter:card" content="summary_large_image" />
`
    : `    <meta property="og:title" content="תפריט" />
${ogImage}`
}`;
}

const PAGE_FILE =
  /^<!doctype html>\n<html data-shell="(app|diner)">\n {2}<head>(?:\n([\s\S]*?) {2})?<\/head>\n {2}<body>\n([\s\S]*?) {2}<\/body>\n<\/html>\n$/;

export function htmlShell(): Plugin {
  return {
    name: 'tafrit:html-shell',
    transformIndexHtml: {
      order: 'pre',
      handler(html, { filename }) {
        const match = PAGE_FILE.exec(html);
        if (!match) throw new Error(`${filename}: not a page of the shell (<html data-shell="app|diner">)`);
        const [, kind, note = '', body] = match;
        return `<!doctype html>
<html lang="he" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
${note}${shellHead(kind as 'app' | 'diner')}  </head>
  <body>
${body}  </body>
</html>
`;
      },
    },
  };
}

/** The import aliases, shared with the diner's server renderer (vite.ssr.config.ts). */
export const aliases = [
  { find: /^@\//, replacement: `${src}/` },
  // Subpath imports only on the diner path (`@tafrit/contracts/money`): the index pulls in every zod schema.
  { find: /^@tafrit\/contracts$/, replacement: `${contractsSrc}/index.ts` },
  { find: /^@tafrit\/contracts\/(.+)$/, replacement: `${contractsSrc}/$1.ts` },
];

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin so it can split route components out first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: routesDir,
      generatedRouteTree: routeTree,
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    tailwindcss(),
    htmlShell(),
  ],
  resolve: {
    alias: aliases,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // Every browser that runs es2022 modules but Safari 16 knows modulepreload; without it they just load in turn.
    // The polyfill would cost every diner's first load half a kilobyte.
    modulePreload: {
      polyfill: false,
      // The registration form's parts loaded after the page (registration-page.tsx): no preload links for their files.
      // Adding a dozen links to the document cost a slow phone a long task of its own after the first paint (issue 15);
      // the browser fetches the few files they need that the page has not loaded already when it evaluates them.
      resolveDependencies: (file, deps) =>
        /(city-combobox|bank-combobox|terms-dialog)-[\w-]+\.js$/.test(file) ? [] : deps,
    },
    rolldownOptions: {
      input: pages,
      output: {
        codeSplitting: {
          groups: [
            // React alone, shared by both pages: the diner's page must not download the router or React Query.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            // The other libraries the app needs first (the router, React Query): one long-cached file that a deploy of
            // our own code does not invalidate. '$initial' keeps libraries of lazy areas out of it.
            // React Query apart from the router: the landing page (src/landing) needs the one and not the other.
            {
              name: 'query',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            // The router apart: the sign-in pages' script imports it on its own (src/app-entry.ts), and '$initial' would
            // then leave it to whichever chunk imports it first (the page frame, which the diner's page loads).
            {
              name: 'router',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
              priority: 4,
              // React's JSX runtime stays in React's chunk, which the diner's page loads without the router.
              includeDependenciesRecursively: false,
            },
            // Radix (the toasts, the dialog) apart from the router too: the landing page's toasts need the one only.
            { name: 'radix', test: /[\\/]node_modules[\\/]@radix-ui[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            // The page frame shared by the not-found page (in the app's entry) and the landing area's info pages: a
            // chunk of its own, or it would sit in the app's entry chunk, and the landing page's script (which loads
            // the landing area) would import that entry, which draws the whole app into #root over the page.
            // What every page's entry runs before its first paint (the accessibility choices, early taps and submits, the
            // first-paint wait, the step loader): one small file, not five. Each file a page names before its first
            // paint is a request the paint waits for on a slow line.
            {
              name: 'boot',
              test: /[\\/]src[\\/](components[\\/]a11y-widget[\\/]preferences|diner[\\/]early-taps|lib[\\/](early-submits|first-paint|load-in-steps|storage))\.ts$/,
              priority: 4,
            },
            { name: 'page-shell', test: /[\\/]src[\\/]components[\\/]page-shell\.tsx$/, priority: 3 },
            { name: areaOf, debugName: 'areas', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
