import { describe, expect, it } from 'vitest';
import {
  addLine,
  addOne,
  decodeCartCookie,
  encodeCartCookie,
  lineKey,
  lineTotal,
  quantityOf,
  replaceLine,
  setQuantity,
  type CartLine,
} from './cart';

const OAT = '00000000-0000-4000-8000-000000000001';
const SHOT = '00000000-0000-4000-8000-000000000002';
const ONION = '00000000-0000-4000-8000-000000000003';

const oatLatte: CartLine = {
  productId: 2,
  name: 'הפוך',
  price: '16.00',
  quantity: 1,
  options: [{ id: OAT, name: 'חלב שיבולת שועל', price: 200 }],
};
const oatShotLatte: CartLine = {
  ...oatLatte,
  price: '19.00',
  options: [
    { id: OAT, name: 'חלב שיבולת שועל', price: 200 },
    { id: SHOT, name: 'שוט נוסף', price: 300 },
  ],
};
const breakfast: CartLine = {
  productId: 5,
  name: 'ארוחת בוקר',
  price: '62.00',
  quantity: 1,
  options: [{ id: ONION, name: 'בלי בצל', price: 0, without: true }],
};

const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('cart lines with options (issue 16)', () => {
  it('keeps the same product with other choices as another line, and joins identical choices', () => {
    let lines = addOne([], { id: 2, name: 'הפוך', price: '14.00' });
    lines = addLine(lines, oatLatte);
    lines = addLine(lines, oatShotLatte);
    lines = addLine(lines, { ...oatLatte, quantity: 2 });
    expect(lines.map((line) => [lineKey(line), line.quantity])).toEqual([
      ['2', 1],
      [`2:${OAT}`, 3],
      [`2:${OAT},${SHOT}`, 1],
    ]);
    expect(quantityOf(lines, 2)).toBe(5);
    expect(lineTotal(lines[1] as CartLine)).toBe(4800);
    expect(lineKey({ productId: 2, options: [...oatShotLatte.options!].reverse() })).toBe(lineKey(oatShotLatte));
  });

  it('sets a quantity by the line, not the product', () => {
    const lines = setQuantity([oatLatte, oatShotLatte], lineKey(oatShotLatte), 0);
    expect(lines).toEqual([oatLatte]);
  });

  it('replaces an edited line in its place, or merges it into the line that has the same choices', () => {
    const plain: CartLine = { productId: 2, name: 'הפוך', price: '14.00', quantity: 2 };
    const edited = replaceLine([plain, breakfast], lineKey(plain), { ...oatLatte, quantity: 2 });
    expect(edited.map(lineKey)).toEqual([`2:${OAT}`, lineKey(breakfast)]);
    expect(edited[0]?.quantity).toBe(2);

    const merged = replaceLine([plain, oatLatte, breakfast], lineKey(plain), { ...oatLatte, quantity: 2 });
    expect(merged.map((line) => [lineKey(line), line.quantity])).toEqual([
      [`2:${OAT}`, 3],
      [lineKey(breakfast), 1],
    ]);
  });
});

describe("the cart's cookie with options", () => {
  it('carries the choices with their names and prices, "without" included', () => {
    const lines = [{ productId: 2, name: 'הפוך', price: '14.00', quantity: 1 }, oatShotLatte, breakfast];
    expect(decodeCartCookie(encodeCartCookie(lines) as string)).toEqual(lines);
  });

  it('drops a line whose choices are not option ids, and keeps the rest', () => {
    const good = [2, 1, '14.00', 'הפוך'];
    for (const bad of [
      [[7, 1, '16.00', 'הפוך', [['not-a-uuid', 'x', 0, 0]]]],
      [
        [
          7,
          1,
          '16.00',
          'הפוך',
          [
            [OAT, 'x', 0, 0],
            [OAT, 'x', 0, 0],
          ],
        ],
      ],
      [[7, 1, '16.00', 'הפוך', [[OAT, 'x', -1, 0]]]],
      [[7, 1, '16.00', 'הפוך', [[OAT, 'x', 0, 'yes']]]],
      [[7, 1, '16.00', 'הפוך', []]],
      [[7, 1, '16.00', 'הפוך', 'oat']],
    ]) {
      expect(decodeCartCookie(encode([good, ...bad]))).toEqual([
        { productId: 2, name: 'הפוך', price: '14.00', quantity: 1 },
      ]);
    }
    // Two lines of the same product and choices are no cart a device could hold.
    const same = [7, 1, '16.00', 'הפוך', [[OAT, 'x', 0, 0]]];
    expect(decodeCartCookie(encode([same, same]))).toBeUndefined();
  });

  it('keeps the 60 lines and 3,000 characters limits', () => {
    const lines = Array.from({ length: 20 }, (_, index) => ({ ...oatShotLatte, productId: index + 1 }));
    expect(encodeCartCookie(lines)).toBeUndefined();
    const fits = lines.slice(0, 5);
    expect(decodeCartCookie(encodeCartCookie(fits) as string)).toEqual(fits);
    expect(decodeCartCookie('A'.repeat(3001))).toBeUndefined();
  });
});
