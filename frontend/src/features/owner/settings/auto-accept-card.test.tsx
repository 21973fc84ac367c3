import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { AutoAcceptCard } from './auto-accept-card';

const t = heOwner.settings.autoAccept;

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AutoAcceptCard />
    </QueryClientProvider>,
  );
}

describe("settings' automatic acceptance (decision 032)", () => {
  it("shows the server's choice and saves it on with an estimate", async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/business/auto-accept') return undefined;
      if (call.method === 'GET') return json({ success: true, data: { enabled: false, readyInMinutes: null } });
      return json({ success: true, data: call.body });
    });
    const user = userEvent.setup();
    renderCard();
    const enabled = await screen.findByRole('checkbox', { name: t.enabled });
    expect((enabled as HTMLInputElement).checked).toBe(false);
    await user.click(enabled);
    await user.selectOptions(screen.getByRole('combobox', { name: t.readyIn }), t.readyInMinutes(15));
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.saved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ enabled: true, readyInMinutes: 15 });
  });

  it('says so when the setting cannot be read', async () => {
    stubApi((call) => (call.path === '/api/business/auto-accept' ? json({ success: false }, 500) : undefined));
    renderCard();
    expect(await screen.findByText(t.loadError)).toBeTruthy();
  });
});
