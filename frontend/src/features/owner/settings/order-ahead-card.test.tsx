import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_AHEAD_OFF } from '@tafrit/contracts/order-ahead';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { OrderAheadCard } from './order-ahead-card';

const t = heOwner.settings.orderAhead;

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe("settings' order ahead (issue 33)", () => {
  it("shows the server's settings and saves them on with 10-minute slots of three orders", async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/business/order-ahead') return undefined;
      if (call.method === 'GET') return json({ success: true, data: ORDER_AHEAD_OFF });
      return json({ success: true, data: call.body });
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OrderAheadCard />
      </QueryClientProvider>,
    );
    const enabled = await screen.findByRole('checkbox', { name: t.enabled });
    expect((enabled as HTMLInputElement).checked).toBe(false);
    await user.click(enabled);
    await user.selectOptions(screen.getByRole('combobox', { name: t.labels.slotMinutes }), t.minutes(10));
    await user.selectOptions(screen.getByRole('combobox', { name: t.labels.perSlot }), t.orders(3));
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.saved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...ORDER_AHEAD_OFF,
      enabled: true,
      slotMinutes: 10,
      perSlot: 3,
    });
  });
});
