import {
  TABLE_DINER_COLOURS,
  TABLE_LIMITS,
  type TableCartLine,
  type TableDiner,
  type TableDinerColour,
} from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import type { TableCartEvent } from './table-cart.events.js';
import { type CartTab, emptyCartTab, HOLD_PAGE_MS, sentAgorotOf } from './table-tab.js';
import { TablesError } from './tables.errors.js';

/** A line's priced fields as the handler priced them from the menu (the decider never reads the menu). */
export type PricedLine = Omit<TableCartLine, 'dinerId' | 'addedAt'>;
export type PricedChange = Pick<
  TableCartLine,
  'quantity' | 'options' | 'optionNames' | 'unitPriceAgorot' | 'lineTotalAgorot'
>;

export type TableCartCommand =
  | {
      type: 'OpenTableCart';
      data: { cartId: string; businessPhone: string; departmentId: string; number: number; now: string };
    }
  | { type: 'JoinTable'; data: { dinerId: string; now: string } }
  | { type: 'NameDiner'; data: { dinerId: string; name: string; colour: TableDinerColour; now: string } }
  | { type: 'AddLine'; data: { dinerId: string; line: PricedLine; now: string } }
  | { type: 'ChangeLine'; data: { dinerId: string; lineId: string; change: PricedChange; now: string } }
  | { type: 'RemoveLine'; data: { dinerId: string; lineId: string; now: string } }
  | { type: 'SetNotes'; data: { dinerId: string; notes: string | null; now: string } }
  | { type: 'CheckOut'; data: { expectedVersion: number; orderId: string; orderNumber: number; now: string } }
  | { type: 'Reopen'; data: { orderId: string; now: string } }
  /** Pay at the end (decision 058): a diner's hold page for the tab, its verdict, and a round to the kitchen. */
  | { type: 'OpenTabHold'; data: { dinerId: string; lowProfileId: string; holdAgorot: number; now: string } }
  | { type: 'RecordTabHeld'; data: { lowProfileId: string; last4: string | null; brand: string | null; now: string } }
  | { type: 'FailTabHold'; data: { lowProfileId: string; now: string } }
  | {
      type: 'SendRound';
      data: {
        dinerId: string;
        /** The cart as the sender's phone showed it: the round is exactly its unsent lines. */
        expectedVersion: number;
        round: number;
        orderId: string;
        orderNumber: number;
        lineIds: string[];
        totalAgorot: number;
        now: string;
      };
    }
  /** `idleSince`: an idle close holds only for a cart untouched since then (a line added meanwhile keeps it open). */
  | { type: 'Close'; data: { reason: 'paid' | 'idle'; orderId?: string; idleSince?: string; now: string } };

/** The cart as its events made it: the decider's state, and the row the inline projection writes. */
export interface TableCartState {
  cartId: string | null;
  businessPhone: string | null;
  departmentId: string | null;
  number: number | null;
  status: 'none' | 'open' | 'paying' | 'closed';
  lines: TableCartLine[];
  notes: string | null;
  diners: TableDiner[];
  orderId: string | null;
  orderNumber: number | null;
  /** Pay at the end (decision 058): empty unless the café has it on and a diner opened the tab. */
  tab: CartTab;
  /** The stream's version: one more with each event. */
  version: number;
  updatedAt: string | null;
  closedAt: string | null;
}

export * from './table-tab.js';

export const emptyTableCart = (): TableCartState => ({
  cartId: null,
  businessPhone: null,
  departmentId: null,
  number: null,
  status: 'none',
  lines: [],
  notes: null,
  diners: [],
  orderId: null,
  orderNumber: null,
  tab: emptyCartTab(),
  version: 0,
  updatedAt: null,
  closedAt: null,
});

export const cartTotalAgorot = (lines: readonly TableCartLine[]): number =>
  lines.reduce((sum, line) => sum + line.lineTotalAgorot, 0);

/** The name a diner has until they choose one: "אורח 1", "אורח 2"… by arrival. */
export const defaultDinerName = (arrival: number): string => `אורח ${arrival}`;

/** The first colour nobody at the table has; past eight diners, the colours come round again by arrival. */
export function nextFreeColour(diners: readonly TableDiner[]): TableDinerColour {
  const taken = new Set(diners.map((diner) => diner.colour));
  return (
    TABLE_DINER_COLOURS.find((colour) => !taken.has(colour)) ??
    TABLE_DINER_COLOURS[diners.length % TABLE_DINER_COLOURS.length]!
  );
}

export function evolveTableCart(state: TableCartState, event: TableCartEvent): TableCartState {
  const at = event.data.at;
  const next = { ...state, version: state.version + 1, updatedAt: at };
  switch (event.type) {
    case 'TableCartOpened': {
      const { cartId, businessPhone, departmentId, number } = event.data;
      return { ...next, cartId, businessPhone, departmentId, number, status: 'open' };
    }
    case 'TableDinerNamed': {
      const { dinerId, name, colour } = event.data;
      const known = state.diners.some((diner) => diner.dinerId === dinerId);
      const diners = known
        ? state.diners.map((diner) => (diner.dinerId === dinerId ? { dinerId, name, colour } : diner))
        : [...state.diners, { dinerId, name, colour }];
      return { ...next, diners };
    }
    case 'TableLineAdded':
      return { ...next, lines: [...state.lines, event.data.line] };
    case 'TableLineChanged': {
      const { lineId, at: _at, options, optionNames, ...priced } = event.data;
      return {
        ...next,
        lines: state.lines.map((line) => {
          if (line.lineId !== lineId) return line;
          const { options: _o, optionNames: _n, ...rest } = line;
          return { ...rest, ...priced, ...(options ? { options } : {}), ...(optionNames ? { optionNames } : {}) };
        }),
      };
    }
    case 'TableLineRemoved':
      return { ...next, lines: state.lines.filter((line) => line.lineId !== event.data.lineId) };
    case 'TableNotesSet':
      return { ...next, notes: event.data.notes };
    case 'TableCartCheckedOut':
      return { ...next, status: 'paying', orderId: event.data.orderId, orderNumber: event.data.orderNumber };
    case 'TableCartReopened':
      return { ...next, status: 'open', orderId: null, orderNumber: null };
    case 'TableCartClosed':
      return { ...next, status: 'closed', closedAt: at };
    case 'TableTabHoldOpened': {
      const { dinerId, lowProfileId, holdAgorot } = event.data;
      const hold = { status: 'holding' as const, dinerId, lowProfileId, holdAgorot, last4: null, brand: null, at };
      return { ...next, tab: { ...state.tab, hold } };
    }
    case 'TableTabHeld': {
      const hold = state.tab.hold;
      if (!hold) return next;
      const { last4, brand } = event.data;
      return { ...next, tab: { ...state.tab, hold: { ...hold, status: 'held', last4, brand, at } } };
    }
    case 'TableTabHoldFailed':
      return { ...next, tab: { ...state.tab, hold: null } };
    case 'TableRoundSent': {
      const { round, orderId, orderNumber, dinerId, lineIds, totalAgorot } = event.data;
      const sent = new Set(lineIds);
      return {
        ...next,
        lines: state.lines.map((line) => (sent.has(line.lineId) ? { ...line, round } : line)),
        tab: {
          ...state.tab,
          rounds: [...state.tab.rounds, { round, orderId, orderNumber, dinerId, lineIds, totalAgorot, sentAt: at }],
        },
      };
    }
  }
}

/** The lines no round has sent yet. */
export const unsentLinesOf = (state: Pick<TableCartState, 'lines'>): TableCartLine[] =>
  state.lines.filter((line) => line.round === undefined);

/** A cart that ended (or was never opened) takes nothing: the table's next reader is on a fresh cart already. */
function live(state: TableCartState): void {
  if (state.status === 'none' || state.status === 'closed') {
    throw new TablesError('table.cart_changed', `cart ${state.cartId ?? '?'} is ${state.status}`);
  }
}

/** Lines change only while the cart is open: while it is paying, its order is frozen. */
function open(state: TableCartState): void {
  live(state);
  if (state.status === 'paying') throw new TablesError('table.cart_paying', `cart ${state.cartId} is paying`);
}

/** The diner's first act at the table names them by default ("אורח 2", the next free colour). */
function join(state: TableCartState, dinerId: string, now: string): TableCartEvent[] {
  if (state.diners.some((diner) => diner.dinerId === dinerId)) return [];
  const name = defaultDinerName(state.diners.length + 1);
  return [{ type: 'TableDinerNamed', data: { dinerId, name, colour: nextFreeColour(state.diners), at: now } }];
}

function ownLine(state: TableCartState, dinerId: string, lineId: string): TableCartLine | undefined {
  const line = state.lines.find((candidate) => candidate.lineId === lineId);
  if (line && line.dinerId !== dinerId) throw new TablesError('table.line_not_yours', `line ${lineId} is another's`);
  // The kitchen has it (a round of the tab sent it): it is part of the bill now.
  if (line?.round !== undefined) throw new TablesError('table.line_sent', `line ${lineId} went in round ${line.round}`);
  return line;
}

function decideTableCart(command: TableCartCommand, state: TableCartState): TableCartEvent[] {
  switch (command.type) {
    case 'OpenTableCart':
      if (state.status !== 'none') return [];
      return [{ type: 'TableCartOpened', data: { ...withoutNow(command.data), at: command.data.now } }];
    case 'JoinTable':
      live(state);
      return join(state, command.data.dinerId, command.data.now);
    case 'NameDiner': {
      const { dinerId, name, colour, now } = command.data;
      live(state);
      const known = state.diners.find((diner) => diner.dinerId === dinerId);
      if (known && known.name === name && known.colour === colour) return [];
      return [{ type: 'TableDinerNamed', data: { dinerId, name, colour, at: now } }];
    }
    case 'AddLine': {
      const { dinerId, line, now } = command.data;
      live(state);
      // A retry of an add that landed: nothing more, whoever sent it.
      if (state.lines.some((existing) => existing.lineId === line.lineId)) return [];
      open(state);
      if (state.lines.length >= TABLE_LIMITS.linesMax) {
        throw new TablesError('table.cart_full', `cart ${state.cartId} has ${state.lines.length} lines`);
      }
      return [
        ...join(state, dinerId, now),
        { type: 'TableLineAdded', data: { line: { ...line, dinerId, addedAt: now }, at: now } },
      ];
    }
    case 'ChangeLine': {
      const { dinerId, lineId, change, now } = command.data;
      open(state);
      if (!ownLine(state, dinerId, lineId)) throw new TablesError('table.line_not_found', `no line ${lineId}`);
      return [{ type: 'TableLineChanged', data: { lineId, ...change, at: now } }];
    }
    case 'RemoveLine': {
      const { dinerId, lineId, now } = command.data;
      open(state);
      // A line already removed (a retried delete) removes nothing more.
      if (!ownLine(state, dinerId, lineId)) return [];
      return [{ type: 'TableLineRemoved', data: { lineId, at: now } }];
    }
    case 'SetNotes': {
      const { dinerId, notes, now } = command.data;
      open(state);
      if (state.notes === notes) return [];
      return [...join(state, dinerId, now), { type: 'TableNotesSet', data: { notes, at: now } }];
    }
    case 'CheckOut': {
      const { expectedVersion, orderId, orderNumber, now } = command.data;
      live(state);
      if (state.status === 'paying') {
        if (state.orderId === orderId) return [];
        throw new TablesError('table.cart_paying', `cart ${state.cartId} is paying order ${state.orderId}`);
      }
      if (state.version !== expectedVersion) {
        throw new TablesError(
          'table.cart_changed',
          `cart ${state.cartId} is at ${state.version}, not ${expectedVersion}`,
        );
      }
      if (state.lines.length === 0) throw new TablesError('table.cart_empty', `cart ${state.cartId} has no lines`);
      return [{ type: 'TableCartCheckedOut', data: { orderId, orderNumber, version: expectedVersion, at: now } }];
    }
    case 'Reopen': {
      const { orderId, now } = command.data;
      if (state.status !== 'paying' || state.orderId !== orderId) return [];
      return [{ type: 'TableCartReopened', data: { orderId, at: now } }];
    }
    case 'Close': {
      const { reason, orderId, idleSince, now } = command.data;
      if (state.status === 'none' || state.status === 'closed') return [];
      // Paid: only by the order it is paying for (a late payment of an order it was reopened from changes nothing).
      if (reason === 'paid' && (state.status !== 'paying' || state.orderId !== orderId)) return [];
      // Idle: only a cart still open; one waiting for its payments is the payments' business.
      if (reason === 'idle' && state.status !== 'open') return [];
      if (reason === 'idle' && idleSince && state.updatedAt && state.updatedAt > idleSince) return [];
      // A tab with rounds in the kitchen is owed: it is never dropped idle (its held card pays it, decision 058).
      if (reason === 'idle' && state.tab.rounds.length > 0) return [];
      return [{ type: 'TableCartClosed', data: { reason, ...(orderId ? { orderId } : {}), at: now } }];
    }
    case 'OpenTabHold':
      return openTabHold(command.data, state);
    case 'RecordTabHeld': {
      const { lowProfileId, last4, brand, now } = command.data;
      const hold = state.tab.hold;
      if (!hold || hold.lowProfileId !== lowProfileId || hold.status !== 'holding') return [];
      if (state.status !== 'open' && state.status !== 'paying') return [];
      return [{ type: 'TableTabHeld', data: { lowProfileId, last4, brand, at: now } }];
    }
    case 'FailTabHold': {
      const { lowProfileId, now } = command.data;
      const hold = state.tab.hold;
      if (!hold || hold.lowProfileId !== lowProfileId || hold.status !== 'holding') return [];
      if (state.status !== 'open') return [];
      return [{ type: 'TableTabHoldFailed', data: { lowProfileId, at: now } }];
    }
    case 'SendRound':
      return sendRound(command.data, state);
  }
}

/** One hold per tab: a diner's page open for 15 minutes keeps the others waiting; its own diner may open another. */
function openTabHold(
  { dinerId, lowProfileId, holdAgorot, now }: Extract<TableCartCommand, { type: 'OpenTabHold' }>['data'],
  state: TableCartState,
): TableCartEvent[] {
  open(state);
  const hold = state.tab.hold;
  if (hold?.lowProfileId === lowProfileId) return [];
  if (hold?.status === 'held') throw new TablesError('table.tab_hold_open', `cart ${state.cartId} holds a card`);
  const fresh = hold && Date.parse(now) - Date.parse(hold.at) < HOLD_PAGE_MS;
  if (hold && fresh && hold.dinerId !== dinerId) {
    throw new TablesError('table.tab_hold_open', `cart ${state.cartId}: another diner's hold page is open`);
  }
  return [
    ...join(state, dinerId, now),
    { type: 'TableTabHoldOpened', data: { dinerId, lowProfileId, holdAgorot, at: now } },
  ];
}

/**
 * A round is every line not sent yet, as the sender saw the cart: sent only with a card held, and only while the
 * rounds stay within the hold (so the held card always covers what is left at the end).
 */
function sendRound(
  data: Extract<TableCartCommand, { type: 'SendRound' }>['data'],
  state: TableCartState,
): TableCartEvent[] {
  const { dinerId, expectedVersion, round, orderId, orderNumber, lineIds, totalAgorot, now } = data;
  live(state);
  if (state.tab.rounds.some((sent) => sent.orderId === orderId)) return [];
  open(state);
  const hold = state.tab.hold;
  if (hold?.status !== 'held') throw new TablesError('table.tab_no_hold', `cart ${state.cartId} holds no card`);
  if (state.version !== expectedVersion) {
    throw new TablesError('table.cart_changed', `cart ${state.cartId} is at ${state.version}, not ${expectedVersion}`);
  }
  const unsent = unsentLinesOf(state);
  if (unsent.length === 0) throw new TablesError('table.tab_nothing_to_send', `cart ${state.cartId} sent everything`);
  const same = unsent.length === lineIds.length && unsent.every((line) => lineIds.includes(line.lineId));
  if (!same || round !== state.tab.rounds.length + 1) {
    throw new TablesError('table.cart_changed', `cart ${state.cartId}: the round is not its unsent lines`);
  }
  if (totalAgorot !== cartTotalAgorot(unsent)) {
    throw new TablesError('table.cart_changed', `cart ${state.cartId}: the round's total moved`);
  }
  if (sentAgorotOf(state.tab) + totalAgorot > hold.holdAgorot) {
    throw new TablesError('table.tab_over_hold', `cart ${state.cartId}: the round is above the hold`);
  }
  return [
    {
      type: 'TableRoundSent',
      data: { round, orderId, orderNumber, dinerId, lineIds: [...lineIds], totalAgorot, at: now },
    },
  ];
}

function withoutNow<T extends { now: string }>({ now: _now, ...rest }: T): Omit<T, 'now'> {
  return rest;
}

/**
 * One shared cart of a table (issue 34). Every diner adds lines, only the one who added a line changes or removes it,
 * anyone writes the notes; nothing is added or changed while the cart is paying. The cart ends when its order is paid
 * or it was left idle, and is never opened again.
 */
export const tableCartDecider: Decider<TableCartCommand, TableCartEvent, TableCartState> = {
  initialState: emptyTableCart,
  evolve: evolveTableCart,
  decide: decideTableCart,
};
