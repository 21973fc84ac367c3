import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessagesHe } from '@tafrit/contracts/messages.he';
import { shareMessagesHe } from '@tafrit/contracts/http/share.schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { MenuAddressCard } from './menu-address-card';

const t = heOwner.settings.menuAddress;
const none = { address: null, shareLine: null, departmentId: 'AbCdEfGhIjKlMnOp', previous: [] };

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

function renderCard(canEdit = true) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MenuAddressCard canEdit={canEdit} />
    </QueryClientProvider>,
  );
}

describe("settings' menu address to share (issue 33)", () => {
  it('shows the random address until one is chosen, then saves the typed one in lower case', async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/business/menu-address') return undefined;
      if (call.method === 'GET') return json({ success: true, data: none });
      return json({ success: true, data: { ...none, address: 'cafe-hagefen', shareLine: 'ליד הים' } });
    });
    renderCard();
    expect((await screen.findByTestId('menu-address-link')).textContent).toBe(
      `${location.origin}/menu/AbCdEfGhIjKlMnOp`,
    );
    await userEvent.type(screen.getByLabelText(t.address), 'Cafe-Hagefen');
    await userEvent.type(screen.getByLabelText(t.shareLine), 'ליד הים');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.saved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      address: 'cafe-hagefen',
      shareLine: 'ליד הים',
    });
    expect(screen.getByTestId('menu-address-link').textContent).toBe(`${location.origin}/menu/cafe-hagefen`);
  });

  it('refuses a reserved word beside the field, sending nothing', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/business/menu-address' ? json({ success: true, data: none }) : undefined,
    );
    renderCard();
    await userEvent.type(await screen.findByLabelText(t.address), 'admin');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(shareMessagesHe.addressProblem.reserved)).toBeTruthy();
    expect(screen.getByLabelText(t.address).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says beside the field when another business has the address', async () => {
    stubApi((call) => {
      if (call.path !== '/api/business/menu-address') return undefined;
      if (call.method === 'GET') return json({ success: true, data: none });
      const message = errorMessagesHe['business.menu_address_taken'];
      return json({ success: false, code: 'business.menu_address_taken', message, fields: { address: message } }, 409);
    });
    renderCard();
    await userEvent.type(await screen.findByLabelText(t.address), 'cafe-hagefen');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(errorMessagesHe['business.menu_address_taken'], { selector: 'p' })).toBeTruthy();
  });

  it('shows the address without a form to a role that may only read it', async () => {
    stubApi((call) =>
      call.path === '/api/business/menu-address'
        ? json({ success: true, data: { ...none, address: 'cafe-hagefen', previous: ['old-name'] } })
        : undefined,
    );
    renderCard(false);
    expect((await screen.findByTestId('menu-address-link')).textContent).toBe(`${location.origin}/menu/cafe-hagefen`);
    expect(screen.getByText('old-name')).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.save })).toBeNull();
  });
});
