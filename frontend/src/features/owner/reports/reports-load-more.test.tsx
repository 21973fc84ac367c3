import { lastTwelveMonths } from '@tafrit/contracts/months';
import type { MonthlyReport, ReportOrder } from '@tafrit/contracts/ordering-types';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, json, stubApi } from '@/test/api-stub';

// Decision 065: the month's orders a page at a time, the next page on the owner's "load more".

const t = heOwner.reports;
const current = lastTwelveMonths(new Date())[0]!;

function order(number: number): ReportOrder {
  return {
    id: `order-${number}`,
    orderNumber: number,
    orderDate: '2026-11-03T08:15:00.000Z',
    totalAmount: '10.00',
    commission: '0.50',
    netAmount: '9.50',
    remarks: null,
    tableNumber: null,
    items: [{ productId: 1, name: 'אספרסו', price: 10, quantity: 1 }],
    status: 'paid',
    paymentStatus: 'paid',
    invoiceNumber: null,
    invoiceUrl: null,
    invoiceStatus: 'pending',
    payment: null,
    refunds: [],
  };
}

/** Three orders of the month, two to a page: #3 and #2 first, then #1. */
function pageOf(before: string | null): MonthlyReport {
  const orders = before === null ? [order(3), order(2)] : [order(1)];
  return {
    month: current,
    orders,
    summary: {
      totalOrders: 3,
      totalAmount: '30.00',
      totalRefunds: '0.00',
      totalCommission: '1.50',
      netAmount: '28.50',
    },
    daily: [{ date: `${current}-01`, totalOrders: 3, totalAmount: '30.00' }],
    payout: null,
    page: { limit: 2, total: 3, nextBefore: before === null ? 'order-2' : null },
  };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the report’s orders a page at a time', () => {
  it('shows the first page, then the next on "load more", with a loading state, and is clean for axe', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = stubApi((call) => {
      if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
      const url = new URL(call.path, 'http://localhost');
      if (url.pathname !== '/api/orders') return undefined;
      const before = url.searchParams.get('before');
      // The next page waits for the test, so its loading state can be seen.
      return before
        ? held.then(() => json({ success: true, data: pageOf(before) }))
        : json({ success: true, data: pageOf(null) });
    });
    const user = userEvent.setup();
    render(
      <RouterProvider router={createAppRouter({ history: createMemoryHistory({ initialEntries: ['/reports'] }) })} />,
    );

    // The report's code loads lazily after the console: a first render on a busy machine may take a while.
    expect(await screen.findAllByTestId('report-order', {}, { timeout: 30_000 })).toHaveLength(2);
    expect(screen.getByTestId('report-shown').textContent).toBe(t.shownOrders(2, 3));
    // The first answer is the month alone, as the year bench measures it.
    expect(calls.map((call) => call.path)).toContain(`/api/orders?month=${current}`);

    const more = screen.getByRole('button', { name: t.loadMore });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    // From the keyboard: the button keeps the focus while the page loads, and says it is loading.
    more.focus();
    await user.keyboard('{Enter}');
    const loading = await screen.findByRole('button', { name: t.loadingMore });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(loading);
    expect(calls.map((call) => call.path)).toContain(`/api/orders?month=${current}&before=order-2`);
    release();

    await waitFor(() => expect(screen.getAllByTestId('report-order')).toHaveLength(3));
    expect(screen.getAllByTestId('report-order').map((row) => row.querySelector('bdi')?.textContent)).toEqual([
      '#3',
      '#2',
      '#1',
    ]);
    expect(screen.getByTestId('report-shown').textContent).toBe(t.shownOrders(3, 3));
    // The last page: no button left; the month's sums are as they were.
    expect(screen.queryByRole('button', { name: t.loadMore })).toBeNull();
    expect(screen.getByTestId('report-summary').textContent).toContain('₪30.00');
    // Only reads: the page asked nothing but its two pages and the page's own reads.
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });
});
