import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppRouter } from './router';
import './styles.css';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const root = document.getElementById('root');
if (root?.firstElementChild) {
  // The registration, login and console pages come with their first screen as HTML, rendered at build time
  // (scripts/prerender.mjs): React takes over that HTML (hydrates it, a field typed in before keeps its text) instead
  // of drawing the page again. The page is on screen already, so the work is spread over tasks that are each short on
  // a slow phone (issue 15: at most 100 ms of blocking time on these pages): the app's modules were evaluated in
  // this one; the router is created in the next, then the route's code is loaded, then the page hydrates as a
  // transition, in slices of a few milliseconds.
  const drawn = window.location.pathname;
  void (async () => {
    await nextTask();
    const router = createAppRouter();
    await nextTask();
    await router.load();
    await nextTask();
    // A console page (`/numbers`, `/reports`) whose guard sent this device elsewhere (no session: the login page; a
    // role that may not open it: its own first page) is not the page the HTML shows: drawn anew, not hydrated.
    if (router.state.location.pathname !== drawn || window.location.pathname !== drawn) {
      root.replaceChildren();
      createRoot(root).render(app(router));
      return;
    }
    startTransition(() => void hydrateRoot(root, app(router)));
  })();
} else if (root) {
  createRoot(root).render(app(createAppRouter()));
}

function app(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
