import { describe, expect, it } from 'vitest';
import { placeTestOrderSchema, recordSetupActionSchema, SETUP_STEPS, setupChecklistSchema } from './setup.schemas.js';

describe('the first-run checklist and test order contracts', () => {
  it('names the six steps in the order the card shows them', () => {
    expect(SETUP_STEPS).toEqual(['details', 'category', 'product', 'qr', 'test_order', 'printing']);
  });

  it('accepts a test order with or without a product, and nothing else', () => {
    expect(placeTestOrderSchema.parse({})).toEqual({});
    expect(placeTestOrderSchema.parse({ productId: 3 })).toEqual({ productId: 3 });
    for (const bad of [{ productId: 0 }, { productId: 1.5 }, { productId: '3' }, { productId: 3, total: 1 }]) {
      expect(placeTestOrderSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('records only the actions the browser alone can see', () => {
    expect(recordSetupActionSchema.parse({ action: 'qr_printed' })).toEqual({ action: 'qr_printed' });
    expect(recordSetupActionSchema.safeParse({ action: 'test_order' }).success).toBe(false);
    expect(recordSetupActionSchema.safeParse({ action: 'qr_printed', at: 'now' }).success).toBe(false);
  });

  it('reads a checklist answer', () => {
    const answer = { steps: [{ id: 'qr', done: true }], done: 1, total: 6, dismissed: false };
    expect(setupChecklistSchema.parse(answer)).toEqual(answer);
  });
});
