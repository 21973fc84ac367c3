import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { LandingDocument } from './landing-document';
import { renderLandingMarkup } from './server';

// The landing page as the build writes it (server.tsx, run by scripts/prerender.mjs) and as the browser takes it over
// (main.tsx): hydrating it must neither fail nor redraw it, and its controls (the phone's menu, the FAQ, the
// accessibility widget, the contact form after the first paint) must come alive.

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('the landing page rendered at build time', () => {
  it('holds the whole page as HTML: the hero, every section, the FAQ and plain links to the app', () => {
    const html = renderLandingMarkup();
    const container = document.createElement('div');
    container.innerHTML = html;
    expect(container.querySelector('h1')?.textContent).toBeTruthy();
    expect(container.querySelector('main#main')).not.toBeNull();
    for (const id of ['benefits', 'pricing', 'faq', 'contact'])
      expect(container.querySelector(`#${id}`), id).not.toBeNull();
    expect(container.querySelectorAll('#faq button[aria-expanded="false"]').length).toBeGreaterThan(2);
    expect(container.querySelector('a[href="/registration"]')).not.toBeNull();
    expect(container.querySelector('a[href="/login"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="a11y-toggle"]')).not.toBeNull();
    expect(container.querySelector('a[href="#main"]')).not.toBeNull();
  });

  it('is hydrated as it is: the same elements, no recoverable error, and the controls work', async () => {
    // The contact form waits for the first paint (lib/first-paint.ts), which jsdom never reports: at once here.
    vi.stubGlobal('PerformanceObserver', undefined);
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = renderLandingMarkup();
    document.body.append(container);
    const heading = container.querySelector('h1');
    const firstQuestion = container.querySelector<HTMLButtonElement>('#faq button[aria-expanded]');
    const errors = vi.fn();
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <LandingDocument queryClient={createQueryClient()} />
          </StrictMode>,
          { onRecoverableError: errors },
        );
      });
    });
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not redrawn.
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('#faq button[aria-expanded]')).toBe(firstQuestion);

    fireEvent.click(firstQuestion as HTMLButtonElement);
    expect(firstQuestion?.getAttribute('aria-expanded')).toBe('true');
    const toggle = screen.getByRole('button', { expanded: false, name: /תפריט/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('mobile-menu').hidden).toBe(false);
    // The contact form, loaded after the first paint.
    await waitFor(() => expect(container.querySelector('#contact form')).not.toBeNull());
    expect(errors).not.toHaveBeenCalled();
  });
});
