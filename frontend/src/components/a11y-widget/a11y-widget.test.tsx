import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { he } from '@/i18n/he';
import { A11Y_PANEL_ID, A11yWidget } from './a11y-widget';
import {
  A11Y_STORAGE_KEY,
  a11yClassOf,
  a11yOptions,
  applyStoredA11yPreferences,
  prefersReducedMotion,
  readA11yPreferences,
} from './preferences';

const html = document.documentElement;

afterEach(() => {
  localStorage.clear();
  for (const option of a11yOptions) html.classList.remove(a11yClassOf(option));
});

/** The widget as the root layout mounts it: inside a router (the panel links to the accessibility statement). */
function renderWidget() {
  const rootRoute = createRootRoute({ component: A11yWidget });
  const statement = createRoute({ getParentRoute: () => rootRoute, path: '/accessibility' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([statement]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

async function openPanel() {
  const user = userEvent.setup();
  renderWidget();
  await screen.findByRole('button', { name: he.a11y.open });
  const toggle = screen.getByRole('button', { name: he.a11y.open });
  await user.click(toggle);
  const panel = await screen.findByTestId('a11y-panel');
  return { user, toggle, panel };
}

describe('the accessibility widget', () => {
  it('is a labelled button that controls its panel', async () => {
    renderWidget();
    const toggle = await screen.findByRole('button', { name: he.a11y.open });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(A11Y_PANEL_ID);
    expect(document.getElementById(A11Y_PANEL_ID)?.hidden).toBe(true);
    expect(screen.getByRole('complementary', { name: he.a11y.title })).toBeTruthy();
  });

  it('opens the panel with focus inside, and Escape closes it with focus back on the button', async () => {
    const { user, toggle, panel } = await openPanel();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(a11yOptions.length);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('a11y-panel')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('applies each choice at once and remembers it on the device', async () => {
    const { user } = await openPanel();
    for (const option of a11yOptions) {
      await user.click(screen.getByRole('button', { name: he.a11y[option] }));
      expect(screen.getByRole('button', { name: he.a11y[option] }).getAttribute('aria-pressed')).toBe('true');
      expect(html.classList.contains(a11yClassOf(option))).toBe(true);
    }
    expect(JSON.parse(localStorage.getItem(A11Y_STORAGE_KEY)!)).toEqual({
      largeText: true,
      highContrast: true,
      underlineLinks: true,
      stopAnimations: true,
      readableFont: true,
    });
    expect(prefersReducedMotion()).toBe(true);

    await user.click(screen.getByRole('button', { name: he.a11y.highContrast }));
    expect(html.classList.contains('a11y-high-contrast')).toBe(false);
    expect(readA11yPreferences().highContrast).toBeUndefined();
  });

  it('brings the choices back on the next visit, before anything renders, and shows them as on', async () => {
    localStorage.setItem(A11Y_STORAGE_KEY, JSON.stringify({ largeText: true, underlineLinks: true, bogus: true }));
    applyStoredA11yPreferences();
    expect([...html.classList].filter((name) => name.startsWith('a11y-')).sort()).toEqual([
      'a11y-large-text',
      'a11y-underline-links',
    ]);
    await openPanel();
    expect(screen.getByRole('button', { name: he.a11y.largeText }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: he.a11y.readableFont }).getAttribute('aria-pressed')).toBe('false');
  });

  it('resets every choice', async () => {
    localStorage.setItem(A11Y_STORAGE_KEY, JSON.stringify({ largeText: true, highContrast: true }));
    applyStoredA11yPreferences();
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: he.a11y.reset }));
    expect(html.className).not.toContain('a11y-');
    expect(readA11yPreferences()).toEqual({});
  });

  it('survives a broken or unavailable store', () => {
    localStorage.setItem(A11Y_STORAGE_KEY, '{not json');
    expect(readA11yPreferences()).toEqual({});
    act(() => applyStoredA11yPreferences());
    expect(html.className).not.toContain('a11y-');
  });

  it('closes when the pointer goes down outside, leaving the focus alone', async () => {
    const { user, toggle } = await openPanel();
    await user.click(document.body);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('links to the accessibility statement, and closes on the way there', async () => {
    const { user, toggle } = await openPanel();
    const link = screen.getByRole('link', { name: he.a11y.statement });
    expect(link.getAttribute('href')).toBe('/accessibility');
    await user.click(link);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
