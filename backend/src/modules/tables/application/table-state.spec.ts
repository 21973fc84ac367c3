import { describe, expect, it } from '@jest/globals';
import type { TablePaymentRow } from '../projections/table-payments.reader.js';
import { paymentsSummary } from './table-state.js';

const part = (partId: string, status: TablePaymentRow['status'], itemsAgorot: number, paidAt: string | null = null) =>
  ({
    partId,
    orderId: '00000000-0000-4000-8000-000000000001',
    payer: { dinerId: `d-${partId}`, name: partId, colour: 'teal' },
    itemsAgorot,
    tipAgorot: 100,
    amountAgorot: itemsAgorot + 100,
    status,
    openedAt: '2026-12-07T10:00:00.000Z',
    paidAt,
    changes: 1,
  }) satisfies TablePaymentRow;

const at = (iso: string) => new Date(iso);

describe('what a paying table’s parts come to', () => {
  it('lists the pending and paid parts, and leaves what neither paid nor held', () => {
    const summary = paymentsSummary(4100, {
      parts: [
        part('a', 'replaced', 1450),
        part('b', 'paid', 1000, '2026-12-07T10:01:00.000Z'),
        part('c', 'failed', 3100),
        part('d', 'pending', 2000),
      ],
      unpaidShareMinutes: 15,
      now: at('2026-12-07T10:02:00.000Z'),
    });
    expect(summary.payments.map((one) => [one.partId, one.status, one.itemsAgorot, one.amountAgorot])).toEqual([
      ['b', 'paid', 1000, 1100],
      ['d', 'pending', 2000, 2100],
    ]);
    expect(summary).toMatchObject({ paidAgorot: 1000, leftAgorot: 1100, unpaidSince: null });
  });

  it('never leaves less than nothing (an overpaid page)', () => {
    const summary = paymentsSummary(1000, {
      parts: [part('a', 'paid', 1000, '2026-12-07T10:01:00.000Z'), part('b', 'paid', 500, '2026-12-07T10:02:00.000Z')],
      unpaidShareMinutes: 15,
      now: at('2026-12-07T11:00:00.000Z'),
    });
    expect(summary).toMatchObject({ leftAgorot: 0, unpaidSince: null });
  });

  it('is overdue once the café’s time has passed since the first paid part, while the bill is not covered', () => {
    const parts = [part('b', 'paid', 1000, '2026-12-07T10:01:00.000Z'), part('d', 'pending', 3100)];
    const read = (now: string) => paymentsSummary(4100, { parts, unpaidShareMinutes: 15, now: at(now) });
    expect(read('2026-12-07T10:15:59.999Z').unpaidSince).toBeNull();
    expect(read('2026-12-07T10:16:00.000Z').unpaidSince).toBe('2026-12-07T10:01:00.000Z');
    // Nothing paid yet: nobody is waiting for a share.
    const none = paymentsSummary(4100, {
      parts: [part('d', 'pending', 4100)],
      unpaidShareMinutes: 2,
      now: at('2027-01-01'),
    });
    expect(none.unpaidSince).toBeNull();
  });
});
