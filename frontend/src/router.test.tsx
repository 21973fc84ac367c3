import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_PAGE_PATHS, isAppPagePath } from '@tafrit/contracts/app-pages';
import { he, pageTitle } from '@/i18n/he';
import { heAdmin } from '@/i18n/he-admin';
import { heLanding } from '@/i18n/he-landing';
import { heOwner } from '@/i18n/he-owner';
import { heOwnerBookkeeping } from '@/i18n/he-owner-bookkeeping';
import { heOwnerNumbers } from '@/i18n/he-owner-numbers';
import { createAppRouter } from './router';
import { demoBusiness, json, stubApi } from './test/api-stub';

function renderAt(url: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  render(<RouterProvider router={router} />);
  return router;
}

// Each area is a lazy chunk: its first import in a test run can take seconds on a busy 2-core machine.
async function h1(name: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.title = '';
});

describe('not-found page', () => {
  it.each(['/no-such-page', '/menu/demo/extra', '/admin/secret'])('is shown for %s', async (url) => {
    renderAt(url);
    await h1(he.notFound.title);
    expect(screen.getByTestId('not-found')).toBeTruthy();
    const home = screen.getByRole('link', { name: he.app.backHome });
    expect(home.getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe(pageTitle(he.notFound.title)));
    expect(document.querySelectorAll('main#main')).toHaveLength(1);
  });
});

describe('the server knows the pages', () => {
  // The server answers 404 for any page address not in this list (still sending the app and its not-found page).
  it('APP_PAGE_PATHS of contracts lists exactly the routes of the app', () => {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
    const routes = Object.keys(router.routesByPath).map((path) => (path.length > 1 ? path.replace(/\/+$/, '') : path));
    expect([...new Set(routes)].sort()).toEqual([...APP_PAGE_PATHS].sort());
    for (const path of routes) expect(isAppPagePath(path)).toBe(true);
  });
});

describe('routes of product spec §2', () => {
  const screens: [url: string, title: string][] = [
    ['/', heLanding.tagline],
    ['/registration', heOwner.registration.title],
    ['/login', heOwner.login.title],
    ['/success', heOwner.success.title],
    ['/reports', heOwner.reports.title],
    ['/bookkeeping', heOwnerBookkeeping.bookkeeping.title],
    ['/numbers', heOwnerNumbers.title],
    ['/menu', heOwner.menuManagement.title],
    ['/menu-management', heOwner.menuManagement.title],
    ['/settings', heOwner.settings.title],
    ['/admin', heAdmin.dashboard.title],
    ['/admin-dashboard', heAdmin.dashboard.title],
    ['/admin-login', heAdmin.login.title],
    ['/terms-conditions', heLanding.termsPage.title],
    ['/accessibility', heLanding.accessibilityPage.title],
  ];

  it.each(screens)('%s shows one main and one h1: %s', async (url, title) => {
    // Signed in as a business and as the administrator: the guards have their own tests (features/*/*.test.tsx).
    localStorage.setItem('authToken', 'owner-token');
    localStorage.setItem('adminToken', 'admin-token');
    stubApi(({ path }) =>
      path === '/api/business/profile' ? json({ success: true, data: { business: demoBusiness } }) : undefined,
    );
    renderAt(url);
    await h1(title);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(screen.queryByTestId('not-found')).toBeNull();
  });

  it('the landing page links to registration, login and the footer pages', async () => {
    renderAt('/');
    await h1(heLanding.tagline);
    const hrefOf = (name: string) => screen.getAllByRole('link', { name })[0]?.getAttribute('href');
    expect(hrefOf(heLanding.register)).toBe('/registration');
    expect(hrefOf(heLanding.login)).toBe('/login');
    expect(hrefOf(heLanding.adminLogin)).toBe('/admin-login');
    expect(hrefOf(heLanding.terms)).toBe('/terms-conditions');
    expect(hrefOf(heLanding.accessibility)).toBe('/accessibility');
    expect(screen.getByText(/© 2024/)).toBeTruthy();
    expect(document.title).toBe(heLanding.marketingTitle);
  });
});

describe('keyboard and screen-reader basics', () => {
  it('the skip link moves focus to the main content', async () => {
    renderAt('/');
    await h1(heLanding.tagline);
    const skip = screen.getByRole('link', { name: he.app.skipToContent });
    expect(skip.getAttribute('href')).toBe('#main');
    fireEvent.click(skip);
    expect(document.activeElement?.id).toBe('main');
  });

  // (The landing page's links are plain links: `/` is a page of its own, src/landing.)
  it('after navigating, focus is on the new screen', async () => {
    renderAt('/terms-conditions');
    await h1(he.siteFooter.terms);
    const footer = screen.getByRole('navigation', { name: he.siteFooter.label });
    fireEvent.click(within(footer).getByRole('link', { name: he.siteFooter.accessibility }));
    await h1(he.siteFooter.accessibility);
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
    expect(document.activeElement?.textContent).toContain(he.siteFooter.accessibility);
  });
});

// The diner's pages (/menu/{id}, /order, /cart, /checkout, /thank-you) are a page of their own: src/diner/*.test.tsx.
