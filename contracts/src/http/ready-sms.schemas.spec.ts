import { describe, expect, it } from 'vitest';
import { orderEventDataSchemas } from '../order-events.js';
import { zodIssuesToFields } from '../validation.js';
import { createPaymentSchema, readySmsRequestSchema } from './ordering.schemas.js';

// Issue 18: the diner's optional mobile for one SMS when the order is ready (decision 033).
const checkout = (extra: Record<string, unknown>) => ({
  businessId: 'demo',
  amount: '14.50',
  cartData: { items: [{ productId: 1, quantity: 1 }] },
  ...extra,
});

describe('create-payment’s readySmsPhone', () => {
  it('is optional: absent, null or empty is none', () => {
    expect(createPaymentSchema.parse(checkout({})).readySmsPhone).toBeNull();
    expect(createPaymentSchema.parse(checkout({ readySmsPhone: null })).readySmsPhone).toBeNull();
    expect(createPaymentSchema.parse(checkout({ readySmsPhone: '  ' })).readySmsPhone).toBeNull();
  });

  it('takes an Israeli mobile however it is written, as E.164', () => {
    for (const written of ['050-7654321', '0507654321', '+972 50 765 4321', '(050) 765-4321']) {
      expect(createPaymentSchema.parse(checkout({ readySmsPhone: written })).readySmsPhone).toBe('+972507654321');
    }
  });

  it('refuses a landline, another country, a short number or text, naming the field in Hebrew', () => {
    for (const bad of ['03-6123456', '+14155550123', '050-765432', '050-7654321 call me', 501234567]) {
      const result = createPaymentSchema.safeParse(checkout({ readySmsPhone: bad }));
      expect(result.success).toBe(false);
      const fields = zodIssuesToFields(result.error!);
      expect(fields.readySmsPhone).toBe('מספר הנייד אינו תקין. נא להזין מספר נייד ישראלי, למשל 050-7654321');
    }
  });
});

describe('the later request’s phone', () => {
  it('is required and checked by the same rule', () => {
    expect(readySmsRequestSchema.parse({ phone: '052-3456789' })).toEqual({ phone: '+972523456789' });
    for (const bad of [{}, { phone: '' }, { phone: null }, { phone: '12345' }]) {
      const result = readySmsRequestSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(zodIssuesToFields(result.error!).phone).toMatch(/[\u0590-\u05ff]/);
    }
  });
});

describe('the ready SMS events', () => {
  it('say that it was asked for (with the language), sent or failed: never the number', () => {
    expect(Object.keys(orderEventDataSchemas.ReadySmsRequested.shape).sort()).toEqual(
      ['businessPhone', 'language', 'orderId', 'requestedAt'].sort(),
    );
    expect(Object.keys(orderEventDataSchemas.ReadySmsSent.shape).sort()).toEqual(
      ['businessPhone', 'orderId', 'sentAt'].sort(),
    );
    const asked = orderEventDataSchemas.ReadySmsRequested.parse({
      orderId: '00000000-0000-4000-8000-000000000001',
      businessPhone: '+972523456789',
      language: 'ar',
      requestedAt: '2026-11-28T10:00:00.000Z',
      phone: '+972507654321',
    });
    expect(JSON.stringify(asked)).not.toContain('501234567');
    expect(orderEventDataSchemas.ReadySmsRequested.safeParse({ ...asked, language: 'fr' }).success).toBe(false);
  });
});
