// The script of the registration and login pages (app-shell.html), whose first screen comes as HTML rendered at build
// time: drawn with nothing but the stylesheet, while the app (React, the router, the page's code) is fetched once that
// first paint is on the screen, so it does not compete with the stylesheet on a slow connection; it then hydrates the
// page (main.tsx). On a page that comes empty the app starts at once.
import { applyStoredA11yPreferences } from '@/components/a11y-widget/preferences';
import { holdEarlySubmits } from '@/lib/early-submits';
import { afterFirstPaint } from '@/lib/first-paint';
import { loadInSteps } from '@/lib/load-in-steps';
import './styles.css';

// The accessibility choices apply to the drawn page too, before the app arrives.
applyStoredA11yPreferences();
// A form sent before the app has taken the page over is sent again once it has (not as the browser's own GET).
if (document.getElementById('root')?.firstElementChild) holdEarlySubmits();
// The router, React Query and Radix (the toasts) evaluated in a task of their own before the app's modules (main.tsx,
// which creates the router and hydrates in tasks of their own): each short on a slow phone. The forms' checks (zod
// and the schemas) are not among them: they load when the person first touches a form (lib/on-demand.ts).
afterFirstPaint(
  () =>
    void loadInSteps(
      () => import('./main'),
      () =>
        Promise.all([
          import('@tanstack/react-router'),
          import('@tanstack/react-query'),
          import('@radix-ui/react-toast'),
        ]),
    ),
);
