import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OrderCard } from './order-card';
import { liveOrder } from './test-fixtures';

const renderCard = (order = liveOrder()) =>
  render(<OrderCard order={order} moving={false} reprinting={false} onMove={() => {}} onReprint={() => {}} />);

describe('a live order’s lines', () => {
  it('shows each line’s choices under it, with their prices, and the "without" ones set apart', () => {
    renderCard(
      liveOrder({
        lines: [
          {
            name: 'הפוך',
            quantity: 2,
            lineTotalAgorot: 3300,
            options: [
              { groupName: 'חלב', name: 'שיבולת שועל', priceAgorot: 200, without: false },
              { groupName: 'תוספות', name: 'שוט', priceAgorot: 0, without: false },
              { groupName: 'בלי', name: 'קצף', priceAgorot: 0, without: true },
              { groupName: 'בלי', name: 'סוכר', priceAgorot: 0, without: true },
            ],
          },
          { name: 'קרואסון', quantity: 1, lineTotalAgorot: 1200 },
        ],
      }),
    );
    const lines = within(screen.getByTestId('live-order-lines')).getAllByRole('listitem');
    const coffee = lines[0]!;
    const choices = within(coffee).getByTestId('live-order-choices');
    expect(choices.textContent).toContain('+ שיבולת שועל ₪2.00');
    expect(choices.textContent).toContain('+ שוט');
    expect(choices.textContent).not.toContain('שוט ₪');
    const without = within(coffee).getByTestId('live-order-without');
    expect(without.textContent).toBe('בלי: קצף, סוכר');
    expect(without.className).toContain('text-danger');
    // A line without choices shows none.
    expect(screen.getAllByTestId('live-order-choices')).toHaveLength(1);
  });

  it('shows no choices for an order without any', () => {
    renderCard();
    expect(screen.queryByTestId('live-order-choices')).toBeNull();
  });
});

describe('a person’s text on the console (issue 29)', () => {
  it('shows an order recorded with direction controls without them, each name and the remarks isolated', () => {
    renderCard(
      liveOrder({
        remarks: 'שולחן \u202e123',
        lines: [
          {
            name: '\u202dהפוך 45\u202c',
            quantity: 2,
            lineTotalAgorot: 3300,
            options: [
              { groupName: 'חלב', name: '\u2066שיבולת 7', priceAgorot: 200, without: false },
              { groupName: 'בלי', name: '\u202eבלי סוכר', priceAgorot: 0, without: true },
            ],
          },
        ],
      }),
    );
    const card = screen.getByTestId('live-order-lines').closest('article') ?? document.body;
    expect(card.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    const remarks = screen.getByTestId('live-order-remarks');
    expect(within(remarks).getByText('שולחן 123').tagName).toBe('BDI');
    const line = within(screen.getByTestId('live-order-lines')).getAllByRole('listitem')[0]!;
    expect(within(line).getByText('הפוך 45').tagName).toBe('BDI');
    expect(within(line).getByText('שיבולת 7').tagName).toBe('BDI');
    // "בלי" once for a choice the owner named "בלי סוכר" in a group named "בלי" (issue 29, item 17).
    expect(within(line).getByTestId('live-order-without').textContent).toBe('בלי: סוכר');
  });
});

describe('a declined order on the console', () => {
  it('shows it cancelled and refunded, with no next step', () => {
    renderCard(liveOrder({ status: 'cancelled' }));
    expect(screen.getByTestId('live-order-status').textContent).toBe('בוטלה והוחזרה');
    expect(screen.queryByRole('button', { name: /קבלה|מוכנה|הוגשה/ })).toBeNull();
  });
});

describe('refunds on an order card (issue 17)', () => {
  it('offers a refund and, on a new order, a decline; shows what was refunded', async () => {
    const onRefund = vi.fn();
    const onDecline = vi.fn();
    const order = liveOrder({ totalAgorot: 4100, refundedAgorot: 1450 });
    render(
      <OrderCard
        order={order}
        moving={false}
        reprinting={false}
        onMove={() => {}}
        onReprint={() => {}}
        onRefund={onRefund}
        onDecline={onDecline}
      />,
    );
    expect(screen.getByTestId('live-order-refunded').textContent).toBe('הוחזר: ₪14.50');
    await userEvent.click(screen.getByRole('button', { name: 'החזר כספי' }));
    await userEvent.click(screen.getByRole('button', { name: 'דחיית הזמנה' }));
    expect(onRefund).toHaveBeenCalledWith(order);
    expect(onDecline).toHaveBeenCalledWith(order);
  });

  it('says the provider refused the last refund, with its reason, and that it may be tried again', () => {
    renderCard(liveOrder({ refundRefused: { refundId: 'refund-1', reason: 'העסקה כבר זוכתה' } }));
    const refused = screen.getByTestId('live-order-refund-refused');
    expect(refused.textContent).toBe('ההחזר נדחה: העסקה כבר זוכתה לא הוחזר דבר; אפשר לנסות שוב.');
  });

  it('shows an order refunded whole as cancelled, calmly, with no next step, refund or decline', () => {
    render(
      <OrderCard
        order={liveOrder({ totalAgorot: 4100, refundedAgorot: 4100 })}
        moving={false}
        reprinting={false}
        onMove={() => {}}
        onReprint={() => {}}
        onRefund={() => {}}
        onDecline={() => {}}
      />,
    );
    expect(screen.getByTestId('live-order-status').textContent).toBe('בוטלה');
    expect(screen.getByTestId('live-order').getAttribute('data-status')).toBe('cancelled');
    expect(screen.queryByRole('button', { name: /קבלה|החזר כספי|דחיית הזמנה/ })).toBeNull();
  });
});

describe('a round of a table’s open tab (issue 34, part 3)', () => {
  it('shows "round 2 · open tab" beside the number, the round isolated; an ordinary order shows none', () => {
    renderCard(liveOrder({ round: 2, tableNumber: 4 }));
    const badge = screen.getByTestId('live-order-round');
    expect(badge.textContent).toBe('סבב 2 · חשבון פתוח');
    expect(badge.querySelector('bdi')?.textContent).toBe('2');
    // Inside the heading: a screen reader hears it with the order's number.
    expect(screen.getByRole('heading').textContent).toContain('סבב 2 · חשבון פתוח');
    expect(badge.className).toContain('text-ink');
  });

  it('an order without a round has no badge', () => {
    renderCard();
    expect(screen.queryByTestId('live-order-round')).toBeNull();
  });
});
