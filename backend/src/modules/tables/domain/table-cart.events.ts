import type { TableCartLine, TableDinerColour } from '@tafrit/contracts';

/** One stream per shared cart: `tablecart-{cartId}` (a random UUID); a table has a new cart for each party. */
export const tableCartStreamId = (cartId: string): string => `tablecart-${cartId}`;
export const TABLE_CART_STREAM_PREFIX = 'tablecart-';

export interface TableCartOpened {
  type: 'TableCartOpened';
  data: { cartId: string; businessPhone: string; departmentId: string; number: number; at: string };
}

/** A diner at the table: on their first read with a default name and colour, then as they chose. */
export interface TableDinerNamed {
  type: 'TableDinerNamed';
  data: { dinerId: string; name: string; colour: TableDinerColour; at: string };
}

/** A line priced from the menu when it was added; `lineId` is the diner page's own (a retry adds nothing). */
export interface TableLineAdded {
  type: 'TableLineAdded';
  data: { line: TableCartLine; at: string };
}

/** The line's new quantity and options, priced again from the menu of that moment. */
export interface TableLineChanged {
  type: 'TableLineChanged';
  data: {
    lineId: string;
    quantity: number;
    options?: string[];
    optionNames?: string[];
    unitPriceAgorot: number;
    lineTotalAgorot: number;
    at: string;
  };
}

export interface TableLineRemoved {
  type: 'TableLineRemoved';
  data: { lineId: string; at: string };
}

export interface TableNotesSet {
  type: 'TableNotesSet';
  data: { notes: string | null; at: string };
}

/** The cart became the order `orderId`, frozen at `version`: no line is added or changed until it is paid or reopened. */
export interface TableCartCheckedOut {
  type: 'TableCartCheckedOut';
  data: { orderId: string; orderNumber: number; version: number; at: string };
}

/** The order it was checked out into expired unpaid: the table's cart takes lines again. */
export interface TableCartReopened {
  type: 'TableCartReopened';
  data: { orderId: string; at: string };
}

/** The cart ended: its order was paid, or nobody touched it for the owner's idle time. Never answered again. */
export interface TableCartClosed {
  type: 'TableCartClosed';
  data: { reason: 'paid' | 'idle'; orderId?: string; at: string };
}

/**
 * Pay at the end (issue 34, part 3, decision 058): a diner's hold page opened for the tab (ordering keeps the page and,
 * once held, the card's sealed token; the cart keeps who holds and what the phones show).
 */
export interface TableTabHoldOpened {
  type: 'TableTabHoldOpened';
  data: { dinerId: string; lowProfileId: string; holdAgorot: number; at: string };
}

/** The issuer held the amount: rounds may go to the kitchen. The card as the page reported it (never the token). */
export interface TableTabHeld {
  type: 'TableTabHeld';
  data: { lowProfileId: string; last4: string | null; brand: string | null; at: string };
}

/** The hold page was declined: the tab has no card; anyone may try again. */
export interface TableTabHoldFailed {
  type: 'TableTabHoldFailed';
  data: { lowProfileId: string; at: string };
}

/** The cart's lines not sent yet went to the kitchen as the round `round`, the order `orderId`. */
export interface TableRoundSent {
  type: 'TableRoundSent';
  data: {
    round: number;
    orderId: string;
    orderNumber: number;
    dinerId: string;
    lineIds: string[];
    totalAgorot: number;
    at: string;
  };
}

export type TableCartEvent =
  | TableCartOpened
  | TableDinerNamed
  | TableLineAdded
  | TableLineChanged
  | TableLineRemoved
  | TableNotesSet
  | TableCartCheckedOut
  | TableCartReopened
  | TableCartClosed
  | TableTabHoldOpened
  | TableTabHeld
  | TableTabHoldFailed
  | TableRoundSent;

export const TABLE_CART_EVENT_TYPES: readonly TableCartEvent['type'][] = [
  'TableCartOpened',
  'TableDinerNamed',
  'TableLineAdded',
  'TableLineChanged',
  'TableLineRemoved',
  'TableNotesSet',
  'TableCartCheckedOut',
  'TableCartReopened',
  'TableCartClosed',
  'TableTabHoldOpened',
  'TableTabHeld',
  'TableTabHoldFailed',
  'TableRoundSent',
];
