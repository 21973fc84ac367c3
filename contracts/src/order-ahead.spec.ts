import { describe, expect, it } from 'vitest';
import { createPaymentSchema } from './http/ordering.schemas.js';
import { israelSlotTime, orderAheadSettingsSchema, ORDER_AHEAD_OFF } from './order-ahead.js';

describe('order ahead', () => {
  it('a slot is written in Israel time with its offset, winter and summer', () => {
    expect(israelSlotTime(Date.parse('2026-11-30T10:30:00Z'))).toBe('2026-11-30T12:30:00+02:00');
    expect(israelSlotTime(Date.parse('2027-06-01T09:15:00Z'))).toBe('2027-06-01T12:15:00+03:00');
  });

  it('the owner may choose slots of 10, 15 or 30 minutes only', () => {
    expect(orderAheadSettingsSchema.safeParse({ ...ORDER_AHEAD_OFF, slotMinutes: 30 }).success).toBe(true);
    const refused = orderAheadSettingsSchema.safeParse({ ...ORDER_AHEAD_OFF, slotMinutes: 20 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('אורך משבצת הוא 10, 15 או 30 דקות');
  });

  it('create-payment takes a pickup time only as a slot spells it', () => {
    const body = { businessId: 'demo', amount: '10', cartData: { items: [{ productId: 1, quantity: 1 }] } };
    expect(createPaymentSchema.safeParse({ ...body, pickupAt: '2026-11-30T12:30:00+02:00' }).success).toBe(true);
    const refused = createPaymentSchema.safeParse({ ...body, pickupAt: 'tomorrow at noon' });
    expect(refused.error?.issues[0]?.message).toBe('שעת האיסוף אינה בפורמט תקין');
  });
});
