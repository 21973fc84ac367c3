import { describe, expect, it } from 'vitest';
import { adminBusinessRowSchema, healthAnswerSchema, payoutBatchSchema } from './admin-answers.schemas.js';
import { monthlyReportSchema, printerSettingsAnswerSchema } from './owner-answers.schemas.js';

const report = {
  month: '2026-11',
  orders: [
    {
      id: 'order-1',
      orderNumber: 7,
      orderDate: '2026-11-03T09:00:00.000Z',
      totalAmount: '42.50',
      commission: '2.13',
      netAmount: '40.37',
      remarks: null,
      tableNumber: 4,
      items: [{ productId: 1, name: 'הפוך', price: 14, quantity: 2 }],
      status: 'served',
      paymentStatus: 'paid',
      invoiceNumber: null,
      invoiceUrl: null,
      invoiceStatus: 'pending',
      payment: null,
      refunds: [],
    },
  ],
  summary: { totalOrders: 1, totalAmount: '42.50', totalRefunds: '0.00', totalCommission: '2.13', netAmount: '40.37' },
  daily: [{ date: '2026-11-03', totalOrders: 1, totalAmount: '42.50' }],
  payout: null,
};

describe('the consoles’ answers', () => {
  it('reads a monthly report as the server sends it, fields of newer servers optional', () => {
    expect(monthlyReportSchema.parse(report)).toEqual(report);
  });

  it('refuses an answer missing what the screen shows', () => {
    const { summary: _summary, ...withoutSummary } = report;
    expect(monthlyReportSchema.safeParse(withoutSummary).success).toBe(false);
    expect(monthlyReportSchema.safeParse({ ...report, orders: [{ id: 'order-1' }] }).success).toBe(false);
    expect(printerSettingsAnswerSchema.safeParse({ paperWidth: '100mm' }).success).toBe(false);
    expect(adminBusinessRowSchema.safeParse({ phone: '+972501234567', businessName: 'קפה' }).success).toBe(false);
    expect(payoutBatchSchema.safeParse({ month: '2026-11', status: 'lost', lines: [] }).success).toBe(false);
  });

  it('reads any health answer, so the badge can say what it got', () => {
    expect(healthAnswerSchema.parse({ success: false, message: 'down' })).toEqual({ success: false, message: 'down' });
    expect(healthAnswerSchema.parse({})).toEqual({});
  });
});
