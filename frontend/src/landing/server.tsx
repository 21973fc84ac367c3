// The landing page's HTML, rendered once at build time (scripts/prerender.mjs writes it into dist/landing.html, which
// the server answers for `/`): the very components the browser hydrates (main.tsx), so the two cannot drift apart.
import { renderToString } from 'react-dom/server';
import { createQueryClient } from '@/lib/query-client';
import { LandingDocument } from './landing-document';

/** The inside of #root for `/`. */
export function renderLandingMarkup(): string {
  return renderToString(<LandingDocument queryClient={createQueryClient()} />);
}
