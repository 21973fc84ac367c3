import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiResponseSchema, failure, failureSchema, healthResponseSchema, success, successSchema } from './envelope.js';

const business = z.object({ businessName: z.string(), departmentId: z.string() });

describe('success envelope', () => {
  it('parses data with the given schema', () => {
    const body = { success: true, data: { businessName: 'קפה נחת', departmentId: 'd1' } };
    expect(successSchema(business).parse(body)).toEqual(body);
  });

  it('drops fields the data schema does not name, so private columns never leave the server', () => {
    const parsed = successSchema(business).parse({
      success: true,
      data: { businessName: 'קפה נחת', departmentId: 'd1', idNumber: '123456782', accountNumber: '1234' },
    });
    expect(parsed.data).toEqual({ businessName: 'קפה נחת', departmentId: 'd1' });
  });

  it('refuses a failure or bad data', () => {
    expect(successSchema(business).safeParse({ success: false, data: {} }).success).toBe(false);
    expect(successSchema(business).safeParse({ success: true, data: { businessName: 1 } }).success).toBe(false);
    expect(successSchema(business).safeParse({ success: true }).success).toBe(false);
  });

  it('builds a body', () => {
    expect(success([1, 2])).toEqual({ success: true, data: [1, 2] });
  });
});

describe('failure envelope', () => {
  it('parses a validation failure with fields', () => {
    const body = { success: false, message: 'שגיאה', code: 'validation.failed', fields: { email: 'לא תקין' } };
    expect(failureSchema.parse(body)).toEqual(body);
  });

  it('refuses fields that are not strings, and a missing code', () => {
    expect(failureSchema.safeParse({ success: false, message: 'x', code: 'c', fields: { a: 1 } }).success).toBe(false);
    expect(failureSchema.safeParse({ success: false, message: 'x' }).success).toBe(false);
    expect(failureSchema.safeParse({ success: false, message: 'x', code: '' }).success).toBe(false);
  });

  it('accepts a code this build does not know yet', () => {
    expect(failureSchema.safeParse({ success: false, message: 'x', code: 'future.code' }).success).toBe(true);
  });

  it('fills the Hebrew message from the catalogue', () => {
    expect(failure({ code: 'DATABASE_UNAVAILABLE' })).toEqual({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      message: 'שירות מסד הנתונים אינו זמין כרגע, נסו שוב בעוד מספר דקות',
    });
  });

  it('keeps a given message and fields', () => {
    const body = failure({ code: 'validation.failed', message: 'בדקו את הטופס', fields: { name: 'נא להזין שם' } });
    expect(body).toEqual({
      success: false,
      code: 'validation.failed',
      message: 'בדקו את הטופס',
      fields: { name: 'נא להזין שם' },
    });
    expect(failureSchema.parse(body)).toEqual(body);
  });

  it('leaves out fields when there are none, so the JSON has no "fields": undefined', () => {
    expect(Object.keys(failure({ code: 'not_found' }))).not.toContain('fields');
  });
});

describe('apiResponseSchema', () => {
  const schema = apiResponseSchema(z.object({ token: z.string() }));

  it('reads both sides', () => {
    const ok = schema.parse({ success: true, data: { token: 't' } });
    expect(ok.success && ok.data.token).toBe('t');
    const bad = schema.parse({ success: false, message: 'קוד שגוי', code: 'otp.invalid' });
    expect(!bad.success && bad.code).toBe('otp.invalid');
  });

  it('refuses a body with no success flag', () => {
    expect(schema.safeParse({ data: { token: 't' } }).success).toBe(false);
  });
});

describe('healthResponseSchema', () => {
  it('accepts the spec shape with and without error', () => {
    const healthy = { success: true, timestamp: '2025-01-01T00:00:00.000Z', message: 'ok' };
    expect(healthResponseSchema.parse(healthy)).toEqual(healthy);
    const down = { ...healthy, success: false, error: 'DATABASE_UNAVAILABLE' };
    expect(healthResponseSchema.parse(down)).toEqual(down);
  });

  it('refuses a body without timestamp', () => {
    expect(healthResponseSchema.safeParse({ success: true, message: 'ok' }).success).toBe(false);
  });
});
