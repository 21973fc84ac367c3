import type { OwnerWaitingTablesAnswer } from '@tafrit/contracts/http/tables.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heOwner } from '@/i18n/he-owner';
import { json, stubApi } from '@/test/api-stub';
import { useWaitingTables, WaitingTables, WAITING_TABLES_URL } from './waiting-tables';

// The shared tables waiting for payment on the live console (issue 34): a small section above the orders, each table
// with what was paid and what is left, its payers, and a mark on a share left unpaid past the café's time.

const t = heOwner.waitingTables;

const answer: OwnerWaitingTablesAnswer = {
  unpaidShareMinutes: 15,
  tables: [
    {
      number: 4,
      orderId: '00000000-0000-4000-8000-000000000004',
      orderNumber: 112,
      totalAgorot: 4100,
      paidAgorot: 1000,
      leftAgorot: 3100,
      payers: [{ name: 'דנה', colour: 'teal', amountAgorot: 1100, itemsAgorot: 1000, status: 'paid', paidAt: null }],
      since: '2026-12-07T08:00:00.000Z',
      overdue: true,
      unpaidSince: '2026-12-07T08:01:00.000Z',
    },
    {
      number: 7,
      orderId: '00000000-0000-4000-8000-000000000007',
      orderNumber: 113,
      totalAgorot: 2900,
      paidAgorot: 0,
      leftAgorot: 1450,
      payers: [{ name: null, colour: null, amountAgorot: 1450, itemsAgorot: 1450, status: 'pending', paidAt: null }],
      since: '2026-12-07T08:20:00.000Z',
      overdue: false,
      unpaidSince: null,
    },
  ],
};

beforeEach(() => localStorage.setItem('authToken', 'owner-token'));
afterEach(() => localStorage.clear());

describe('the tables waiting for payment', () => {
  it('shows each table with its order, what is paid and left, its payers, and marks the overdue one', () => {
    render(<WaitingTables answer={answer} />);
    const section = screen.getByRole('region', { name: new RegExp(t.title) });
    const cards = within(section).getAllByTestId('waiting-table');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading').textContent).toContain('שולחן 4');
    expect(cards[0]!.textContent).toContain('הזמנה 112');
    expect(cards[0]!.textContent).toContain('31.00');
    expect(cards[0]!.textContent).toContain('דנה');
    expect(cards[0]!.dataset.overdue).toBe('true');
    expect(within(cards[0]!).getByTestId('waiting-overdue').textContent).toContain(t.overdue);
    // Israel's time of the first payment (winter: UTC+2).
    expect(within(cards[0]!).getByTestId('waiting-overdue').textContent).toContain('10:01');
    expect(cards[1]!.dataset.overdue).toBe('false');
    expect(within(cards[1]!).queryByTestId('waiting-overdue')).toBeNull();
    expect(cards[1]!.textContent).toContain(`${t.guest} · ${t.payerPending}`);
  });

  it('is nothing at all while no table is waiting', () => {
    const { container } = render(<WaitingTables answer={{ unpaidShareMinutes: 15, tables: [] }} />);
    expect(container.textContent).toBe('');
  });

  it('is clean for axe', async () => {
    document.documentElement.dir = 'rtl';
    document.documentElement.lang = 'he';
    render(
      <main>
        <h1>הזמנות חיות</h1>
        <WaitingTables answer={answer} />
      </main>,
    );
    const violations = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
  });

  it('is read again when the live orders change', async () => {
    const calls = stubApi((call) =>
      call.path === WAITING_TABLES_URL ? json({ success: true, data: answer }) : undefined,
    );
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(({ version }) => useWaitingTables(version), {
      wrapper,
      initialProps: { version: 0 },
    });
    await waitFor(() => expect(result.current.data?.tables).toHaveLength(2));
    const reads = () => calls.filter((call) => call.path === WAITING_TABLES_URL).length;
    expect(reads()).toBe(1);
    rerender({ version: 1 });
    await waitFor(() => expect(reads()).toBe(2));
    client.clear();
  });
});
