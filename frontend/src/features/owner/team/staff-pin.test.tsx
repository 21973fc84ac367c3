import type { SessionMember } from '@tafrit/contracts/http/team.schemas';
import { STAFF_GRANT_HEADER } from '@tafrit/contracts/http/team.schemas';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { liveOrder } from '../live-orders/test-fixtures';
import { STAFF_GRANT_HEADER_NAME, staffGrant } from '../shared/api/session-request';

// The live board's socket is not this file's subject: one that never connects.
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

const t = heOwnerTeam.staffPin;
const live = heOwner.live;
const screenMember: SessionMember = { role: 'kitchen', kind: 'screen', id: 'screen-1', name: 'מטבח' };
const order = liveOrder({ orderId: 'order-1', orderNumber: 101, paidAt: '2026-11-29T09:05:00.000Z' });
const later = () => new Date(Date.now() + 120_000).toISOString();

function kitchenScreen(extra?: (call: ApiCall) => Response | undefined) {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/live-orders' && call.method === 'GET') {
      return json({
        success: true,
        data: {
          orders: [order],
          position: 1,
          printer: { isOnline: false, printerName: null, lastSeen: null, paired: false },
        },
      });
    }
    if (call.path === '/api/team/pin-people') {
      return json({
        success: true,
        data: {
          people: [
            { id: 'p-1', name: 'יוסי', role: 'manager' },
            { id: 'p-2', name: 'דנה', role: 'kitchen' },
          ],
        },
      });
    }
    if (call.path.endsWith('/status')) return json({ success: true, data: { ...order, status: 'accepted' } });
    return undefined;
  });
}

function renderOrders() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/orders'] }) });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'screen-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  localStorage.setItem('sessionMember', JSON.stringify(screenMember));
  resetToasts();
});
afterEach(() => {
  staffGrant.set(null);
  localStorage.clear();
  resetToasts();
});

describe('a staff PIN on the kitchen screen', () => {
  it('names the header the contracts name', () => {
    expect(STAFF_GRANT_HEADER_NAME).toBe(STAFF_GRANT_HEADER);
  });

  it("makes the next action the person's, once, and shows whose it is until then", async () => {
    const calls = kitchenScreen((call) =>
      call.path === '/api/team/pin-grants'
        ? json({ success: true, data: { grant: 'g-1', name: 'יוסי', role: 'manager', expiresAt: later() } })
        : undefined,
    );
    const user = userEvent.setup();
    renderOrders();
    // A kitchen screen has no refund until a manager's PIN; nor the settings' switches.
    const card = await screen.findByTestId('live-order');
    expect(within(card).queryByRole('button', { name: heOwner.refunds.action })).toBeNull();
    expect(screen.queryByTestId('auto-accept-toggle')).toBeNull();

    await user.click(screen.getByRole('button', { name: t.open }));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    await user.click(within(dialog).getByRole('radio', { name: /יוסי/ }));
    await user.type(within(dialog).getByLabelText(t.pin), '4321');
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));

    expect((await screen.findByTestId('staff-pin-acting')).textContent).toContain(t.acting('יוסי', 'מנהל/ת'));
    expect(calls.find((call) => call.path === '/api/team/pin-grants')?.body).toEqual({ memberId: 'p-1', pin: '4321' });
    // The manager's PIN brings the refund to the card.
    expect(within(screen.getByTestId('live-order')).getByRole('button', { name: heOwner.refunds.action })).toBeTruthy();

    await user.click(within(screen.getByTestId('live-order')).getByRole('button', { name: live.next.accepted }));
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/status'))).toHaveLength(1));
    const moved = calls.find((call) => call.path.endsWith('/status'))!;
    expect(moved.headers[STAFF_GRANT_HEADER]).toBe('g-1');
    await waitFor(() => expect(screen.queryByTestId('staff-pin-acting')).toBeNull());
    // The reads meanwhile never carried it.
    expect(calls.filter((call) => call.method === 'GET').every((call) => !call.headers[STAFF_GRANT_HEADER])).toBe(true);
  });

  it('says a wrong PIN without telling whose it was, and lets the grant be cancelled', async () => {
    let tries = 0;
    kitchenScreen((call) => {
      if (call.path !== '/api/team/pin-grants') return undefined;
      tries += 1;
      return tries === 1
        ? failure(400, 'team.pin_invalid', 'הקוד האישי שגוי')
        : json({ success: true, data: { grant: 'g-2', name: 'דנה', role: 'kitchen', expiresAt: later() } });
    });
    const user = userEvent.setup();
    renderOrders();
    await user.click(await screen.findByRole('button', { name: t.open }));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    await user.click(within(dialog).getByRole('radio', { name: /דנה/ }));
    await user.type(within(dialog).getByLabelText(t.pin), '1111');
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(await within(dialog).findByText('הקוד האישי שגוי')).toBeTruthy();
    expect((within(dialog).getByLabelText(t.pin) as HTMLInputElement).value).toBe('');

    await user.type(within(dialog).getByLabelText(t.pin), '2222');
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));
    await screen.findByTestId('staff-pin-acting');
    await user.click(screen.getByRole('button', { name: t.stop }));
    expect(screen.queryByTestId('staff-pin-acting')).toBeNull();
    expect(staffGrant.get()).toBeNull();
  });

  it('asks for a person before the PIN', async () => {
    const calls = kitchenScreen();
    const user = userEvent.setup();
    renderOrders();
    await user.click(await screen.findByRole('button', { name: t.open }));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    await user.type(within(dialog).getByLabelText(t.pin), '1234');
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(await within(dialog).findByText('נא לבחור מי מקליד את הקוד')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/team/pin-grants')).toBe(false);
  });
});
