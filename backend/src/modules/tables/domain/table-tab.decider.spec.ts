import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { type PricedLine, tableCartDecider } from './table-cart.decider.js';
import type { TableCartEvent } from './table-cart.events.js';
import { TablesError } from './tables.errors.js';

// Pay at the end (issue 34, part 3, decision 058): the tab's hold and rounds on the table's cart.
const { given } = deciderSpec(tableCartDecider);
const now = '2026-12-07T10:00:00.000Z';
const later = '2026-12-07T10:05:00.000Z';
const muchLater = '2026-12-07T10:30:00.000Z';
const ROUND1 = '3b0d2f4e-8c61-4f0a-9a51-0f6a2d1c9e11';
const ROUND2 = '8a7c6b5d-1e2f-4a3b-9c8d-7e6f5a4b3c2d';
const opened: TableCartEvent = {
  type: 'TableCartOpened',
  data: { cartId: 'c1', businessPhone: '+972521234567', departmentId: 'demo', number: 4, at: now },
};
const line = (lineId: string, lineTotalAgorot = 2_800): PricedLine => ({
  lineId,
  productId: 7,
  name: 'קפוצ׳ינו',
  quantity: 2,
  unitPriceAgorot: lineTotalAgorot / 2,
  lineTotalAgorot,
});
const named = (dinerId: string, name: string, colour: 'teal' | 'orange'): TableCartEvent => ({
  type: 'TableDinerNamed',
  data: { dinerId, name, colour, at: now },
});
const added = (lineId: string, dinerId: string, total = 2_800): TableCartEvent => ({
  type: 'TableLineAdded',
  data: { line: { ...line(lineId, total), dinerId, addedAt: now }, at: now },
});
const holdOpened = (dinerId: string, lowProfileId = 'hold-1', at = now): TableCartEvent => ({
  type: 'TableTabHoldOpened',
  data: { dinerId, lowProfileId, holdAgorot: 30_000, at },
});
const held: TableCartEvent = {
  type: 'TableTabHeld',
  data: { lowProfileId: 'hold-1', last4: '4242', brand: 'visa', at: now },
};
const atTable = [opened, named('dana', 'אורח 1', 'teal'), named('omer', 'אורח 2', 'orange')];
const roundOf = (round: number, orderId: string, lineIds: string[], totalAgorot: number, version: number) => ({
  type: 'SendRound' as const,
  data: {
    dinerId: 'dana',
    expectedVersion: version,
    round,
    orderId,
    orderNumber: 10 + round,
    lineIds,
    totalAgorot,
    now: later,
  },
});
const sent = (round: number, orderId: string, lineIds: string[], totalAgorot: number): TableCartEvent => ({
  type: 'TableRoundSent',
  data: { round, orderId, orderNumber: 10 + round, dinerId: 'dana', lineIds, totalAgorot, at: later },
});

describe("a table's tab", () => {
  it("a diner's hold page is recorded; another diner's is refused while it is fresh", () => {
    given(atTable)
      .when({ type: 'OpenTabHold', data: { dinerId: 'dana', lowProfileId: 'hold-1', holdAgorot: 30_000, now } })
      .then([holdOpened('dana')]);
    given([...atTable, holdOpened('dana')])
      .when({ type: 'OpenTabHold', data: { dinerId: 'omer', lowProfileId: 'hold-2', holdAgorot: 30_000, now: later } })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.tab_hold_open'));
  });

  it('an abandoned hold page (15 minutes) no longer keeps the others waiting; a held card is never replaced', () => {
    given([...atTable, holdOpened('dana')])
      .when({
        type: 'OpenTabHold',
        data: { dinerId: 'omer', lowProfileId: 'hold-2', holdAgorot: 30_000, now: muchLater },
      })
      .then([holdOpened('omer', 'hold-2', muchLater)]);
    given([...atTable, holdOpened('dana'), held])
      .when({ type: 'OpenTabHold', data: { dinerId: 'dana', lowProfileId: 'hold-3', holdAgorot: 30_000, now } })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.tab_hold_open'));
  });

  it("the page's verdict is recorded once, and only for the tab's own page", () => {
    given([...atTable, holdOpened('dana')])
      .when({ type: 'RecordTabHeld', data: { lowProfileId: 'hold-1', last4: '4242', brand: 'visa', now } })
      .then([held]);
    given([...atTable, holdOpened('dana'), held])
      .when({ type: 'RecordTabHeld', data: { lowProfileId: 'hold-1', last4: '4242', brand: 'visa', now } })
      .then([]);
    given([...atTable, holdOpened('dana')])
      .when({ type: 'RecordTabHeld', data: { lowProfileId: 'other', last4: null, brand: null, now } })
      .then([]);
    given([...atTable, holdOpened('dana')])
      .when({ type: 'FailTabHold', data: { lowProfileId: 'hold-1', now } })
      .then([{ type: 'TableTabHoldFailed', data: { lowProfileId: 'hold-1', at: now } }]);
  });

  it('a round needs a held card', () =>
    given([...atTable, added('l1', 'dana'), holdOpened('dana')])
      .when(roundOf(1, ROUND1, ['l1'], 2_800, 5))
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.tab_no_hold')));

  it('two rounds: each sends exactly the lines not sent yet, as the sender saw the cart', () => {
    const first = [...atTable, added('l1', 'dana'), added('l2', 'omer'), holdOpened('dana'), held];
    given(first)
      .when(roundOf(1, ROUND1, ['l2', 'l1'], 5_600, 7))
      .then([sent(1, ROUND1, ['l2', 'l1'], 5_600)]);
    const second = [...first, sent(1, ROUND1, ['l1', 'l2'], 5_600), added('l3', 'omer', 1_200)];
    given(second)
      .when(roundOf(2, ROUND2, ['l3'], 1_200, 9))
      .then([sent(2, ROUND2, ['l3'], 1_200)]);
    // A line sent is the kitchen's: it is neither changed nor removed.
    given(second)
      .when({ type: 'RemoveLine', data: { dinerId: 'dana', lineId: 'l1', now } })
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.line_sent'));
    // Sending the same round again (a retry) records nothing; a cart that moved is refused.
    given([...second, sent(2, ROUND2, ['l3'], 1_200)])
      .when(roundOf(2, ROUND2, ['l3'], 1_200, 9))
      .then([]);
    given(second)
      .when(roundOf(2, ROUND2, ['l3'], 1_200, 8))
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.cart_changed'));
    given([...second, sent(2, ROUND2, ['l3'], 1_200)])
      .when(roundOf(3, ROUND2.replace('8', '9'), [], 0, 10))
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.tab_nothing_to_send'));
  });

  it('the rounds never come to more than the hold', () =>
    given([...atTable, added('l1', 'dana', 25_000), added('l2', 'omer', 5_002), holdOpened('dana'), held])
      .when(roundOf(1, ROUND1, ['l1', 'l2'], 30_002, 7))
      .thenThrows(TablesError, (error) => expect(error.code).toBe('table.tab_over_hold')));

  it('a tab with rounds in the kitchen is never dropped idle; one without is', () => {
    const withRound = [...atTable, added('l1', 'dana'), holdOpened('dana'), held, sent(1, ROUND1, ['l1'], 2_800)];
    given(withRound)
      .when({ type: 'Close', data: { reason: 'idle', now: muchLater } })
      .then([]);
    given([...atTable, holdOpened('dana'), held])
      .when({ type: 'Close', data: { reason: 'idle', now: muchLater } })
      .then([{ type: 'TableCartClosed', data: { reason: 'idle', at: muchLater } }]);
  });
});
