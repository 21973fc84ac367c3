import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter();

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (root.firstElementChild) {
    // The registration and login pages come with their first screen as HTML, rendered at build time
    // (scripts/prerender.mjs): the route's code is loaded first, then React takes over that HTML (hydrates it, a field
    // typed in before keeps its text) instead of drawing the page again.
    void router.load().then(() => startTransition(() => void hydrateRoot(root, app)));
  } else {
    createRoot(root).render(app);
  }
}
