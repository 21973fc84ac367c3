import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { type PricedLine, tableCartDecider } from './table-cart.decider.js';
import type { TableCartEvent } from './table-cart.events.js';
import { TablesError } from './tables.errors.js';

const { given } = deciderSpec(tableCartDecider);
const now = '2026-12-07T10:00:00.000Z';
const later = '2026-12-07T10:05:00.000Z';
const ORDER = '3b0d2f4e-8c61-4f0a-9a51-0f6a2d1c9e11';
const opened: TableCartEvent = {
  type: 'TableCartOpened',
  data: { cartId: 'c1', businessPhone: '+972521234567', departmentId: 'demo', number: 4, at: now },
};
const line = (lineId: string): PricedLine => ({
  lineId,
  productId: 7,
  name: 'קפוצ׳ינו',
  quantity: 2,
  unitPriceAgorot: 1_400,
  lineTotalAgorot: 2_800,
});
const named = (dinerId: string, name: string, colour: 'teal' | 'orange'): TableCartEvent => ({
  type: 'TableDinerNamed',
  data: { dinerId, name, colour, at: now },
});
const added = (lineId: string, dinerId: string): TableCartEvent => ({
  type: 'TableLineAdded',
  data: { line: { ...line(lineId), dinerId, addedAt: now }, at: now },
});
const withTwo = [opened, named('dana', 'אורח 1', 'teal'), added('l1', 'dana'), named('omer', 'אורח 2', 'orange')];
const paying: TableCartEvent = {
  type: 'TableCartCheckedOut',
  data: { orderId: ORDER, orderNumber: 12, version: 4, at: now },
};

describe("a table's shared cart", () => {
  it("a diner's first act names them by arrival, with the next free colour", () =>
    given([opened, named('dana', 'אורח 1', 'teal')])
      .when({ type: 'AddLine', data: { dinerId: 'omer', line: line('l2'), now } })
      .then([named('omer', 'אורח 2', 'orange'), added('l2', 'omer')]));

  it('adding a line already there (a retry) adds nothing, whoever sends it', () =>
    given(withTwo)
      .when({ type: 'AddLine', data: { dinerId: 'omer', line: line('l1'), now } })
      .then([]));

  it("a diner cannot change or remove another's line", () => {
    given(withTwo)
      .when({
        type: 'ChangeLine',
        data: {
          dinerId: 'omer',
          lineId: 'l1',
          change: { quantity: 1, unitPriceAgorot: 1_400, lineTotalAgorot: 1_400 },
          now,
        },
      })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.line_not_yours'));
    given(withTwo)
      .when({ type: 'RemoveLine', data: { dinerId: 'omer', lineId: 'l1', now } })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.line_not_yours'));
  });

  it('the diner who added a line changes and removes it; a second removal is nothing', () => {
    given(withTwo)
      .when({ type: 'RemoveLine', data: { dinerId: 'dana', lineId: 'l1', now } })
      .then([{ type: 'TableLineRemoved', data: { lineId: 'l1', at: now } }]);
    given([...withTwo, { type: 'TableLineRemoved', data: { lineId: 'l1', at: now } }])
      .when({ type: 'RemoveLine', data: { dinerId: 'dana', lineId: 'l1', now } })
      .then([]);
  });

  it('nothing is added or changed while the cart is paying', () => {
    given([...withTwo, paying])
      .when({ type: 'AddLine', data: { dinerId: 'omer', line: line('l9'), now } })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.cart_paying'));
    given([...withTwo, paying])
      .when({ type: 'SetNotes', data: { dinerId: 'omer', notes: 'בלי סוכר', now } })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.cart_paying'));
  });

  it('a checkout freezes the version it read; a moved cart or another order is refused, the same order is nothing', () => {
    given(withTwo)
      .when({ type: 'CheckOut', data: { expectedVersion: 4, orderId: ORDER, orderNumber: 12, now } })
      .then([paying]);
    given(withTwo)
      .when({ type: 'CheckOut', data: { expectedVersion: 3, orderId: ORDER, orderNumber: 12, now } })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.cart_changed'));
    given([...withTwo, paying])
      .when({ type: 'CheckOut', data: { expectedVersion: 5, orderId: ORDER, orderNumber: 12, now } })
      .then([]);
    given([...withTwo, paying])
      .when({ type: 'CheckOut', data: { expectedVersion: 5, orderId: 'another', orderNumber: 13, now } })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.cart_paying'));
  });

  it("an expired order reopens its cart; another order's expiry does nothing", () => {
    given([...withTwo, paying])
      .when({ type: 'Reopen', data: { orderId: ORDER, now } })
      .then([{ type: 'TableCartReopened', data: { orderId: ORDER, at: now } }]);
    given([...withTwo, paying])
      .when({ type: 'Reopen', data: { orderId: 'another', now } })
      .then([]);
  });

  it('the paid order ends its cart, which then takes nothing', () => {
    const closed: TableCartEvent = { type: 'TableCartClosed', data: { reason: 'paid', orderId: ORDER, at: now } };
    given([...withTwo, paying])
      .when({ type: 'Close', data: { reason: 'paid', orderId: ORDER, now } })
      .then([closed]);
    given([...withTwo, paying, closed])
      .when({ type: 'AddLine', data: { dinerId: 'omer', line: line('l9'), now } })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.cart_changed'));
  });

  it('idleness ends an open cart untouched since then, never a paying one', () => {
    given(withTwo)
      .when({ type: 'Close', data: { reason: 'idle', idleSince: later, now: later } })
      .then([{ type: 'TableCartClosed', data: { reason: 'idle', at: later } }]);
    given(withTwo)
      .when({ type: 'Close', data: { reason: 'idle', idleSince: '2026-12-07T09:00:00.000Z', now } })
      .then([]);
    given([...withTwo, paying])
      .when({ type: 'Close', data: { reason: 'idle', now: later } })
      .then([]);
  });
});
