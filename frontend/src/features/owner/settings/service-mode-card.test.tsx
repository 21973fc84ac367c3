import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { ServiceModeCard } from './service-mode-card';

const t = heOwner.settings.serviceMode;

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
      <ServiceModeCard />
    </QueryClientProvider>,
  );
}

describe("settings' service (issue 18)", () => {
  it("shows the server's choice and saves pickup by keyboard", async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/business/service-mode') return undefined;
      if (call.method === 'GET') return json({ success: true, data: { serviceMode: 'table' } });
      return json({ success: true, data: { serviceMode: 'pickup' } });
    });
    renderCard();
    const table = await screen.findByRole('radio', { name: t.table });
    const pickup = screen.getByRole('radio', { name: t.pickup });
    expect((table as HTMLInputElement).checked).toBe(true);
    // Each choice says what the diner will read.
    expect(pickup.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(pickup.getAttribute('aria-describedby')!)?.textContent).toBe(t.pickupHint);
    table.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect((pickup as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.saved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ serviceMode: 'pickup' });
  });

  it('says so when the setting cannot be read', async () => {
    stubApi((call) => (call.path === '/api/business/service-mode' ? json({ success: false }, 500) : undefined));
    renderCard();
    expect(await screen.findByText(t.loadError)).toBeTruthy();
  });
});
