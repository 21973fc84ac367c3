import { describe, expect, it } from 'vitest';
import { zodIssuesToFields } from '../validation.js';
import { checkInvoiceFor, invoiceForMessagesHe } from '../invoice-for.js';
import { invoiceForSchema } from './invoice-for.schemas.js';
import { createPaymentSchema } from './ordering.schemas.js';

const checkout = (extra: Record<string, unknown>) => ({
  businessId: 'demo',
  amount: '30',
  cartData: { items: [{ productId: 1, quantity: 1 }] },
  ...extra,
});

const fieldsOf = (input: unknown) => {
  const parsed = createPaymentSchema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return zodIssuesToFields(parsed.error);
};

describe('invoiceForSchema', () => {
  it('keeps the name trimmed and without direction controls, and the number as its nine digits', () => {
    expect(invoiceForSchema.parse({ name: '  \u202eחברת הדוגמה בע"מ\u2066 ', taxId: '51-234567-9' })).toEqual({
      name: 'חברת הדוגמה בע"מ',
      taxId: '512345679',
    });
  });

  it('takes an עוסק מורשה’s number: a nine-digit ID number with its check digit', () => {
    expect(invoiceForSchema.parse({ name: 'דנה כהן עיצובים', taxId: '123456782' }).taxId).toBe('123456782');
  });

  it.each([
    ['a wrong check digit', { name: 'חברה', taxId: '512345670' }, { taxId: invoiceForMessagesHe.invoiceTaxIdInvalid }],
    ['eight digits', { name: 'חברה', taxId: '12345674' }, { taxId: invoiceForMessagesHe.invoiceTaxIdInvalid }],
    ['no number', { name: 'חברה' }, { taxId: invoiceForMessagesHe.invoiceTaxIdInvalid }],
    ['a number as a number', { name: 'חברה', taxId: 512345679 }, { taxId: invoiceForMessagesHe.invoiceTaxIdInvalid }],
    [
      'a name of 500 characters',
      { name: 'א'.repeat(500), taxId: '512345679' },
      { name: invoiceForMessagesHe.invoiceNameTooLong },
    ],
    ['no name', { taxId: '512345679' }, { name: invoiceForMessagesHe.invoiceNameRequired }],
    ['a name of one letter', { name: ' א ', taxId: '512345679' }, { name: invoiceForMessagesHe.invoiceNameRequired }],
    [
      'a name of direction controls only',
      { name: '\u202e\u202e\u202e', taxId: '512345679' },
      { name: invoiceForMessagesHe.invoiceNameRequired },
    ],
  ])('refuses %s with a Hebrew message on its field', (_label, invoiceFor, fields) => {
    const prefixed = Object.fromEntries(Object.entries(fields).map(([key, text]) => [`invoiceFor.${key}`, text]));
    expect(fieldsOf(checkout({ invoiceFor }))).toEqual(prefixed);
  });

  it('refuses fields it does not know, in Hebrew', () => {
    const parsed = invoiceForSchema.safeParse({ name: 'חברה', taxId: '512345679', address: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/[\u0590-\u05ff]/);
  });

  it('checks with the same code the checkout runs (checkInvoiceFor), naming each wrong field’s message', () => {
    expect(checkInvoiceFor({ name: ' א', taxId: '512345670' })).toEqual({
      ok: false,
      problems: { name: 'invoiceNameRequired', taxId: 'invoiceTaxIdInvalid' },
    });
    expect(checkInvoiceFor({ name: 'חברה', taxId: '5'.repeat(31) })).toEqual({
      ok: false,
      problems: { taxId: 'invoiceTaxIdInvalid' },
    });
    // Code points: 100 emoji are 100 characters (200 UTF-16 units).
    expect(checkInvoiceFor({ name: '☕'.repeat(50) + '🍰'.repeat(50), taxId: '512345679' }).ok).toBe(true);
    expect(checkInvoiceFor({ name: '🍰'.repeat(101), taxId: '512345679' })).toMatchObject({
      problems: { name: 'invoiceNameTooLong' },
    });
  });
});

describe('create-payment’s invoiceFor', () => {
  it('is optional: absent or null is a private diner’s document', () => {
    expect(createPaymentSchema.parse(checkout({})).invoiceFor).toBeNull();
    expect(createPaymentSchema.parse(checkout({ invoiceFor: null })).invoiceFor).toBeNull();
  });

  it('comes beside customerInfo, whose identity number stays as it was', () => {
    const parsed = createPaymentSchema.parse(
      checkout({
        customerInfo: { identityNumber: '123456782' },
        invoiceFor: { name: 'חברת הדוגמה בע"מ', taxId: '512345679' },
      }),
    );
    expect(parsed.invoiceFor).toEqual({ name: 'חברת הדוגמה בע"מ', taxId: '512345679' });
    expect(parsed.customerInfo?.identityNumber).toBe('123456782');
  });
});
