import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { PaymentOptionsCard } from './payment-options-card';

const t = heOwner.settings.paymentOptions;

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe("settings' tip and ways to pay (issue 17)", () => {
  it('shows everything off as the server says, and saves the tip and Bit turned on', async () => {
    const off = { tipsEnabled: false, bitEnabled: false, googlePayEnabled: false };
    const calls = stubApi((call) => {
      if (call.path !== '/api/business/payment-options') return undefined;
      if (call.method === 'GET') return json({ success: true, data: off });
      return json({ success: true, data: call.body });
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PaymentOptionsCard />
      </QueryClientProvider>,
    );
    const tips = await screen.findByRole('checkbox', { name: t.labels.tipsEnabled });
    const bit = screen.getByRole('checkbox', { name: t.labels.bitEnabled });
    expect((tips as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Google Pay' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(t.applePay)).toBeTruthy();
    await userEvent.click(tips);
    await userEvent.click(bit);
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.saved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...off, tipsEnabled: true, bitEnabled: true });
    expect((tips as HTMLInputElement).checked).toBe(true);
  });
});
