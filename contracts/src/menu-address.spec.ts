import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RESERVED_MENU_ADDRESSES, menuAddressProblem, normalizeMenuAddress, sourceOfVisit } from './menu-address.js';
import { createPaymentSchema } from './http/ordering.schemas.js';
import { menuAddressRequestSchema, orderSourceSchema, shareMessagesHe } from './http/share.schemas.js';
import { orderPlacedDataSchema } from './order-events.js';

describe('a readable menu address', () => {
  it.each([
    ['cafe-hagefen', undefined],
    ['abc', undefined],
    ['cafe', undefined],
    ['hagefen123', undefined],
    ['abcdefghijklmno', undefined], // 15 characters, no dash: shorter than a random id
    ['the-best-cafe-in-tel-aviv-jaffa', undefined],
    [`a-${'b'.repeat(38)}`, undefined], // 40
    ['ab', 'length'],
    [`a-${'b'.repeat(39)}`, 'length'], // 41
    ['café', 'characters'],
    ['קפה-הגפן', 'characters'],
    ['cafe_hagefen', 'characters'],
    ['cafe hagefen', 'characters'],
    ['-cafe', 'characters'],
    ['cafe-', 'characters'],
    ['cafe--hagefen', 'characters'],
    ['Cafe-Hagefen', 'characters'], // the schema lower-cases first; the rule itself takes the kept form only
    ['abcdefghijklmnopq', 'needs_dash'], // 17 without a dash
    ['abcdefghijklmnop', 'random_shape'], // 16: the random ids' length
    ['cafe-hagefen-tlv', 'random_shape'], // 16 even with a dash
    ['api', 'reserved'],
    ['admin', 'reserved'],
    ['assets', 'reserved'],
    ['demo', 'reserved'],
    ['thank-you', 'reserved'],
  ] as const)('%s: %s', (address, problem) => {
    expect(menuAddressProblem(address)).toBe(problem);
  });

  it('never takes the shape of a random department id', () => {
    // newDepartmentId: randomBytes(12) in base64url. Even lower-cased, none passes the rule.
    for (let i = 0; i < 2000; i += 1) {
      const id = randomBytes(12).toString('base64url');
      expect(menuAddressProblem(normalizeMenuAddress(id))).toBeDefined();
    }
  });

  it('refuses every reserved word', () => {
    for (const word of RESERVED_MENU_ADDRESSES) expect(menuAddressProblem(word)).not.toBeUndefined();
  });

  it('is kept trimmed and in lower case, and explains a refusal in Hebrew', () => {
    expect(menuAddressRequestSchema.parse({ address: '  Cafe-HaGefen ', shareLine: '' })).toEqual({
      address: 'cafe-hagefen',
      shareLine: null,
    });
    const refused = menuAddressRequestSchema.safeParse({ address: 'api' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(shareMessagesHe.addressProblem.reserved);
    expect(menuAddressRequestSchema.parse({ address: null })).toEqual({ address: null, shareLine: null });
  });
});

describe("an order's source", () => {
  it('comes from the menu address the diner opened', () => {
    expect(sourceOfVisit({ table: '4', src: 'instagram' })).toEqual({ channel: 'table' });
    expect(sourceOfVisit({ src: 'window' })).toEqual({ channel: 'window' });
    expect(sourceOfVisit({ src: 'WINDOW' })).toEqual({ channel: 'window' });
    expect(sourceOfVisit({ src: 'Instagram' })).toEqual({ channel: 'link', tag: 'instagram' });
    expect(sourceOfVisit({ src: 'no spaces!' })).toEqual({ channel: 'link' });
    expect(sourceOfVisit({ src: '' })).toEqual({ channel: 'link' });
    expect(sourceOfVisit({})).toBeUndefined();
  });

  it('is validated on create-payment: a known channel, a tag of 1 to 32 characters, lower-cased', () => {
    const body = {
      businessId: 'demo',
      amount: '10',
      cartData: { items: [{ productId: 1, name: 'x', price: 10, quantity: 1 }] },
    };
    expect(createPaymentSchema.parse({ ...body, source: { channel: 'link', tag: 'Instagram' } }).source).toEqual({
      channel: 'link',
      tag: 'instagram',
    });
    expect(createPaymentSchema.parse(body).source).toBeUndefined();
    const unknown = createPaymentSchema.safeParse({ ...body, source: { channel: 'tv' } });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe(shareMessagesHe.sourceChannel);
    expect(orderSourceSchema.safeParse({ channel: 'link', tag: 'x'.repeat(33) }).success).toBe(false);
    expect(orderSourceSchema.safeParse({ channel: 'link', tag: 'a b' }).success).toBe(false);
    expect(orderSourceSchema.safeParse({ channel: 'link', tag: '' }).success).toBe(false);
  });

  it('is an optional field of OrderPlaced', () => {
    const shape = orderPlacedDataSchema.shape.source;
    expect(shape.safeParse(undefined).success).toBe(true);
    expect(shape.safeParse({ channel: 'window' }).success).toBe(true);
  });
});
