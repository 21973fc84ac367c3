import { afterEach, describe, expect, it } from 'vitest';
import {
  addOne,
  cartFromCookies,
  cartTotal,
  decodeCartCookie,
  encodeCartCookie,
  createCartStore,
  itemCount,
  lineTotal,
  loadCart,
  loadRemarks,
  quantityOf,
  removeOne,
  saveCart,
  saveRemarks,
  setQuantity,
  type CartLine,
} from './cart';

const latte = { id: 2, name: 'הפוך', price: '14.00' };
const croissant = { id: 7, name: 'קרואסון חמאה', price: '14.50' };

afterEach(() => localStorage.clear());

describe('cart rules (product spec §4)', () => {
  it('adding increments the line or adds one', () => {
    let lines = addOne([], latte);
    lines = addOne(lines, latte);
    lines = addOne(lines, croissant);
    expect(lines).toEqual([
      { productId: 2, name: 'הפוך', price: '14.00', quantity: 2 },
      { productId: 7, name: 'קרואסון חמאה', price: '14.50', quantity: 1 },
    ]);
    expect(itemCount(lines)).toBe(3);
  });

  it('minus removes the line at zero', () => {
    const lines = removeOne(addOne(addOne([], latte), croissant), 7);
    expect(lines.map((line) => line.productId)).toEqual([2]);
    expect(removeOne(lines, 99)).toEqual(lines);
  });

  it('sets exact quantities: 0 removes, at most 99, fractions ignored', () => {
    const lines = addOne([], latte);
    expect(quantityOf(setQuantity(lines, 2, 5), 2)).toBe(5);
    expect(setQuantity(lines, 2, 0)).toEqual([]);
    expect(setQuantity(lines, 2, -3)).toEqual([]);
    expect(quantityOf(setQuantity(lines, 2, 250), 2)).toBe(99);
    expect(quantityOf(setQuantity(lines, 2, 1.5), 2)).toBe(1);
    const full = setQuantity(lines, 2, 99);
    expect(quantityOf(addOne(full, latte), 2)).toBe(99);
  });

  it('adds money in integer agorot', () => {
    const lines: CartLine[] = [
      { productId: 1, name: 'a', price: '0.10', quantity: 3 },
      { productId: 2, name: 'b', price: 0.2, quantity: 1 },
      { productId: 3, name: 'c', price: '24.90', quantity: 3 },
    ];
    expect(lineTotal(lines[0]!)).toBe(30);
    expect(cartTotal(lines)).toBe(30 + 20 + 7470);
  });
});

describe('the cart on the device', () => {
  it('is kept per department as cart_{departmentId}', () => {
    saveCart('demo', addOne([], latte));
    expect(JSON.parse(localStorage.getItem('cart_demo') ?? 'null')).toEqual([
      { productId: 2, name: 'הפוך', price: '14.00', quantity: 1 },
    ]);
    expect(loadCart('demo')).toHaveLength(1);
    expect(loadCart('other')).toEqual([]);
    saveCart('demo', []);
    expect(localStorage.getItem('cart_demo')).toBeNull();
  });

  it('drops what it cannot read', () => {
    localStorage.setItem(
      'cart_demo',
      JSON.stringify([
        { productId: 1, name: 'ok', price: '9.00', quantity: 2 },
        { productId: 1, name: 'twice', price: '9.00', quantity: 1 },
        { productId: 'x', name: 'bad id', price: '9.00', quantity: 1 },
        { productId: 3, name: 'bad price', price: 'free', quantity: 1 },
        { productId: 4, name: 'zero', price: '1.00', quantity: 0 },
        { productId: 5, name: 'many', price: '1.00', quantity: 500 },
        null,
      ]),
    );
    expect(loadCart('demo')).toEqual([
      { productId: 1, name: 'ok', price: '9.00', quantity: 2 },
      { productId: 5, name: 'many', price: '1.00', quantity: 99 },
    ]);
    localStorage.setItem('cart_demo', '{not json');
    expect(loadCart('demo')).toEqual([]);
  });

  it('keeps the remarks, at most 500 characters', () => {
    saveRemarks('demo', 'בלי בצל');
    expect(localStorage.getItem('remarks_demo')).toBe('בלי בצל');
    saveRemarks('demo', 'א'.repeat(600));
    expect(loadRemarks('demo')).toHaveLength(500);
    saveRemarks('demo', '');
    expect(localStorage.getItem('remarks_demo')).toBeNull();
  });

  it('counts an emoji in the remarks as one character and never keeps half of one', () => {
    saveRemarks('demo', '😀'.repeat(600));
    expect(loadRemarks('demo')).toBe('😀'.repeat(500));
    saveRemarks('demo', `${'א'.repeat(499)}😀😀`);
    expect(loadRemarks('demo')).toBe(`${'א'.repeat(499)}😀`);
    // Stored by an older build, cut in the middle of a pair: the half is not sent.
    localStorage.setItem('remarks_demo', `${'א'.repeat(499)}😀`.slice(0, 500));
    expect(loadRemarks('demo')).toBe('א'.repeat(499));
  });

  it('a store saves every change and tells its subscribers', () => {
    const store = createCartStore('demo');
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.update((lines) => addOne(lines, latte));
    expect(calls).toBe(1);
    expect(createCartStore('demo').getLines()).toEqual(store.getLines());
    unsubscribe();
  });
});

describe("the cart's cookie (what the server draws the cart, checkout and thank-you pages with)", () => {
  const lines: CartLine[] = [
    { productId: 2, name: 'הפוך 😀', price: '14.00', quantity: 2 },
    { productId: 7, name: 'Croissant; "x"=1', price: '14.50', quantity: 99 },
  ];

  it('carries the lines as they are, in characters a cookie may hold', () => {
    const value = encodeCartCookie(lines) as string;
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCartCookie(value)).toEqual(lines);
    expect(cartFromCookies(`a=b; cart_demo=${value}; cart_other=x`, 'demo')).toEqual(lines);
    expect(cartFromCookies('a=b', 'demo')).toBeUndefined();
  });

  it('refuses anything that is not a cart a device could hold', () => {
    const encode = (value: unknown) =>
      btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    for (const bad of [
      [],
      [[2, 0, '14.00', 'הפוך']],
      [[2, 100, '14.00', 'הפוך']],
      [[2, 1, 'abc', 'הפוך']],
      [[2.5, 1, '14.00', 'הפוך']],
      [[2, 1, '14.00']],
      [
        [2, 1, '14.00', 'הפוך'],
        [2, 1, '14.00', 'הפוך'],
      ],
      { productId: 2 },
    ])
      expect(decodeCartCookie(encode(bad))).toBeUndefined();
    for (const junk of ['', '%%%', 'bm90LWpzb24', '=='.repeat(10)]) expect(decodeCartCookie(junk)).toBeUndefined();
  });

  it('is not kept for a cart too long for a cookie, and goes with the last line', () => {
    const many = Array.from({ length: 61 }, (_, index) => ({
      productId: index + 1,
      name: 'מנה',
      price: '1.00',
      quantity: 1,
    }));
    expect(encodeCartCookie(many)).toBeUndefined();
    saveCart('demo', lines);
    expect(document.cookie).toContain('cart_demo=');
    saveCart('demo', []);
    expect(document.cookie).not.toContain('cart_demo=');
  });
});
