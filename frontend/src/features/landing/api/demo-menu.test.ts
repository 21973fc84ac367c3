import { describe, expect, it } from 'vitest';
import { toDemoPreview } from './demo-menu';

describe('the demo menu preview', () => {
  it('takes the business name and the first three active dishes with their prices', () => {
    const body = {
      success: true,
      data: {
        business: { businessName: 'קפה הגפן' },
        categories: [{ id: 1, name: 'שתייה חמה' }],
        products: [
          { name: 'אספרסו', price: '9.00' },
          { name: 'לא פעיל', price: '1.00', isActive: false },
          { name: 'הפוך', price: 14 },
          { name: 'שקשוקה', price: '54.00' },
          { name: 'עוד אחד', price: '10.00' },
        ],
      },
    };
    expect(toDemoPreview(body)).toEqual({
      businessName: 'קפה הגפן',
      items: [
        { name: 'אספרסו', priceAgorot: 900 },
        { name: 'הפוך', priceAgorot: 1400 },
        { name: 'שקשוקה', priceAgorot: 5400 },
      ],
    });
  });

  it('reads dishes nested in their categories too', () => {
    const body = {
      data: { business: { businessName: 'קפה' }, categories: [{ products: [{ name: 'תה', price: '11.00' }] }] },
    };
    expect(toDemoPreview(body)?.items).toEqual([{ name: 'תה', priceAgorot: 1100 }]);
  });

  it.each([
    null,
    'html',
    {},
    { data: {} },
    { data: { business: {} } },
    { data: { business: { businessName: 'x' }, products: [{ name: 'x', price: 'abc' }] } },
  ])('shows no preview for %j', (body) => {
    expect(toDemoPreview(body)).toBeNull();
  });
});
