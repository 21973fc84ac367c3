import { describe, expect, it } from '@jest/globals';
import type { MonthlyReport, ReportOrder } from '@tafrit/contracts';
import { type BookkeepingDocument, spreadBeforeVat, withOrder } from './documents.js';
import { ledgerRows, outputVat, reconcile } from './ledger.js';

const at = new Date('2026-11-10T10:00:00Z');

function document(overrides: Partial<BookkeepingDocument> & Pick<BookkeepingDocument, 'kind' | 'number' | 'orderId'>) {
  return withOrder(
    {
      source: 'platform',
      refundId: null,
      issuedAt: at,
      totalAgorot: 11800,
      beforeVatAgorot: 10000,
      vatAgorot: 1800,
      tipAgorot: 0,
      vatRatePercent: 18,
      originalNumber: null,
      refundLines: null,
      seller: null,
      buyer: null,
      allocationNumber: null,
      withoutAllocation: false,
      partLines: null,
      card: null,
      ...overrides,
    },
    undefined,
  );
}

const order = (id: string, total: string, refunds: { refundId: string; amount: string }[] = []) =>
  ({ id, totalAmount: total, refunds }) as unknown as ReportOrder;

function report(orders: ReportOrder[], totalRefunds: string): MonthlyReport {
  const total = orders.reduce((sum, row) => sum + Math.round(Number(row.totalAmount) * 100), 0);
  return {
    month: '2026-11',
    orders,
    summary: {
      totalOrders: orders.length,
      totalAmount: (total / 100).toFixed(2),
      totalRefunds,
      totalCommission: '0.00',
      netAmount: '0.00',
    },
    daily: [],
    payout: null,
  };
}

describe('spreading the amount before VAT over the lines', () => {
  it('gives each line its share and the lines add up to the document exactly', () => {
    const lines = [1450, 1450, 1200].map((total) => ({
      description: 'x',
      quantity: 1,
      unitPriceAgorot: total,
      totalAgorot: total,
    }));
    const spread = spreadBeforeVat(lines, 3475);
    expect(spread.reduce((sum, line) => sum + line.beforeVatAgorot, 0)).toBe(3475);
    expect(spread.map((line) => line.beforeVatAgorot)).toEqual([1229, 1229, 1017]);
  });

  it('gives nothing to lines of nothing', () => {
    expect(spreadBeforeVat([{ description: 'x', quantity: 1, unitPriceAgorot: 0, totalAgorot: 0 }], 0)).toEqual([
      { description: 'x', quantity: 1, unitPriceAgorot: 0, totalAgorot: 0, beforeVatAgorot: 0 },
    ]);
  });
});

describe('the ledger', () => {
  it('takes a credit back: its amounts negative, its original named, no payment method', () => {
    const rows = ledgerRows([
      document({ kind: 'invoice', number: '7', orderId: 'a', tipAgorot: 500, totalAgorot: 12300 }),
      document({ kind: 'credit', number: '1', orderId: 'a', refundId: 'r', originalNumber: '7' }),
    ]);
    expect(rows[0]).toMatchObject({
      type: 'חשבונית מס/קבלה',
      totalAgorot: 12300,
      tipAgorot: 500,
      method: 'כרטיס אשראי',
    });
    expect(rows[1]).toMatchObject({
      type: 'חשבונית מס זיכוי',
      totalAgorot: -11800,
      vatAgorot: -1800,
      method: '',
      refersTo: '7',
    });
  });

  it('sums the output VAT per rate, credits taken off, tips apart', () => {
    expect(
      outputVat([
        document({ kind: 'invoice', number: '7', orderId: 'a', tipAgorot: 500, totalAgorot: 12300 }),
        document({
          kind: 'credit',
          number: '1',
          orderId: 'a',
          beforeVatAgorot: 1000,
          vatAgorot: 180,
          totalAgorot: 1180,
        }),
      ]),
    ).toEqual([{ ratePercent: 18, salesBeforeVatAgorot: 9000, vatAgorot: 1620, exemptAgorot: 500 }]);
  });
});

describe('the reconciliation with the monthly report', () => {
  it('explains every difference by design and leaves nothing unexplained', () => {
    // This month: orders a (refunded ₪11.80 with a credit now) and b (refunded ₪5.00, its credit not issued), and c
    // (no invoice yet). An invoice of an order of last month (d) and a credit of last month's order (e).
    const documents = [
      document({ kind: 'invoice', number: '1', orderId: 'a' }),
      document({ kind: 'invoice', number: '2', orderId: 'b' }),
      document({ kind: 'invoice', number: '3', orderId: 'd' }),
      document({ kind: 'credit', number: '1', orderId: 'a', refundId: 'ra', originalNumber: '1' }),
      document({ kind: 'credit', number: '2', orderId: 'e', refundId: 're', totalAgorot: 2360 }),
    ];
    const month = report(
      [
        order('a', '118.00', [{ refundId: 'ra', amount: '118.00' }]),
        order('b', '118.00', [{ refundId: 'rb', amount: '5.00' }]),
        order('c', '50.00'),
      ],
      '123.00',
    );
    const { lines, unexplainedAgorot } = reconcile(month, documents);
    expect(unexplainedAgorot).toBe(0);
    expect(lines.map((line) => line.agorot)).toEqual([
      28600,
      -12300,
      11800,
      -5000,
      -2360,
      500,
      11800 * 3 - 11800 - 2360,
    ]);
  });

  it('shows what it cannot explain', () => {
    const { unexplainedAgorot } = reconcile(report([order('a', '100.00')], '0.00'), [
      document({ kind: 'invoice', number: '1', orderId: 'a', totalAgorot: 10100 }),
    ]);
    expect(unexplainedAgorot).toBe(100);
  });
});
