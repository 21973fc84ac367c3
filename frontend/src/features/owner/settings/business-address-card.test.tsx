import { validationMessagesHe } from '@tafrit/contracts/messages.he';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heDocuments } from '@/i18n/he-documents';
import { demoBusiness, json, stubApi } from '@/test/api-stub';
import { createAppRouter } from '@/router';

const a = heDocuments.address;

function renderAt(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

/** The server of a business registered before addresses were asked: no street, no city, an own terminal. */
function businessServer() {
  let business = { ...demoBusiness, street: null, city: null, cardcomEnabled: true } as typeof demoBusiness;
  return stubApi((call) => {
    if (call.path === '/api/business/address' && call.method === 'PUT') {
      business = { ...business, ...(call.body as object) };
    } else if (call.path === '/api/business/cardcom-password' && call.method === 'PUT') {
      business = {
        ...business,
        cardcomApiPasswordSet: (call.body as { apiPassword: string | null }).apiPassword !== null,
      };
    } else if (call.path !== '/api/business/profile') return undefined;
    return json({ success: true, data: { business } });
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe("the business's address and its own terminal's password in settings", () => {
  it('a business without an address sees the banner; giving one in settings removes it', async () => {
    const calls = businessServer();
    const user = userEvent.setup();
    renderAt('/settings');
    const banner = await screen.findByTestId('address-banner');
    expect(banner.textContent).toContain(heDocuments.banner.text);
    expect(within(banner).getByRole('link', { name: heDocuments.banner.link }).getAttribute('href')).toBe(
      '/settings#business-address',
    );

    const card = document.getElementById('business-address')!;
    await user.click(within(card).getByRole('button', { name: a.save }));
    expect(await within(card).findByText(validationMessagesHe.streetRequired)).toBeTruthy();
    expect(within(card).getByText(validationMessagesHe.cityRequired)).toBeTruthy();

    await user.type(within(card).getByLabelText(a.street), 'יפו 3');
    await user.type(within(card).getByRole('combobox', { name: a.city }), 'ירושל');
    await user.click(await within(card).findByRole('option', { name: 'ירושלים' }));
    await user.click(within(card).getByRole('button', { name: a.save }));

    await waitFor(() => expect(screen.queryByTestId('address-banner')).toBeNull());
    const put = calls.find((call) => call.path === '/api/business/address');
    expect(put?.body).toEqual({ street: 'יפו 3', city: 'ירושלים' });
  });

  it('the password is sent once and never shown: the card says only whether one is stored', async () => {
    const calls = businessServer();
    const user = userEvent.setup();
    renderAt('/settings');
    const card = await screen.findByTestId('cardcom-password-card');
    expect(within(card).getByRole('status').textContent).toBe(heDocuments.cardcomPassword.notSet);
    const field = within(card).getByLabelText(heDocuments.cardcomPassword.label) as HTMLInputElement;
    expect(field.type).toBe('password');

    await user.click(within(card).getByRole('button', { name: heDocuments.cardcomPassword.save }));
    expect(await within(card).findByText(validationMessagesHe.cardcomApiPasswordRequired)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/business/cardcom-password')).toBe(false);

    await user.type(field, 'terminal-secret');
    await user.click(within(card).getByRole('button', { name: heDocuments.cardcomPassword.save }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe(heDocuments.cardcomPassword.isSet));
    expect(field.value).toBe('');
    expect(calls.find((call) => call.path === '/api/business/cardcom-password')?.body).toEqual({
      apiPassword: 'terminal-secret',
    });
  });

  it('a stored password is removed only after a confirmation that says what stops, and the card says none is stored', async () => {
    const calls = businessServer();
    const user = userEvent.setup();
    const p = heDocuments.cardcomPassword;
    renderAt('/settings');
    const card = await screen.findByTestId('cardcom-password-card');
    // Nothing to remove before a password is stored.
    expect(within(card).queryByRole('button', { name: p.remove })).toBeNull();
    await user.type(within(card).getByLabelText(p.label), 'terminal-secret');
    await user.click(within(card).getByRole('button', { name: p.save }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe(p.isSet));

    // Cancelled: nothing is sent.
    await user.click(within(card).getByRole('button', { name: p.remove }));
    let dialog = await screen.findByRole('dialog', { name: p.removeTitle });
    expect(dialog.textContent).toContain(p.removeConsequences[0]);
    await user.click(within(dialog).getAllByRole('button', { name: p.removeCancel }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const removals = () =>
      calls.filter(
        (call) =>
          call.path === '/api/business/cardcom-password' &&
          (call.body as { apiPassword: unknown }).apiPassword === null,
      );
    expect(removals()).toHaveLength(0);

    // Confirmed: the server is asked to remove it, and the card says none is stored.
    await user.click(within(card).getByRole('button', { name: p.remove }));
    dialog = await screen.findByRole('dialog', { name: p.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: p.removeConfirm }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe(p.notSet));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(removals().map((call) => call.method)).toEqual(['PUT']);
    expect(within(card).queryByRole('button', { name: p.remove })).toBeNull();
  });
});
