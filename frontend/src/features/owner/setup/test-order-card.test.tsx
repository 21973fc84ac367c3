import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heOwner } from '@/i18n/he-owner';
import { OrderCard } from '../live-orders/order-card';
import { liveOrder } from '../live-orders/test-fixtures';
import { setupText as t } from './strings';

const renderCard = (test: boolean) =>
  render(
    <OrderCard
      order={liveOrder({ paymentMethod: 'card', ...(test ? { test: true as const } : {}) })}
      moving={false}
      reprinting={false}
      onMove={() => {}}
      onReprint={() => {}}
      onRefund={() => {}}
      onDecline={() => {}}
    />,
  );

describe('a test order on the live console (decision 034)', () => {
  it('is marked as a test and offers no refund, no decline and no way it was paid', () => {
    renderCard(true);
    const card = screen.getByTestId('live-order');
    expect(within(card).getByTestId('live-order-test').textContent).toBe(t.testBadge);
    expect(within(card).queryByTestId('live-order-method')).toBeNull();
    // The kitchen's step is still there: a test order goes through the kitchen like any order.
    const buttons = within(card)
      .getAllByRole('button')
      .map((button) => button.textContent ?? '');
    expect(buttons).not.toContain(heOwner.refunds.decline);
    expect(buttons.some((text) => text.includes('החזר'))).toBe(false);
    expect(buttons.length).toBeGreaterThan(0);
  });

  it('a real order carries no test mark', () => {
    renderCard(false);
    expect(screen.queryByTestId('live-order-test')).toBeNull();
    expect(screen.getByTestId('live-order-method')).toBeTruthy();
  });
});
