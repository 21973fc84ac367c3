import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, json, stubApi } from '@/test/api-stub';

function renderAt(url: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  render(<RouterProvider router={router} />);
  return router;
}

/** The owner's business as the server answers it; the stored copy from sign-in may still say active. */
const profileServer = (isActive: boolean) =>
  stubApi(({ path }) => {
    if (path === '/api/business/profile')
      return json({ success: true, data: { business: { ...demoBusiness, isActive } } });
    if (path === '/api/categories' || path === '/api/products') return json({ success: true, data: [] });
    return undefined;
  });

// The console's screens are lazily loaded chunks: the first render may take a while on a busy machine.
const LOADED = { timeout: 10_000 };
const SLOW_TEST_MS = 20_000;

beforeEach(() => {
  localStorage.clear();
  resetToasts();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('the paused account banner', () => {
  it(
    'tells the owner of a paused account that diners cannot order or pay, and how to reach support',
    async () => {
      profileServer(false);
      renderAt('/settings');
      // The console still works: the screen is there under the banner.
      await screen.findByRole('heading', { level: 1, name: heOwner.settings.title }, LOADED);
      const banner = await screen.findByTestId('paused-banner');
      // A live region of its own (the page has others: toasts, loading), announced once when it appears.
      expect(banner.getAttribute('role')).toBe('status');
      expect(screen.getAllByRole('status')).toContain(banner);
      expect(banner.textContent).toContain('החשבון מושהה: התפריט והתשלומים אינם זמינים ללקוחות. לבירורים פנו לתמיכה');
      const contact = within(banner).getByRole('link', { name: heOwner.paused.contact });
      expect(contact.getAttribute('href')).toBe('/#contact');
      expect(screen.getAllByTestId('paused-banner')).toHaveLength(1);
    },
    SLOW_TEST_MS,
  );

  it(
    'shows on the other console screens too',
    async () => {
      profileServer(false);
      renderAt('/menu-management');
      await screen.findByRole('heading', { level: 1, name: heOwner.menuManagement.title }, LOADED);
      expect((await screen.findByTestId('paused-banner')).textContent).toContain(heOwner.paused.banner);
    },
    SLOW_TEST_MS,
  );

  it(
    'follows the server: gone once the account is active again, even if the stored copy says paused',
    async () => {
      localStorage.setItem('businessData', JSON.stringify({ ...demoBusiness, isActive: false }));
      const calls = profileServer(true);
      renderAt('/settings');
      await screen.findByRole('heading', { level: 1, name: heOwner.settings.title }, LOADED);
      await waitFor(() => expect(calls.some((call) => call.path === '/api/business/profile')).toBe(true));
      await waitFor(() => expect(screen.queryByTestId('paused-banner')).toBeNull());
    },
    SLOW_TEST_MS,
  );
});
