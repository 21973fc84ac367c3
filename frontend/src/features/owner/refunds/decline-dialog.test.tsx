import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { failure, json, stubApi } from '@/test/api-stub';
import { liveOrder } from '../live-orders/test-fixtures';
import { DeclineDialog } from './decline-dialog';

// The dialog's request is a mutation: it needs a query client, as in the console.
function withQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const t = heOwner.refunds;
const order = liveOrder({ orderId: 'order-9', orderNumber: 9, tableNumber: 2, totalAgorot: 4100 });

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('declining a new order', () => {
  it('names the order, its table and the whole amount, asks for a reason, then declines it', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) =>
      call.path === '/api/live-orders/order-9/decline'
        ? json({ success: true, data: { ...order, status: 'cancelled', refundedAgorot: 4100 } })
        : undefined,
    );
    const onDeclined = vi.fn();
    const onOpenChange = vi.fn();
    render(<DeclineDialog order={order} open onOpenChange={onOpenChange} onDeclined={onDeclined} />, {
      wrapper: withQueryClient,
    });
    expect(screen.getByTestId('decline-text').textContent?.replace(/\s+/g, ' ')).toBe(
      'לדחות את הזמנה 9, שולחן 2 ולהחזיר ללקוח את כל הסכום, ₪41.00? ההזמנה תסומן כמבוטלת בכל המסכים.',
    );
    await user.click(screen.getByTestId('decline-confirm'));
    expect(within(screen.getByRole('dialog')).queryByText(t.reasonRequired)).not.toBeNull();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'מנה אזלה' }));
    await user.click(screen.getByTestId('decline-confirm'));
    await waitFor(() => expect(onDeclined).toHaveBeenCalledTimes(1));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { reason: 'מנה אזלה', refundId: expect.any(String) } });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's refusal in Hebrew and stays open", async () => {
    const user = userEvent.setup();
    stubApi(() => failure(409, 'refund.fully_refunded', 'ההזמנה כבר הוחזרה במלואה'));
    const onOpenChange = vi.fn();
    render(<DeclineDialog order={order} open onOpenChange={onOpenChange} />, { wrapper: withQueryClient });
    await user.click(screen.getByRole('radio', { name: 'לבקשת הלקוח' }));
    await user.click(screen.getByTestId('decline-confirm'));
    expect((await screen.findByTestId('decline-error')).textContent).toBe('ההזמנה כבר הוחזרה במלואה');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
