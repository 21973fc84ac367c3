import type { TableDiner, TablePayment, TableSocketState, TableState, TableTab } from '@tafrit/contracts';
import { billAgorotOf, HOLD_PAGE_MS, sentAgorotOf } from '../domain/table-cart.decider.js';
import type { LiveCart } from '../projections/table-carts.reader.js';
import type { TablePaymentRow } from '../projections/table-payments.reader.js';

/** What the table's paying order's parts come to (issue 34, part 2). */
export interface TableMoney {
  /** The order's parts as `table_payments` has them (every status). */
  parts: readonly TablePaymentRow[];
  /** The café's `unpaidShareMinutes`. */
  unpaidShareMinutes: number;
  /** The moment of the reading: whether the unpaid share is overdue is decided at read time. */
  now: Date;
}

export interface PaymentsSummary {
  /** The pending and paid parts, in the order they were opened (failed and replaced ones are left out). */
  payments: TablePayment[];
  /** The items of the paid parts. */
  paidAgorot: number;
  /** The total less the items of the paid and pending parts, never below 0. */
  leftAgorot: number;
  /** The first paid part's time (null: none paid yet). */
  firstPaidAt: string | null;
  /** The first paid part's time, once the café's unpaid-share time has passed since it and the bill is not covered. */
  unpaidSince: string | null;
}

const counts = (part: TablePaymentRow): boolean => part.status === 'pending' || part.status === 'paid';

/** The parts of a bill of `totalAgorot` (the cart's total: the order's items), read at `money.now`. */
export function paymentsSummary(totalAgorot: number, money: TableMoney): PaymentsSummary {
  const listed = money.parts.filter(counts);
  const paid = listed.filter((part) => part.status === 'paid');
  const paidAgorot = paid.reduce((sum, part) => sum + part.itemsAgorot, 0);
  const takenAgorot = listed.reduce((sum, part) => sum + part.itemsAgorot, 0);
  const firstPaidAt = paid.map((part) => part.paidAt ?? part.openedAt).sort()[0] ?? null;
  const dueAt = firstPaidAt ? Date.parse(firstPaidAt) + money.unpaidShareMinutes * 60_000 : Infinity;
  const unpaidSince = firstPaidAt && paidAgorot < totalAgorot && money.now.getTime() >= dueAt ? firstPaidAt : null;
  return {
    payments: listed.map((part) => ({
      partId: part.partId,
      dinerId: part.payer?.dinerId ?? null,
      name: part.payer?.name ?? null,
      colour: part.payer?.colour ?? null,
      itemsAgorot: part.itemsAgorot,
      amountAgorot: part.amountAgorot,
      tipAgorot: part.tipAgorot,
      status: part.status === 'paid' ? 'paid' : 'pending',
      paidAt: part.paidAt,
    })),
    paidAgorot,
    leftAgorot: Math.max(0, totalAgorot - takenAgorot),
    firstPaidAt,
    unpaidSince,
  };
}

/**
 * How much a paying cart's `version` grows with its payments: twice the events that changed its parts, and one once a
 * share is overdue. A page opened, paid or declined, and the unpaid-share notice, each reach the phones as a higher
 * version (a page keeps the highest), and a payment that covers the bill (no longer overdue) is still higher.
 */
export function paymentsVersion(money: TableMoney, summary: PaymentsSummary): number {
  const changes = money.parts.reduce((sum, part) => sum + part.changes, 0);
  return 2 * changes + (summary.unpaidSince ? 1 : 0);
}

/**
 * The table's state for everyone at it (the socket's payload). A paying cart carries its order's payments (`money`),
 * its version grown with them (`paymentsVersion`); an open one has none and nothing left to pay.
 */
export function socketStateOf(cart: LiveCart, money?: TableMoney, tab?: TabSettings): TableSocketState {
  const totalAgorot = billAgorotOf(cart);
  const paying = cart.status === 'paying';
  const tabState = tab ? tabStateOf(cart, tab) : undefined;
  const summary = paying && money ? paymentsSummary(totalAgorot, money) : undefined;
  return {
    number: cart.number,
    shared: true,
    cart: {
      cartId: cart.cartId,
      version: cart.version + (summary && money ? paymentsVersion(money, summary) : 0),
      status: paying ? 'paying' : 'open',
      lines: cart.lines,
      notes: cart.notes,
      diners: cart.diners,
      totalAgorot,
      orderId: cart.orderId,
      orderNumber: cart.orderNumber,
      updatedAt: cart.updatedAt,
      unpaidSince: summary?.unpaidSince ?? null,
    },
    payments: summary?.payments ?? [],
    leftAgorot: paying ? (summary?.leftAgorot ?? totalAgorot) : 0,
    ...(tabState ? { tab: tabState } : {}),
  };
}

/** The café's pay-at-the-end setting, as the table's state shows the tab (decision 058), read at `now`. */
export interface TabSettings {
  payAtEnd: boolean;
  holdShekels: number;
  tabIdleMinutes: number;
  now: Date;
}

/**
 * The tab as the phones show it: present when the café has pay at the end on, or the cart has a tab (the café turned
 * it off meanwhile: what was sent is still owed). A hold page left without a verdict past `HOLD_PAGE_MS` no longer
 * stands in anyone's way. The held card is charged by itself `tabIdleMinutes` after the table's last change.
 */
export function tabStateOf(cart: LiveCart, settings: TabSettings): TableTab | undefined {
  const { hold, rounds } = cart.tab;
  if (!settings.payAtEnd && !hold && rounds.length === 0) return undefined;
  const held = hold?.status === 'held';
  const holding = hold?.status === 'holding' && settings.now.getTime() - Date.parse(hold.at) < HOLD_PAGE_MS;
  const holder = held || holding ? (cart.diners.find((diner) => diner.dinerId === hold!.dinerId) ?? null) : null;
  const idleMs = settings.tabIdleMinutes * 60_000;
  return {
    status: held ? 'open' : holding ? 'holding' : 'none',
    holdAgorot: held ? hold.holdAgorot : settings.holdShekels * 100,
    holder,
    card: held ? { last4: hold.last4, brand: hold.brand } : null,
    rounds: rounds.map(({ lineIds: _lines, ...round }) => round),
    sentAgorot: sentAgorotOf(cart.tab),
    closesAt: rounds.length > 0 ? new Date(Date.parse(cart.updatedAt) + idleMs).toISOString() : null,
  };
}

/** The state as one diner reads it: with `you`, who they are at this cart. */
export function tableStateOf(cart: LiveCart, you: TableDiner, money?: TableMoney): TableState {
  return { ...socketStateOf(cart, money), you };
}
