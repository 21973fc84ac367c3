import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi } from '@/test/api-stub';

// The live orders, where both journeys end, open a socket that is not this file's subject.
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = {
      connected: false,
      on: () => socket,
      emit: () => socket,
      connect: () => socket,
      disconnect: () => socket,
    };
    return socket;
  },
}));

const memberBusiness = { ...demoBusiness, idNumber: '', fullName: '', email: '' };

function renderAt(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

const neverAnswered = (path: string) => path === '/api/live-orders' || path.startsWith('/api/orders');

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('pairing a kitchen screen', () => {
  it('pairs by the code, takes its session from the cookie and opens the live orders as the screen', async () => {
    const calls = stubApi((call) => {
      if (neverAnswered(call.path)) return new Promise<Response>(() => undefined);
      if (call.path === '/api/devices/pair') return json({ success: true, data: { token: 'refresh-credential' } });
      if (call.path === '/api/auth/refresh') {
        return json({
          success: true,
          data: {
            business: memberBusiness,
            token: 'screen-access',
            member: { role: 'kitchen', kind: 'screen', id: 'screen-1', name: 'בר' },
          },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderAt('/screen');
    await user.type(await screen.findByLabelText(heOwnerTeam.screenPage.code), 'abcd-2345');
    await user.type(screen.getByLabelText(heOwnerTeam.screenPage.name), 'בר');
    await user.click(screen.getByRole('button', { name: heOwnerTeam.screenPage.submit }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(calls.find((call) => call.path === '/api/devices/pair')?.body).toEqual({ code: 'ABCD2345', name: 'בר' });
    expect(localStorage.getItem('authToken')).toBe('screen-access');
    expect(JSON.parse(localStorage.getItem('sessionMember') ?? '{}')).toMatchObject({
      kind: 'screen',
      role: 'kitchen',
    });
    expect((await screen.findByTestId('signed-in-member')).textContent).toBe(heOwnerTeam.console.screen('בר'));
  });

  it("says a used or expired code in the catalogue's words, and stays", async () => {
    stubApi((call) =>
      call.path === '/api/devices/pair'
        ? failure(400, 'device.pairing_code_invalid', 'קוד החיבור שגוי, כבר נוצל או שפג תוקפו. בקשו קוד חדש בהגדרות')
        : undefined,
    );
    const user = userEvent.setup();
    const router = renderAt('/screen');
    await user.type(await screen.findByLabelText(heOwnerTeam.screenPage.code), 'ABCD2345');
    await user.type(screen.getByLabelText(heOwnerTeam.screenPage.name), 'בר');
    await user.click(screen.getByRole('button', { name: heOwnerTeam.screenPage.submit }));
    expect(await screen.findByText(/כבר נוצל/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/screen');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('sends a screen whose sign-in is gone back to the pairing page, not to a phone sign-in', async () => {
    localStorage.setItem('sessionMember', JSON.stringify({ role: 'kitchen', kind: 'screen', id: 's', name: 'בר' }));
    stubApi(() => undefined);
    const router = renderAt('/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/screen'));
  });
});

describe('choosing a business after the code', () => {
  it('lists the businesses of the phone and switches to the one chosen, landing by its role', async () => {
    const choices = [
      { id: 'own', businessName: 'קפה הגפן', role: 'owner' },
      { id: 'm-9', businessName: 'מאפיית השכן', role: 'kitchen' },
    ];
    const calls = stubApi((call) => {
      if (neverAnswered(call.path)) return new Promise<Response>(() => undefined);
      if (call.path === '/api/send-otp') return json({ success: true, data: { sent: true } });
      if (call.path === '/api/verify-otp') {
        return json({
          success: true,
          data: {
            business: demoBusiness,
            token: 'own-token',
            member: { role: 'owner', kind: 'owner', id: 'owner', name: 'דנה' },
            businesses: choices,
          },
        });
      }
      if (call.path === '/api/auth/switch-business') {
        return json({
          success: true,
          data: {
            business: { ...memberBusiness, businessName: 'מאפיית השכן' },
            token: 'kitchen-token',
            member: { role: 'kitchen', kind: 'person', id: 'm-9', name: 'דנה' },
            businesses: choices,
          },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderAt('/login');
    await user.type(await screen.findByLabelText('מספר טלפון נייד'), '052-3456789');
    await user.click(screen.getByRole('button', { name: 'שליחת קוד' }));
    await user.type(await screen.findByLabelText('קוד אימות'), '123456');

    const list = await screen.findByRole('list', { name: heOwnerTeam.chooser.listLabel });
    const own = within(list).getByRole('button', { name: heOwnerTeam.chooser.choose('קפה הגפן', 'בעלים') });
    expect(own.getAttribute('aria-current')).toBe('true');
    await user.click(within(list).getByRole('button', { name: heOwnerTeam.chooser.choose('מאפיית השכן', 'מטבח') }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(calls.find((call) => call.path === '/api/auth/switch-business')?.body).toEqual({ id: 'm-9' });
    expect(localStorage.getItem('authToken')).toBe('kitchen-token');
    expect(await screen.findByRole('button', { name: heOwnerTeam.console.switchBusiness })).toBeTruthy();
  });
});
