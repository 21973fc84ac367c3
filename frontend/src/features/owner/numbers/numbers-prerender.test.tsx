import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { heOwnerNumbers } from '@/i18n/he-owner-numbers';
import { renderAppMarkup } from '@/landing/server';
import { createAppRouter } from '@/router';
import { demoBusiness, json, stubApi } from '@/test/api-stub';

// The console's numbers and report pages as the build writes them (landing/server.tsx, run by scripts/prerender.mjs)
// and as the browser takes them over (main.tsx): the HTML holds the frame and the page's first screen and nothing of
// the device (no business, no member, no date), so hydrating it neither fails nor draws it again; the device's parts
// come in the render right after.

let root: Root | undefined;
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
  stubApi((call) =>
    call.path === '/api/business/profile' ? json({ success: true, data: { business: demoBusiness } }) : undefined,
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  localStorage.clear();
  resetToasts();
  vi.unstubAllGlobals();
});

/** The page's HTML in #root as prerender.mjs writes it, then hydrated as main.tsx does; React's recoverable errors. */
async function hydrated(path: string) {
  const markup = await renderAppMarkup(path);
  const container = document.createElement('div');
  container.id = 'root';
  // prerender.mjs puts the router's Suspense markers around a render made on a server; under jsdom the router renders
  // its Suspense itself.
  container.innerHTML = markup.startsWith('<!--$-->') ? markup : `<!--$-->${markup}<!--/$-->`;
  document.body.append(container);
  const heading = container.querySelector('main h1');
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await act(() => router.load());
  const errors = vi.fn();
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
        { onRecoverableError: errors },
      );
    });
  });
  return { markup, container, heading, errors };
}

describe('the console pages rendered at build time', () => {
  it('/numbers: the frame and the first screen as HTML, nothing of the device, hydrated as they are', async () => {
    const { markup, container, heading, errors } = await hydrated('/numbers');
    expect(markup).toContain(heOwnerNumbers.title);
    expect(markup).toContain(heOwnerNumbers.intro);
    expect(markup).toContain(`aria-label="${heOwner.console.navLabel}"`);
    expect(markup).not.toContain(demoBusiness.businessName);
    expect(markup).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(heading?.textContent).toBe(heOwnerNumbers.title);
    // The device's parts, drawn after hydration: the business's name and the range's dates.
    await screen.findByText(demoBusiness.businessName);
    await waitFor(() => expect(screen.getByTestId('numbers-range').textContent).toMatch(/\d{2}\/\d{2}\/\d{4}/));
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not drawn again.
    expect(container.querySelector('main h1')).toBe(heading);
  });

  it('/reports: likewise', async () => {
    const { markup, container, heading, errors } = await hydrated('/reports');
    expect(markup).toContain(heOwner.reports.title);
    expect(markup).not.toContain(demoBusiness.businessName);
    await screen.findByText(demoBusiness.businessName);
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('main h1')).toBe(heading);
  });
});
