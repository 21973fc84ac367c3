import { describe, expect, it } from 'vitest';
import type { CartLine } from '../cart';
import { dana, omer, tableLine, tableState } from './fixtures';
import { isOwnLine, lineRequests, nextTableState, orderCartLines, ownCartLines, payerOf } from './table-state';

const OAT = '11111111-1111-4111-8111-111111111111';

describe("the shared table's state (issue 34)", () => {
  it('keeps the state with the highest version of the cart, in whatever order they arrive', () => {
    const v2 = tableState({ version: 2 });
    const v3 = tableState({ version: 3, lines: [tableLine({ dinerId: omer.dinerId, productId: 1 })] });
    expect(nextTableState(v2, v3, 'socket')).toEqual(v3);
    expect(nextTableState(v3, v2, 'socket')).toBe(v3);
    expect(nextTableState(v3, v2, 'answer')).toBe(v3);
    // The same version twice from the socket changes nothing (no re-render).
    expect(nextTableState(v3, { ...v3 }, 'socket')).toBe(v3);
  });

  it("takes the reader from an answer only: the socket's state is the same for everyone at the table", () => {
    const mine = tableState({ version: 1, you: dana });
    const { you: _you, ...pushed } = tableState({ version: 2, you: omer });
    expect(nextTableState(mine, pushed, 'socket')?.you).toEqual(dana);
    expect(nextTableState(mine, pushed, 'socket')?.cart.version).toBe(2);
    expect(nextTableState(mine, tableState({ version: 2, you: { ...dana, name: 'Dana' } }), 'answer')?.you.name).toBe(
      'Dana',
    );
    // Before the reader's own answer, a pushed state is not enough to draw the table.
    expect(nextTableState(null, pushed, 'socket')).toBeNull();
  });

  it("a new cart (the last one paid or idle) replaces the old when it is newer, never an old cart's late push", () => {
    const paid = tableState({ cartId: 'cart-1', version: 9, updatedAt: '2026-11-30T10:00:00.000Z' });
    const fresh = tableState({ cartId: 'cart-2', version: 1, updatedAt: '2026-11-30T10:05:00.000Z' });
    expect(nextTableState(paid, fresh, 'socket')?.cart.cartId).toBe('cart-2');
    expect(nextTableState(fresh, paid, 'socket')).toBe(fresh);
  });

  it("own lines are editable, the others' are not; the menu counts the reader's own lines, one per choice", () => {
    const first = tableLine({ dinerId: dana.dinerId, productId: 1, quantity: 1 });
    const again = tableLine({ dinerId: dana.dinerId, productId: 1, quantity: 2 });
    const theirs = tableLine({ dinerId: omer.dinerId, productId: 1, quantity: 4 });
    const oat = tableLine({
      dinerId: dana.dinerId,
      productId: 2,
      options: [OAT],
      optionNames: ['חלב שיבולת'],
      unitPriceAgorot: 1600,
    });
    const state = tableState({ lines: [first, theirs, again, oat] });
    expect(isOwnLine(state, first)).toBe(true);
    expect(isOwnLine(state, theirs)).toBe(false);
    const own = ownCartLines(state);
    expect(own.lines).toEqual([
      { productId: 1, name: 'מנה 1', price: '14.00', quantity: 3 },
      {
        productId: 2,
        name: 'מנה 2',
        price: '16.00',
        quantity: 1,
        options: [{ id: OAT, name: 'חלב שיבולת', price: 0 }],
      },
    ]);
    expect(own.ids.get('1')).toEqual([first.lineId, again.lineId]);
  });

  it("turns the menu's change into the table's requests: add with a new id, change the first, remove from the last", () => {
    const first = tableLine({ dinerId: dana.dinerId, productId: 1, quantity: 1 });
    const again = tableLine({ dinerId: dana.dinerId, productId: 1, quantity: 2 });
    const state = tableState({ lines: [first, again] });
    const { lines: before, ids } = ownCartLines(state);
    const table = new Map(state.cart.lines.map((line) => [line.lineId, line.quantity]));
    const newId = () => 'new-line-id';
    const withProduct = (quantity: number): CartLine[] => [{ ...before[0]!, quantity }];

    expect(
      lineRequests({
        before,
        after: [
          ...before,
          { productId: 5, name: 'x', price: '3.00', quantity: 1, options: [{ id: OAT, name: 'y', price: 0 }] },
        ],
        ids,
        newId,
        table,
      }),
    ).toEqual([{ kind: 'add', lineId: 'new-line-id', productId: 5, quantity: 1, options: [OAT] }]);
    expect(lineRequests({ before, after: withProduct(5), ids, newId, table })).toEqual([
      { kind: 'change', lineId: first.lineId, quantity: 3 },
    ]);
    expect(lineRequests({ before, after: withProduct(2), ids, newId, table })).toEqual([
      { kind: 'change', lineId: again.lineId, quantity: 1 },
    ]);
    expect(lineRequests({ before, after: withProduct(1), ids, newId, table })).toEqual([
      { kind: 'remove', lineId: again.lineId },
    ]);
    expect(lineRequests({ before, after: [], ids, newId, table })).toEqual([
      { kind: 'remove', lineId: first.lineId },
      { kind: 'remove', lineId: again.lineId },
    ]);
  });

  it("pays for the table's lines as the server merges them: one item per product and choices", () => {
    const state = tableState({
      lines: [
        tableLine({ dinerId: dana.dinerId, productId: 1, quantity: 1 }),
        tableLine({ dinerId: omer.dinerId, productId: 2, quantity: 1, options: [OAT], unitPriceAgorot: 1600 }),
        tableLine({ dinerId: omer.dinerId, productId: 1, quantity: 2 }),
      ],
    });
    expect(orderCartLines(state).map((line) => [line.productId, line.quantity, line.price])).toEqual([
      [1, 3, '14.00'],
      [2, 1, '16.00'],
    ]);
  });

  it('says who is paying while the cart is checked out', () => {
    expect(payerOf(tableState())).toBeUndefined();
    const payment = {
      dinerId: omer.dinerId,
      name: 'Omer',
      colour: omer.colour,
      amountAgorot: 5000,
      tipAgorot: 0,
      status: 'pending' as const,
      paidAt: null,
    };
    expect(payerOf(tableState({ status: 'paying', payments: [payment] }))).toBe('Omer');
    expect(payerOf(tableState({ status: 'paying' }))).toBeNull();
  });
});
