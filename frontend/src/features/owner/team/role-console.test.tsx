import { errorMessagesHe } from '@tafrit/contracts/messages.he';
import type { SessionMember } from '@tafrit/contracts/http/team.schemas';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { heOwnerBookkeeping } from '@/i18n/he-owner-bookkeeping';
import { heOwnerNumbers } from '@/i18n/he-owner-numbers';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { createAppRouter } from '@/router';
import { demoBusiness, json, stubApi, type ApiCall } from '@/test/api-stub';
import { errorDescription } from '../shared/errors';
import { ApiError } from '@/lib/api-client';

// The kitchen lands on the live orders, whose socket is not this file's subject: one that never connects.
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

const c = heOwner.console;
const at = '2026-11-29T09:00:00.000Z';

function signedInAs(member: SessionMember) {
  localStorage.setItem('authToken', 'member-token');
  localStorage.setItem('businessData', JSON.stringify({ ...demoBusiness, idNumber: '', fullName: '' }));
  localStorage.setItem('sessionMember', JSON.stringify(member));
}

const kitchen: SessionMember = { role: 'kitchen', kind: 'person', id: 'm-1', name: 'יוסי' };
const accountant: SessionMember = { role: 'accountant', kind: 'person', id: 'm-2', name: 'רונית' };
const manager: SessionMember = { role: 'manager', kind: 'person', id: 'm-3', name: 'מיכל' };

function menuServer(extra?: (call: ApiCall) => Response | undefined) {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/categories') {
      return json({ success: true, data: [{ id: 1, name: 'שתייה', order: 0, createdAt: at }] });
    }
    if (call.path === '/api/products' && call.method === 'GET') {
      return json({
        success: true,
        data: [
          {
            id: 7,
            name: 'הפוך',
            description: null,
            price: '14.00',
            categoryId: 1,
            isActive: true,
            image: null,
            tags: [],
            optionGroupIds: [],
            createdAt: at,
          },
        ],
      });
    }
    if (call.path === '/api/option-groups') return json({ success: true, data: [] });
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: c.navLabel });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('a console that follows the role', () => {
  it("offers the kitchen its orders and the menu's availability, and sends it home from the reports", async () => {
    signedInAs(kitchen);
    const calls = menuServer();
    const router = renderAt('/reports');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(await navLinks()).toEqual([c.orders, c.menu, heOwnerTeam.console.account, c.support]);
    expect(screen.getByTestId('signed-in-member').textContent).toBe(heOwnerTeam.console.signedInAs('יוסי', 'מטבח'));
    // The owner's profile is never asked for: the header works from the copy the sign-in answered.
    expect(calls.some((call) => call.path === '/api/business/profile')).toBe(false);
  });

  it('shows the kitchen the sold-out switches and nothing that edits the menu', async () => {
    signedInAs(kitchen);
    const calls = menuServer((call) => (call.method === 'PATCH' ? json({ success: true, data: {} }) : undefined));
    const user = userEvent.setup();
    renderAt('/menu');
    const toggle = await screen.findByRole('switch', { name: heOwnerTeam.soldOut.availability('הפוך') });
    expect(screen.queryByTestId('add-product')).toBeNull();
    expect(screen.queryByRole('button', { name: /עריכה/ })).toBeNull();
    await user.click(toggle);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: '/api/products/7/availability',
        body: { isActive: false },
      }),
    );
  });

  it('gives the accountant the reports and the bookkeeping without the menu, and sends a typed /menu to the reports', async () => {
    signedInAs(accountant);
    stubApi((call) =>
      call.path.startsWith('/api/orders') || call.path.startsWith('/api/platform-invoices')
        ? new Promise<Response>(() => undefined)
        : undefined,
    );
    const router = renderAt('/menu');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    expect(await navLinks()).toEqual([
      c.reports,
      heOwnerNumbers.nav,
      heOwnerBookkeeping.bookkeeping.nav,
      heOwnerTeam.console.account,
      c.support,
    ]);
  });

  it('gives a manager the settings without the owner-only cards, with the pairing of a screen', async () => {
    signedInAs(manager);
    const calls = stubApi(() => undefined);
    renderAt('/settings');
    expect(await screen.findByTestId('pair-screen-card')).toBeTruthy();
    expect(screen.queryByTestId('settings-phone')).toBeNull();
    expect(screen.queryByTestId('signed-in-devices')).toBeNull();
    expect(await navLinks()).not.toContain(heOwnerTeam.console.team);
    expect(calls.some((call) => call.path === '/api/business/profile')).toBe(false);
  });

  it("keeps the team page the owner's", async () => {
    signedInAs(manager);
    stubApi(() => undefined);
    const router = renderAt('/team');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
  });

  it("words a role's refusal from the catalogue", () => {
    const refused = new ApiError({
      message: 'Forbidden',
      status: 403,
      body: { code: 'auth.role_forbidden', message: 'Forbidden' },
    });
    expect(errorDescription(refused)).toBe(errorMessagesHe['auth.role_forbidden']);
  });
});
