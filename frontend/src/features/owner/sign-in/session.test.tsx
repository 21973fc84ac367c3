import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { he } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { base64UrlJson, demoBusiness, failure, json, stubApi } from '@/test/api-stub';
import { onOwnerSessionExpired, OWNER_REFRESH_LOCK, ownerRequest } from '../shared/api/session-request';

function renderAt(url: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  render(<RouterProvider router={router} />);
  return router;
}

const profileServer = () =>
  stubApi(({ path }) =>
    path === '/api/business/profile' ? json({ success: true, data: { business: demoBusiness } }) : undefined,
  );

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
  vi.unstubAllGlobals();
});

describe('owner guard', () => {
  it.each(['/reports', '/menu', '/menu-management', '/settings', '/success'])(
    '%s without a session goes to /login',
    async (url) => {
      profileServer();
      const router = renderAt(url);
      await screen.findByRole('heading', { level: 1, name: heOwner.login.title });
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('lets the owner in with a stored token, inside the console', async () => {
    localStorage.setItem('authToken', 'owner-token');
    localStorage.setItem('businessData', JSON.stringify(demoBusiness));
    profileServer();
    renderAt('/reports');
    await screen.findByRole('heading', { level: 1, name: heOwner.reports.title });
    const nav = screen.getByRole('navigation', { name: heOwner.console.navLabel });
    expect(nav.querySelector('a[aria-current="page"]')?.textContent).toBe(heOwner.console.reports);
    expect(screen.getByText('קפה הגפן')).toBeTruthy();
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });
});

describe('impersonation hand-over', () => {
  it('stores the credentials from the fragment, removes the fragment and shows the banner', async () => {
    const calls = profileServer();
    const business = { ...demoBusiness, businessName: 'בית הקפה של דנה' };
    const router = renderAt(`/reports#impersonate=admin-made-token&business=${base64UrlJson(business)}`);

    await screen.findByRole('heading', { level: 1, name: heOwner.reports.title });
    expect(router.state.location.pathname).toBe('/reports');
    expect(router.state.location.hash).toBe('');
    expect(router.history.location.hash).toBe('');
    expect(localStorage.getItem('authToken')).toBe('admin-made-token');
    expect(localStorage.getItem('adminImpersonating')).toBe('true');
    expect(JSON.parse(localStorage.getItem('businessData') ?? 'null')).toMatchObject({
      businessName: 'בית הקפה של דנה',
    });
    expect(screen.getByTestId('impersonation-banner').textContent).toContain(heOwner.console.impersonationBanner);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/business/profile')?.headers.Authorization).toBe(
        'Bearer admin-made-token',
      ),
    );
  });

  it('replaces an owner session that was on this device', async () => {
    localStorage.setItem('authToken', 'someone-else');
    profileServer();
    renderAt(`/settings#impersonate=t2&business=${base64UrlJson(demoBusiness)}`);
    await screen.findByRole('heading', { level: 1, name: heOwner.settings.title });
    expect(localStorage.getItem('authToken')).toBe('t2');
  });
});

describe('logout', () => {
  it('during impersonation clears the session and closes the window, without ending a server session', async () => {
    const calls = profileServer();
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const router = renderAt(`/reports#impersonate=tok&business=${base64UrlJson(demoBusiness)}`);
    await screen.findByTestId('impersonation-banner');

    await user.click(screen.getByRole('button', { name: heOwner.console.logout }));
    expect(close).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('adminImpersonating')).toBeNull();
    expect(localStorage.getItem('businessData')).toBeNull();
    expect(calls.some((call) => call.path === '/api/auth/logout')).toBe(false);
    // This window was not opened by a script, so it stays open: it leaves the console instead.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('otherwise ends the session on the server, clears it and goes to /', async () => {
    localStorage.setItem('authToken', 'owner-token');
    localStorage.setItem('businessData', JSON.stringify(demoBusiness));
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const calls = stubApi(({ path }) => {
      if (path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
      if (path === '/api/auth/logout') return json({ success: true, data: {} });
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderAt('/settings');
    await screen.findByRole('heading', { level: 1, name: heOwner.settings.title });
    await user.click(screen.getByRole('button', { name: heOwner.console.logout }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(close).not.toHaveBeenCalled();
    const logout = calls.find((call) => call.path === '/api/auth/logout');
    expect(logout).toMatchObject({ method: 'POST', body: { audience: 'owner' } });
    expect(logout?.headers.Authorization).toBe('Bearer owner-token');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('businessData')).toBeNull();
  });
});

describe('an owner call that answers 401', () => {
  it('refreshes the session once through the cookie and repeats the call with the new token', async () => {
    localStorage.setItem('authToken', 'expired');
    const calls = stubApi(({ path, headers }) => {
      if (path === '/api/auth/refresh') return json({ success: true, data: { token: 'fresh' } });
      if (path === '/api/orders') {
        return headers.Authorization === 'Bearer fresh'
          ? json({ success: true, data: [] })
          : failure(401, 'auth.unauthenticated', 'expired');
      }
      return undefined;
    });
    await expect(ownerRequest('GET', '/api/orders')).resolves.toEqual({ success: true, data: [] });
    expect(calls.map((call) => call.path)).toEqual(['/api/orders', '/api/auth/refresh', '/api/orders']);
    expect(localStorage.getItem('authToken')).toBe('fresh');
  });

  it('is not sent at all when this device has no session any more (a logout here or in another tab)', async () => {
    const calls = stubApi(() => json({ success: true, data: [] }));
    await expect(ownerRequest('GET', '/api/orders')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([]);
  });

  it('on a console page, clears the session and goes to /login when the refresh fails too', async () => {
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('businessData', JSON.stringify(demoBusiness));
    const calls = stubApi(({ path }) => {
      if (path === '/api/auth/refresh') return failure(401, 'auth.unauthenticated', 'no session');
      if (path === '/api/business/profile') return failure(401, 'auth.unauthenticated', 'expired');
      return undefined;
    });
    const router = renderAt('/settings');
    await screen.findByRole('heading', { level: 1, name: heOwner.login.title });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('businessData')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('takes the token another tab refreshed while this one waited for the refresh lock, without refreshing again', async () => {
    localStorage.setItem('authToken', 'expired');
    const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
      // The other tab held the lock first: it refreshed and stored its new token before handing the lock over.
      localStorage.setItem('authToken', 'from-the-other-tab');
      return task();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const calls = stubApi(({ path, headers }) => {
      if (path === '/api/auth/refresh') return json({ success: true, data: { token: 'second-refresh' } });
      if (path === '/api/orders') {
        return headers.Authorization === 'Bearer from-the-other-tab'
          ? json({ success: true, data: [] })
          : failure(401, 'auth.unauthenticated', 'expired');
      }
      return undefined;
    });
    await expect(ownerRequest('GET', '/api/orders')).resolves.toEqual({ success: true, data: [] });
    expect(request).toHaveBeenCalledWith(OWNER_REFRESH_LOCK, expect.any(Function));
    expect(calls.map((call) => call.path)).toEqual(['/api/orders', '/api/orders']);
    expect(localStorage.getItem('authToken')).toBe('from-the-other-tab');
  });

  it('refreshes while holding the lock when no other tab did, so the other tabs wait for its token', async () => {
    localStorage.setItem('authToken', 'expired');
    let held = false;
    const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
      held = true;
      try {
        return await task();
      } finally {
        held = false;
      }
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const refreshedUnderLock: boolean[] = [];
    stubApi(({ path, headers }) => {
      if (path === '/api/auth/refresh') {
        refreshedUnderLock.push(held);
        return json({ success: true, data: { token: 'fresh' } });
      }
      if (path === '/api/orders') {
        return headers.Authorization === 'Bearer fresh'
          ? json({ success: true, data: [] })
          : failure(401, 'auth.unauthenticated', 'expired');
      }
      return undefined;
    });
    await expect(ownerRequest('GET', '/api/orders')).resolves.toEqual({ success: true, data: [] });
    expect(refreshedUnderLock).toEqual([true]);
    expect(localStorage.getItem('authToken')).toBe('fresh');
  });

  it('keeps the sign-in when the refresh gets no answer (a Wi-Fi blip), and fails the call as offline', async () => {
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('businessData', JSON.stringify(demoBusiness));
    const expired = vi.fn();
    const stop = onOwnerSessionExpired(expired);
    stubApi(({ path }) => {
      if (path === '/api/auth/refresh') return Promise.reject(new TypeError('Failed to fetch'));
      if (path === '/api/orders') return failure(401, 'auth.unauthenticated', 'expired');
      return undefined;
    });
    const error: unknown = await ownerRequest('GET', '/api/orders').catch((reason: unknown) => reason);
    stop();
    expect(error).toMatchObject({ status: 0, message: he.errors.network });
    expect(expired).not.toHaveBeenCalled();
    expect(localStorage.getItem('authToken')).toBe('expired');
    expect(localStorage.getItem('businessData')).not.toBeNull();
  });

  it('is never refreshed for an impersonation: the cookie here may be another session', async () => {
    const calls = stubApi(({ path }) =>
      path === '/api/business/profile' ? failure(401, 'auth.unauthenticated', 'expired') : undefined,
    );
    const router = renderAt(`/reports#impersonate=tok&business=${base64UrlJson(demoBusiness)}`);
    await screen.findByRole('heading', { level: 1, name: heOwner.login.title });
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((call) => call.path === '/api/auth/refresh')).toBe(false);
  });
});
