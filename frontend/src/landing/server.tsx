// The public pages' HTML, rendered once at build time (scripts/prerender.mjs): the landing page, written into
// dist/landing.html, which the server answers for `/` and the browser hydrates (main.tsx); and the first screen of the
// registration and login pages, written into copies of dist/index.html, which the app then draws over (src/main.tsx).
// The very components the browser runs, so the two cannot drift apart.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';
import { LandingDocument } from './landing-document';

/** The inside of #root for `/`. */
export function renderLandingMarkup(): string {
  return renderToString(<LandingDocument queryClient={createQueryClient()} />);
}

/**
 * The inside of #root for a page of the app (`/login`, `/registration`) as the app first draws it, the parts a page
 * loads apart (React.lazy in a Suspense boundary) included, each between its boundary's markers: the browser hydrates
 * them over the same HTML when their code arrives. A part whose code is not there yet is rendered as a boundary left to
 * the browser (`<!--$!-->`), so the page is rendered again once the imports it started have settled.
 */
export async function renderAppMarkup(path: string): Promise<string> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  // Waits for the condition itself (the imports are reads of built files, quick but not a fixed number of ticks on a
  // busy machine); the deadline only ends a build whose part never loads.
  for (const deadline = Date.now() + 60_000; ;) {
    const markup = renderToString(<RouterProvider router={router} />);
    if (!markup.includes('<!--$!-->')) return markup;
    if (Date.now() > deadline) throw new Error(`${path}: a part of the page never finished loading for its HTML`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
