import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { RefundDialog } from './refund-dialog';
import type { RefundTarget } from './refund-target';

// The dialog's request is a mutation: it needs a query client, as in the console.
function withQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const t = heOwner.refunds;

/** Order 17 at table 4: two coffees with oat milk (₪33.00) and a croissant (₪12.00); ₪5.00 already refunded. */
const target: RefundTarget = {
  orderId: '6f1c2a4e-0000-4000-8000-000000000017',
  orderNumber: 17,
  tableNumber: 4,
  totalAgorot: 4500,
  refundedAgorot: 500,
  lines: [
    { name: 'הפוך', quantity: 2, lineTotalAgorot: 3300, choices: ['שיבולת שועל'] },
    { name: 'קרואסון', quantity: 1, lineTotalAgorot: 1200, choices: [] },
  ],
};

const refunded = (amount: string) =>
  json({ success: true, data: { refundId: 'r', amount, status: 'refunded', failureReason: null } });

function refundServer(answer: (call: ApiCall) => Response = (call) => refunded(amountOfCall(call))) {
  return stubApi((call) => (call.path === `/api/orders/${target.orderId}/refunds` ? answer(call) : undefined));
}
const amountOfCall = (call: ApiCall) => (call.body as { amount?: string }).amount ?? '40.00';

function renderDialog(onRefunded = vi.fn(), onOpenChange = vi.fn()) {
  render(<RefundDialog target={target} open onOpenChange={onOpenChange} onRefunded={onRefunded} />, {
    wrapper: withQueryClient,
  });
  return { onRefunded, onOpenChange };
}

const dialog = () => screen.getByRole('dialog');
const confirmationText = () => screen.getByTestId('refund-confirmation-text').textContent?.replace(/\s+/g, ' ');

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
  vi.spyOn(crypto, 'randomUUID').mockReturnValue('0b6c3f1e-1111-4111-8111-000000000001');
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the refund dialog', () => {
  it('refunds all that remains after a confirmation naming the order, its table and the amount', async () => {
    const user = userEvent.setup();
    const calls = refundServer();
    const { onRefunded, onOpenChange } = renderDialog();
    expect((within(dialog()).getByRole('radio', { name: /את כל מה שנותר/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog()).getByRole('radio', { name: 'מנה אזלה' }));
    await user.click(screen.getByTestId('refund-next'));
    // Nothing is sent before the confirmation.
    expect(calls).toHaveLength(0);
    expect(confirmationText()).toBe(
      'להחזיר ₪40.00 על הזמנה 17, שולחן 4? הכסף יחזור לכרטיס של הלקוח ותופק חשבונית מס זיכוי. אי אפשר לבטל החזר שבוצע.',
    );
    await user.click(screen.getByTestId('refund-confirm'));
    await waitFor(() => expect(onRefunded).toHaveBeenCalledTimes(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { reason: 'מנה אזלה', refundId: '0b6c3f1e-1111-4111-8111-000000000001' },
    });
    expect(calls[0]?.body).not.toHaveProperty('lines');
    expect(calls[0]?.body).not.toHaveProperty('amount');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refunds chosen units of chosen lines, with their choices shown, at the price they were sold for', async () => {
    const user = userEvent.setup();
    const calls = refundServer(() => refunded('16.50'));
    renderDialog();
    await user.click(within(dialog()).getByRole('radio', { name: t.lines }));
    const lines = within(screen.getByTestId('refund-lines')).getAllByRole('listitem');
    expect(lines[0]?.textContent).toContain('שיבולת שועל');
    const coffee = within(lines[0]!).getByRole('spinbutton', { name: /הפוך/ });
    expect(coffee.getAttribute('max')).toBe('2');
    await user.clear(coffee);
    await user.type(coffee, '1');
    await user.click(within(dialog()).getByRole('radio', { name: t.otherReason }));
    await user.type(screen.getByTestId('refund-reason-text'), 'הקפה הגיע קר');
    await user.click(screen.getByTestId('refund-next'));
    expect(confirmationText()).toContain('להחזיר ₪16.50 על הזמנה 17, שולחן 4?');
    await user.click(screen.getByTestId('refund-confirm'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      reason: 'הקפה הגיע קר',
      refundId: '0b6c3f1e-1111-4111-8111-000000000001',
      lines: [{ index: 0, quantity: 1 }],
    });
  });

  it('refunds an amount in shekels', async () => {
    const user = userEvent.setup();
    const calls = refundServer();
    renderDialog();
    await user.click(within(dialog()).getByRole('radio', { name: t.amount }));
    await user.type(screen.getByTestId('refund-amount'), '12.5');
    await user.click(within(dialog()).getByRole('radio', { name: 'חיוב כפול' }));
    await user.click(screen.getByTestId('refund-next'));
    expect(confirmationText()).toContain('להחזיר ₪12.50 על הזמנה 17, שולחן 4?');
    await user.click(screen.getByTestId('refund-confirm'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ amount: '12.5', reason: 'חיוב כפול' });
  });

  it('reads an amount typed with a decimal comma: 12,5 refunds ₪12.50', async () => {
    const user = userEvent.setup();
    const calls = refundServer(() => refunded('12.50'));
    renderDialog();
    await user.click(within(dialog()).getByRole('radio', { name: t.amount }));
    await user.type(screen.getByTestId('refund-amount'), '12,5');
    await user.click(within(dialog()).getByRole('radio', { name: 'חיוב כפול' }));
    await user.click(screen.getByTestId('refund-next'));
    expect(confirmationText()).toContain('להחזיר ₪12.50 על הזמנה 17, שולחן 4?');
    await user.click(screen.getByTestId('refund-confirm'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ amount: '12,5', reason: 'חיוב כפול' });
  });

  it('says in Hebrew what is missing or wrong, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = refundServer();
    renderDialog();
    await user.click(within(dialog()).getByRole('radio', { name: t.lines }));
    await user.click(screen.getByTestId('refund-next'));
    expect(screen.getByTestId('refund-what-error').textContent).toBe(t.chooseLines);
    expect(within(dialog()).queryByText(t.reasonRequired)).not.toBeNull();

    await user.click(within(dialog()).getByRole('radio', { name: t.amount }));
    const amount = screen.getByTestId('refund-amount');
    for (const [typed, message] of [
      ['0', t.amountInvalid],
      ['12.345', t.amountInvalid],
      ['abc', t.amountInvalid],
      // Any comma but a decimal one (12,5) is refused: 1,250 is not read as 1250.
      ['1,250', t.amountInvalid],
      ['40.01', t.amountTooHigh('₪40.00')],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(screen.getByTestId('refund-next'));
      expect(screen.getByTestId('refund-what-error').textContent).toBe(message);
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    }
    // A written reason of spaces only is no reason.
    await user.click(within(dialog()).getByRole('radio', { name: t.otherReason }));
    await user.type(screen.getByTestId('refund-reason-text'), '   ');
    await user.click(screen.getByTestId('refund-next'));
    expect(within(dialog()).queryByText(t.reasonRequired)).not.toBeNull();
    expect(screen.queryByTestId('refund-confirmation')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's 409 in Hebrew and offers no retry of the same request", async () => {
    const user = userEvent.setup();
    refundServer(() => failure(409, 'refund.exceeds_remaining', 'הסכום גבוה ממה שנותר להחזיר בהזמנה הזו'));
    const { onRefunded } = renderDialog();
    await user.click(within(dialog()).getByRole('radio', { name: 'טעות בהזמנה' }));
    await user.click(screen.getByTestId('refund-next'));
    await user.click(screen.getByTestId('refund-confirm'));
    const failed = await screen.findByTestId('refund-failure');
    expect(failed.textContent).toContain('הסכום גבוה ממה שנותר להחזיר בהזמנה הזו');
    expect(screen.queryByTestId('refund-confirm')).toBeNull();
    expect(onRefunded).not.toHaveBeenCalled();
  });

  it("shows the provider's refusal with its reason, and tries again under the same refund id", async () => {
    const user = userEvent.setup();
    let answers = 0;
    const calls = refundServer(() =>
      answers++ === 0
        ? json({
            success: true,
            data: { refundId: 'r', amount: '40.00', status: 'failed', failureReason: 'העסקה המקורית לא נמצאה' },
          })
        : refunded('40.00'),
    );
    const { onRefunded } = renderDialog();
    await user.click(within(dialog()).getByRole('radio', { name: 'לבקשת הלקוח' }));
    await user.click(screen.getByTestId('refund-next'));
    await user.click(screen.getByTestId('refund-confirm'));
    expect((await screen.findByTestId('refund-failure')).textContent).toContain(`${t.refused} העסקה המקורית לא נמצאה`);
    expect(onRefunded).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: t.retry }));
    await waitFor(() => expect(onRefunded).toHaveBeenCalledTimes(1));
    expect(calls.map((call) => (call.body as { refundId: string }).refundId)).toEqual([
      '0b6c3f1e-1111-4111-8111-000000000001',
      '0b6c3f1e-1111-4111-8111-000000000001',
    ]);
  });

  it('offers "try again" when the log could not record the refund (503)', async () => {
    const user = userEvent.setup();
    refundServer(() => failure(503, 'refund.not_recorded', 'לא הצלחנו לרשום את ההחזר כרגע'));
    renderDialog();
    await user.click(within(dialog()).getByRole('radio', { name: 'מנה אזלה' }));
    await user.click(screen.getByTestId('refund-next'));
    await user.click(screen.getByTestId('refund-confirm'));
    expect((await screen.findByTestId('refund-failure')).textContent).toContain('לא הצלחנו לרשום את ההחזר כרגע');
    expect(screen.queryByRole('button', { name: t.retry })).not.toBeNull();
  });
});
