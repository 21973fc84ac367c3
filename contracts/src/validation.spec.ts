import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FORM_ERROR_KEY, zodIssuesToFields } from './validation.js';

const form = z
  .object({
    name: z
      .string()
      .min(2, 'קצר מדי')
      .regex(/^[a-z]+$/, 'אותיות בלבד'),
    address: z.object({ city: z.string().min(1, 'נא להזין עיר') }),
    items: z.array(z.object({ quantity: z.number().min(1, 'לפחות 1') })),
    code: z.string().optional(),
    confirm: z.string().optional(),
  })
  .refine((value) => value.code === value.confirm, { message: 'הקודים אינם תואמים' });

function fieldsOf(input: unknown) {
  const result = form.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return zodIssuesToFields(result.error);
}

describe('zodIssuesToFields', () => {
  it('joins nested paths with dots and array indexes as numbers', () => {
    expect(fieldsOf({ name: 'abc', address: { city: '' }, items: [{ quantity: 1 }, { quantity: 0 }] })).toEqual({
      'address.city': 'נא להזין עיר',
      'items.1.quantity': 'לפחות 1',
    });
  });

  it('keeps only the first message of a field', () => {
    expect(fieldsOf({ name: '1', address: { city: 'חיפה' }, items: [] })).toEqual({ name: 'קצר מדי' });
  });

  it('puts an object-level issue under the form key', () => {
    expect(FORM_ERROR_KEY).toBe('root');
    expect(fieldsOf({ name: 'abc', address: { city: 'חיפה' }, items: [], code: '1', confirm: '2' })).toEqual({
      root: 'הקודים אינם תואמים',
    });
  });

  it('keeps awkward field names as plain own keys', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['__proto__'], message: 'א', input: 1 },
      { code: 'custom', path: ['constructor'], message: 'ב', input: 1 },
      { code: 'custom', path: ['toString'], message: 'ג', input: 1 },
    ]);
    const fields = zodIssuesToFields(error);
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(fields.constructor).toBe('ב');
  });

  it('gives an empty object for an error without issues', () => {
    expect(zodIssuesToFields(new z.ZodError([]))).toEqual({});
  });
});
