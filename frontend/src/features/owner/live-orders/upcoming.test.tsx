import type { LiveOrdersAnswer } from '@tafrit/contracts/sockets';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KitchenBoard } from './kitchen-board';
import { applyLiveEvent, boardFrom, unhandledCount } from './live-board';
import { liveOrder } from './test-fixtures';
import { UpcomingWarning } from './upcoming-warning';

// Order ahead on the kitchen screen (issue 33): an order paid for later waits under "upcoming", counts as nothing
// to handle, and becomes new when the server says it is due; a pause lists the orders still to come.

const printer: LiveOrdersAnswer['printer'] = { isOnline: false, printerName: null, lastSeen: null, paired: false };
const later = liveOrder({ orderId: 'later', orderNumber: 7, upcoming: true, pickupAt: '2026-11-30T10:30:00.000Z' });

describe('orders for later on the kitchen screen', () => {
  it('wait under "upcoming" with their pickup time, apart from the new ones', () => {
    render(
      <KitchenBoard
        columns={{ new: [liveOrder()], active: [], ready: [] }}
        upcoming={[later]}
        done={[]}
        card={(order) => <li key={order.orderId}>#{order.orderNumber}</li>}
      />,
    );
    const upcoming = screen.getByTestId('live-section-upcoming');
    expect(within(upcoming).getByRole('heading').textContent).toContain('לאיסוף מאוחר יותר');
    expect(within(upcoming).getByText('#7')).toBeTruthy();
    expect(within(screen.getByTestId('live-section-new')).queryByText('#7')).toBeNull();
  });

  it('count as nothing to handle until the server pushes them due', () => {
    const board = boardFrom({ orders: [later], position: 10, printer });
    expect(unhandledCount(board)).toBe(0);
    const { upcoming: _waiting, ...due } = later;
    expect(unhandledCount(applyLiveEvent(board, { kind: 'order.paid', position: 11, order: due }))).toBe(1);
  });

  it('are listed before a pause, which waits for the owner’s confirmation', () => {
    const onConfirm = vi.fn();
    render(<UpcomingWarning upcoming={[later]} onConfirm={onConfirm} onCancel={() => undefined} />);
    const warning = screen.getByTestId('upcoming-warning');
    expect(warning.textContent).toContain('הזמנה אחת לאיסוף מאוחר יותר עוד ממתינה');
    expect(warning.textContent).toContain('#7');
    expect(warning.textContent).toContain('12:30');
    fireEvent.click(screen.getByTestId('pause-confirm'));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
