import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heTaxAuthority } from '@/i18n/he-tax-authority';
import { createQueryClient } from '@/lib/query-client';
import { failure, json, stubApi } from '@/test/api-stub';
import { TaxAuthorityCard } from './tax-authority-card';

const t = heTaxAuthority;
const URL_PATH = '/api/owner/tax-authority';
const AUTHORITY = 'https://ita-api.taxes.gov.il/shaam/production/longtimetoken/oauth2/authorize?state=abc';

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderCard(canEdit = true) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TaxAuthorityCard canEdit={canEdit} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('tax-authority-card');
}

const statusServer = (status: Record<string, unknown>) =>
  stubApi((call) => {
    if (call.path === URL_PATH && call.method === 'GET') return json({ success: true, data: status });
    if (call.path === `${URL_PATH}/connect`) return json({ success: true, data: { url: AUTHORITY } });
    if (call.path === URL_PATH && call.method === 'DELETE') {
      return json({ success: true, data: { configured: true, connected: false } });
    }
    return undefined;
  });

async function axeClean(element: Element) {
  const result = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((violation) => violation.id)).toEqual([]);
}

describe('the Tax Authority card in Settings (decision 047)', () => {
  it('explains that this server is not configured, with no button', async () => {
    statusServer({ configured: false, connected: false });
    const card = renderCard();
    expect(await within(card).findByText(t.notConfigured)).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('חיבור לרשות המסים (מספרי הקצאה)');
    await axeClean(card);
  });

  it('sends the person to the Authority from the connect button, by keyboard', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', Object.assign(new URL(location.href), { assign, href: location.href }));
    const calls = statusServer({ configured: true, connected: false });
    const card = renderCard();
    const button = await within(card).findByRole('button', { name: t.connect });
    expect(within(card).getByText(t.notConnected)).toBeTruthy();
    await axeClean(card);
    const user = userEvent.setup();
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORITY));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${URL_PATH}/connect`]);
    expect(within(card).getByRole('button', { name: new RegExp(t.connecting) })).toBeTruthy();
  });

  it("says why a connect could not start, in the server's words", async () => {
    stubApi((call) => {
      if (call.method === 'GET') return json({ success: true, data: { configured: true, connected: false } });
      return failure(409, 'tax_authority.not_configured', 'החיבור לרשות המסים אינו מוגדר בשרת הזה');
    });
    const card = renderCard();
    await userEvent.setup().click(await within(card).findByRole('button', { name: t.connect }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.connectError));
    expect(getToasts().map((toast) => toast.description)).toContain('החיבור לרשות המסים אינו מוגדר בשרת הזה');
  });

  it('shows since when and until when, left to right, and disconnects after a confirmation', async () => {
    const calls = statusServer({
      configured: true,
      connected: true,
      connectedAt: '2026-07-01T06:00:00.000Z',
      grantEndsAt: '2026-07-31T06:00:00.000Z',
    });
    const card = renderCard();
    expect(await within(card).findByText(t.connected)).toBeTruthy();
    const dates = [...card.querySelectorAll('bdi')].map((bdi) => [bdi.getAttribute('dir'), bdi.textContent]);
    expect(dates).toEqual([
      ['ltr', '01/07/2026 09:00'],
      ['ltr', '31/07/2026 09:00'],
    ]);
    await axeClean(card);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: t.disconnect }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: t.disconnectConfirm }));
    await waitFor(() => expect(within(card).getByText(t.notConnected)).toBeTruthy());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([URL_PATH]);
    expect(getToasts().map((toast) => toast.title)).toContain(t.disconnected);
  });

  it('shows the way back from the Authority once, and takes it out of the address', async () => {
    window.history.replaceState(null, '', '/settings?taxAuthority=connected&tab=1');
    statusServer({
      configured: true,
      connected: true,
      connectedAt: '2026-07-01T06:00:00.000Z',
      grantEndsAt: '2026-07-31T06:00:00.000Z',
    });
    const card = renderCard();
    expect(within(card).getByTestId('tax-authority-result').textContent).toBe(t.resultConnected);
    expect(within(card).getByTestId('tax-authority-result').getAttribute('role')).toBe('status');
    await waitFor(() => expect(window.location.search).toBe('?tab=1'));
  });

  it('says a failed connect as an alert, and shows only the state to whoever may not edit', async () => {
    window.history.replaceState(null, '', '/settings?taxAuthority=failed');
    statusServer({ configured: true, connected: false });
    const card = renderCard(false);
    expect(within(card).getByRole('alert').textContent).toBe(t.resultFailed);
    expect(await within(card).findByText(t.readOnly)).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(window.location.search).toBe('');
  });
});
