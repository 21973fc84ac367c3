// Issue 29: every field a diner or an owner types comes in without the embedding, override and isolate controls
// (U+202A-U+202E, U+2066-U+2069), whatever the route: the server parses with these schemas, so nothing it stores
// carries them. The marks U+200E and U+200F stay.
import { describe, expect, it } from 'vitest';
import { businessAddressShape, businessDetailsShape } from './accounts.schemas.js';
import { contactFormSchema } from './contact.schemas.js';
import { menuTranslationsInputSchema } from './menu-translations.schemas.js';
import { categoryInputSchema, newOptionGroupSchema, optionInputSchema, productInputSchema } from './menu.schemas.js';
import { createPaymentSchema } from './ordering.schemas.js';
import { declineOrderSchema, refundOrderSchema } from './refunds.schemas.js';

const CONTROLS = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
/** The text with every control spread through it: before, inside and after. */
const tainted = (text: string) => `${CONTROLS}${text.slice(0, 2)}\u202e${text.slice(2)}\u2066${CONTROLS}`;

describe('free text comes in without direction controls', () => {
  it('in the business’s details and address', () => {
    for (const key of ['fullName', 'businessName', 'beneficiaryName'] as const) {
      expect(businessDetailsShape[key].parse(tainted('קפה 123'))).toBe('קפה 123');
    }
    expect(businessAddressShape.street.parse(tainted('הרצל 12'))).toBe('הרצל 12');
    expect(businessAddressShape.city.parse(tainted('חיפה'))).toBe('חיפה');
  });

  it('in the menu: categories, products, descriptions, option groups and options, translations', () => {
    expect(categoryInputSchema.parse({ name: tainted('שתייה 24') }).name).toBe('שתייה 24');
    const product = productInputSchema.parse({
      name: tainted('הפוך 2'),
      price: '12',
      categoryId: 1,
      description: tainted('קפה עם 3 שוטים'),
    });
    expect([product.name, product.description]).toEqual(['הפוך 2', 'קפה עם 3 שוטים']);
    const group = newOptionGroupSchema.parse({
      name: tainted('בלי'),
      minChoices: 0,
      maxChoices: 3,
      options: [{ name: tainted('בלי בצל'), price: '0' }],
    });
    expect([group.name, group.options[0]?.name]).toEqual(['בלי', 'בלי בצל']);
    expect(optionInputSchema.parse({ name: tainted('שוט 2'), price: '3' }).name).toBe('שוט 2');
    const translated = menuTranslationsInputSchema('product').parse({
      en: { name: tainted('Latte 2'), description: tainted('Milk, 3 shots') },
    }) as { en?: { name: string | null; description: string | null } };
    expect(translated.en).toEqual({ name: 'Latte 2', description: 'Milk, 3 shots' });
  });

  it('in the diner’s order: remarks, the name given, and remarks of nothing but controls are none', () => {
    const order = (remarks: string) =>
      createPaymentSchema.parse({
        businessId: 'dept',
        amount: 10,
        cartData: JSON.stringify({ items: [{ productId: 1, quantity: 1, name: tainted('הפוך') }], remarks }),
        customerInfo: { name: tainted('דנה 2') },
      });
    const paid = order(tainted('שולחן 123 ליד החלון'));
    expect(paid.cartData.remarks).toBe('שולחן 123 ליד החלון');
    expect(paid.cartData.items[0]?.name).toBe('הפוך');
    expect(paid.customerInfo?.name).toBe('דנה 2');
    expect(order(`${CONTROLS} ${CONTROLS}`).cartData.remarks).toBeNull();
    // The marks stay: they steer only the neutral characters beside them.
    expect(order('\u200fשולחן 12\u200e').cartData.remarks).toBe('\u200fשולחן 12\u200e');
  });

  it('in a refund’s or a decline’s reason and the contact form', () => {
    expect(refundOrderSchema.parse({ reason: tainted('קפה קר 2') }).reason).toBe('קפה קר 2');
    expect(declineOrderSchema.parse({ reason: tainted('סגורים 10 דקות') }).reason).toBe('סגורים 10 דקות');
    const contact = contactFormSchema.parse({
      name: tainted('דנה כהן'),
      email: 'dana@example.com',
      message: tainted('שלום, יש לי שאלה על 5% עמלה'),
    });
    expect([contact.name, contact.message]).toEqual(['דנה כהן', 'שלום, יש לי שאלה על 5% עמלה']);
  });
});
