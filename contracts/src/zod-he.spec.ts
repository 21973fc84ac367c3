import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerBusinessSchema } from './http/accounts.schemas.js';
import { termsInputSchema } from './http/admin.schemas.js';
import { createPaymentSchema } from './http/ordering.schemas.js';
import { zodIssuesToFields } from './validation.js';

const HEBREW = /[\u0590-\u05FF]/;

function fieldsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return zodIssuesToFields(result.error);
}

describe('messages a schema does not name are Hebrew', () => {
  it.each([
    ['registration', registerBusinessSchema],
    ['the terms', termsInputSchema],
    ['create-payment', createPaymentSchema],
  ] as const)('%s: a body that is no object, or fields of the wrong type', (_label, schema) => {
    for (const body of [[], 'text', 7, null, { cartData: [], amount: {}, content: 5, phone: [] }]) {
      for (const [field, message] of Object.entries(fieldsOf(schema, body))) {
        expect({ field, message }).toEqual({ field, message: expect.stringMatching(HEBREW) });
        expect(message).not.toMatch(/[A-Za-z]{3}/);
      }
    }
  });

  it('for lengths, missing fields, formats and choices, with the limit', () => {
    const schema = z.object({
      name: z.string().max(5),
      list: z.array(z.number()).min(2),
      mail: z.email(),
      kind: z.enum(['a', 'b']),
      count: z.number().int().max(9),
    });
    expect(fieldsOf(schema, { name: 'שלום עולם', list: [1], mail: 'x', kind: 'c', count: 12 })).toEqual({
      name: 'ניתן להזין עד 5 תווים',
      list: 'יש לבחור לפחות 2 פריטים',
      mail: 'כתובת האימייל אינה תקינה',
      kind: 'נא לבחור אחת מהאפשרויות',
      count: 'הערך חייב להיות 9 לכל היותר',
    });
    expect(fieldsOf(schema, {})).toMatchObject({ name: 'שדה חובה', count: 'שדה חובה' });
  });

  it("never replaces a schema's own message", () => {
    expect(fieldsOf(z.object({ name: z.string({ message: 'נא להזין שם' }) }), {})).toEqual({ name: 'נא להזין שם' });
  });
});
