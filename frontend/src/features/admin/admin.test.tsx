import { errorMessagesHe, uiMessagesHe } from '@tafrit/contracts/messages.he';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heAdmin } from '@/i18n/he-admin';
import { heOwner } from '@/i18n/he-owner';
import { otpTextHe } from '@/i18n/he-otp';
import { readImpersonationFragment } from '@/lib/impersonation';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi } from '@/test/api-stub';

// The first render of a file loads the admin area's modules: slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

function renderAt(url: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('admin guard', () => {
  it.each(['/admin', '/admin-dashboard'])('%s without an admin token goes to /', async (url) => {
    stubApi(() => undefined);
    localStorage.setItem('authToken', 'an-owner-token-is-not-enough');
    const router = renderAt(url);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('/admin with an admin token shows the dashboard with logout', async () => {
    stubApi(() => undefined);
    localStorage.setItem('adminToken', 'admin-token');
    localStorage.setItem('adminPhone', '+972547654321');
    renderAt('/admin');
    await screen.findByRole('heading', { level: 1, name: heAdmin.dashboard.title }, { timeout: 8000 });
    expect(screen.getByRole('button', { name: heAdmin.dashboard.logout })).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: heAdmin.dashboard.sectionsNav });
    expect(
      within(sections).getByRole('link', { name: heAdmin.sections.platformAllocations }).getAttribute('href'),
    ).toBe('#platform-allocations');
    expect(screen.getByText('054-7654321')).toBeTruthy();
  });
});

describe('admin login', () => {
  it("shows the wrong-number message for a phone that is not an administrator's", async () => {
    stubApi(({ path }) =>
      path === '/api/admin/send-otp'
        ? failure(403, 'admin.wrong_number', errorMessagesHe['admin.wrong_number'])
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/admin-login');
    await user.type(
      await screen.findByLabelText(otpTextHe.phoneLabel, undefined, { timeout: 8000 }),
      '0523456789{Enter}',
    );
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(uiMessagesHe.wrongNumber)).toBeTruthy();
    const phone = screen.getByLabelText(otpTextHe.phoneLabel);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(errorMessagesHe['admin.wrong_number']).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText(otpTextHe.codeLabel)).toBeNull();
  });

  it('stores the admin token and phone and goes to /admin', async () => {
    const calls = stubApi(({ path }) => {
      if (path === '/api/admin/send-otp') return json({ success: true, data: { sent: true } });
      if (path === '/api/admin/verify-otp') return json({ success: true, data: { token: 'admin-token' } });
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderAt('/admin-login');
    await user.type(await screen.findByLabelText(otpTextHe.phoneLabel), '054-7654321{Enter}');
    await user.type(await screen.findByLabelText(otpTextHe.codeLabel), '123456{Enter}');
    await screen.findByRole('heading', { level: 1, name: heAdmin.dashboard.title });
    expect(router.state.location.pathname).toBe('/admin');
    expect(localStorage.getItem('adminToken')).toBe('admin-token');
    expect(localStorage.getItem('adminPhone')).toBe('+972547654321');
    // The send-code call carries no token; nothing else was signed in.
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });
});

describe('open a business', () => {
  function adminServer() {
    return stubApi(({ path }) => {
      if (path === `/api/admin/impersonate/${encodeURIComponent('+972523456789')}`) {
        return json({ success: true, data: { token: 'impersonation-token', business: demoBusiness } });
      }
      if (path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
      return undefined;
    });
  }

  it('in this tab: opens /reports as the business, with the banner and no fragment left', async () => {
    localStorage.setItem('adminToken', 'admin-token');
    const calls = adminServer();
    const user = userEvent.setup();
    const router = renderAt('/admin');
    await user.type(
      await screen.findByLabelText(heAdmin.openBusiness.phoneLabel, undefined, { timeout: 8000 }),
      '052-3456789',
    );
    await user.click(screen.getByRole('button', { name: heAdmin.openBusiness.sameTab }));

    await screen.findByRole('heading', { level: 1, name: heOwner.reports.title });
    expect(router.state.location.pathname).toBe('/reports');
    expect(router.history.location.hash).toBe('');
    expect(screen.getByTestId('impersonation-banner')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBe('impersonation-token');
    expect(localStorage.getItem('adminImpersonating')).toBe('true');
    expect(localStorage.getItem('adminToken')).toBe('admin-token');
    const impersonate = calls.find((call) => call.path.startsWith('/api/admin/impersonate/'));
    expect(impersonate?.method).toBe('POST');
    expect(impersonate?.headers.Authorization).toBe('Bearer admin-token');
  });

  it('in a new tab: opens the tab at once and sends it to /reports with the hand-over', async () => {
    localStorage.setItem('adminToken', 'admin-token');
    adminServer();
    const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    renderAt('/admin');
    await user.type(
      await screen.findByLabelText(heAdmin.openBusiness.phoneLabel, undefined, { timeout: 8000 }),
      '0523456789',
    );
    await user.click(screen.getByRole('button', { name: heAdmin.openBusiness.newTab }));

    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const url = tab.location.replace.mock.calls[0]![0] as string;
    expect(url.startsWith('/reports#')).toBe(true);
    expect(readImpersonationFragment(url.slice(url.indexOf('#')))).toEqual({
      token: 'impersonation-token',
      business: demoBusiness,
    });
    // This tab keeps the admin's session and nothing else.
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('a 401 on an admin call clears the admin session and leaves to /', async () => {
    localStorage.setItem('adminToken', 'expired-admin-token');
    localStorage.setItem('adminPhone', '+972547654321');
    stubApi(({ path }) =>
      path.startsWith('/api/admin/impersonate/') ? failure(401, 'auth.unauthenticated', 'expired') : undefined,
    );
    const user = userEvent.setup();
    const router = renderAt('/admin');
    await user.type(
      await screen.findByLabelText(heAdmin.openBusiness.phoneLabel, undefined, { timeout: 8000 }),
      '0523456789{Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminPhone')).toBeNull();
  });

  it('admin logout ends the admin session and goes to /', async () => {
    localStorage.setItem('adminToken', 'admin-token');
    const calls = stubApi(({ path }) => (path === '/api/auth/logout' ? json({ success: true, data: {} }) : undefined));
    const user = userEvent.setup();
    const router = renderAt('/admin-dashboard');
    await user.click(await screen.findByRole('button', { name: heAdmin.dashboard.logout }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.path === '/api/auth/logout')?.body).toEqual({ audience: 'admin' });
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});
