import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { UpcomingPickups } from './upcoming-pickups';

// Closing early (issue 33): the hours card lists the orders paid for a later pickup, from the server's live list.

beforeEach(() => localStorage.setItem('authToken', 'owner-token'));
afterEach(() => localStorage.clear());

const order = (orderId: string, orderNumber: number, extra: Record<string, unknown>) => ({
  orderId,
  orderNumber,
  paidAt: '2026-11-30T09:00:00.000Z',
  tableNumber: null,
  lines: [{ name: 'הפוך', quantity: 1, lineTotalAgorot: 1400 }],
  remarks: null,
  totalAgorot: 1400,
  refundedAgorot: 0,
  status: 'paid',
  printStatus: 'none',
  printError: null,
  ...extra,
});

describe('the hours card’s orders still to come', () => {
  it('lists only the orders waiting for a later pickup, by their time', async () => {
    stubApi((call) =>
      call.path === '/api/live-orders'
        ? json({
            success: true,
            data: {
              position: 3,
              printer: { isOnline: false, printerName: null, lastSeen: null, paired: false },
              orders: [
                order('a', 11, { upcoming: true, pickupAt: '2026-11-30T14:00:00.000Z' }),
                order('b', 12, {}),
                order('c', 13, { upcoming: true, pickupAt: '2026-11-30T11:30:00.000Z' }),
              ],
            },
          })
        : undefined,
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UpcomingPickups />
      </QueryClientProvider>,
    );
    const warning = await screen.findByTestId('hours-upcoming-warning');
    expect(warning.textContent).toContain('2 הזמנות לאיסוף מאוחר יותר עוד ממתינות');
    expect([...warning.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'הזמנה #13 לאיסוף ב-13:30',
      'הזמנה #11 לאיסוף ב-16:00',
    ]);
  });
});
