import type {
  BuyerBlock,
  DinerLanguage,
  OrderEventData,
  OrderLine,
  OrderSource,
  PaymentMethod,
  PaymentProviderName,
  SplitMode,
} from '@tafrit/contracts';
import type { RefundState } from './refunds.js';
import type { Seller } from './seller.js';

/** An unpaid order stops taking payment pages after this long (its prices may be stale by then). */
export const ORDER_PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/** `cancelled`: declined by the café after payment and refunded with it (issue 17). */
export type KitchenStatus = 'pending' | 'paid' | 'accepted' | 'ready' | 'served' | 'expired' | 'cancelled';

/**
 * The order as its events left it. Snapshots stored by older code lack fields added since: `upcastOrderState`
 * (order.upcast.ts) fills them when a snapshot is loaded, so nothing here describes how the state was once stored.
 */
export interface PlacedOrder {
  placed: true;
  orderId: string;
  businessPhone: string;
  orderNumber: number;
  lines: OrderLine[];
  /** What the diner is charged: the items and the tip. */
  totalAgorot: number;
  /** 5% of the items only. */
  commissionAgorot: number;
  netAgorot: number;
  /** The diner's tip inside totalAgorot (issue 17); 0: none. */
  tipAgorot: number;
  placedAt: string;
  departmentId: string;
  remarks: string | null;
  tableNumber: number | null;
  dinerSessionId: string;
  customerName: string | null;
  customerPhone: string | null;
  /** The seller as it was when the order was placed; null when its `OrderPlaced` did not record one. */
  seller: Seller | null;
  /**
   * The business the diner asked the tax invoice for (issue 32): the invoice and its credit documents name it.
   * Absent: a private diner's documents (and every order placed before it, so older snapshots need no upcast).
   */
  invoiceFor?: BuyerBlock;
  /** Where the diner came from (issue 33); absent: not recorded (older orders need no upcast). */
  source?: OrderSource;
  /**
   * The promo code the order was placed with (issue 33): each discounted line carries its share (`discountAgorot`).
   * Absent: none (and every order placed before codes, so older snapshots need no upcast).
   */
  discount?: { code: string; promoCodeId: string; agorot: number };
  status: KitchenStatus;
  payment: {
    status: 'pending' | 'paid' | 'failed';
    /** Every payment page opened for this order: a result is accepted only for one of them. */
    pages: { lowProfileId: string; paymentUrl: string; method?: 'card' | 'bit' }[];
    transactionId: string | null;
    failedPages: string[];
    provider: PaymentProviderName | null;
    /** The latest page opened, then the page that was paid. */
    lowProfileId: string | null;
    last4: string | null;
    brand: string | null;
    approvalNumber: string | null;
    paidAt: string | null;
    /** How the diner paid (issue 17); set when the order is paid. */
    method?: PaymentMethod | null;
  };
  invoice: 'pending' | 'generated' | 'failed' | 'awaiting_allocation' | 'allocation_refused';
  invoiceNumber: string | null;
  /**
   * Our document decided with the payment and waiting for its allocation number (issue 32): issued as it is, with the
   * reserved `invoiceNumber`, once the number comes or the wait ends. Absent once issued (and on other orders).
   */
  awaitingInvoice?: Omit<OrderEventData['InvoiceAwaitingAllocation'], 'invoiceNumber'>;
  /** The Tax Authority's refusal of that number, with its own words, while the owner chooses. */
  allocationRefusal?: { code: string; reason: string; refusedAt: string };
  invoiceUrl: string | null;
  /** Whose tax invoice and at which VAT rate (a credit document follows both); set with the invoice. */
  invoiceSource?: 'platform' | 'provider';
  invoiceVatRatePercent?: number;
  receiptSms: 'pending' | 'sent' | 'failed';
  slipQueued: boolean;
  /** `printed` is final: a slip acknowledged twice (the agent retried its ack) is recorded once. */
  slip: 'none' | 'queued' | 'printed' | 'failed';
  /** Refunds in the order they were asked for. */
  refunds: RefundState[];
  /** When the kitchen said on accepting that it would be ready; absent when it said nothing. */
  estimatedReadyAt?: string;
  /** The owner's test order (decision 034): never charged; absent on a diner's order. */
  test?: true;
  /** The diner asked for one SMS when ready (issue 18, decision 033), in this language; absent: not asked. */
  readySms?: { status: 'requested' | 'sent' | 'failed'; language: DinerLanguage };
  /**
   * Order ahead (issue 33): the pickup time, when its preparation should start, and whether it has (`OrderDue`).
   * Absent: as soon as possible (and every order placed before it).
   */
  pickup?: { at: string; dueAt: string; due: boolean };
  /** The shared table's cart the order was checked out of (issue 34); absent: the diner's own cart. */
  tableCartId?: string;
  /** A shared table's bill paid in parts (issue 34, decision 056); absent: none opened (one payer, as before). */
  parts?: PartState[];
  /**
   * Pay at the end (issue 34, part 3, decision 058): a round of a table's tab (made at once, never charged itself: its
   * money is the bill's), or the tab's bill (paid at the end in parts; its rounds are in the kitchen already).
   */
  tab?: { round: number } | { bill: true };
}

/** A round of a table's tab: in the kitchen without a payment of its own (decision 058). */
export const isTabRound = (order: PlacedOrder): boolean => order.tab !== undefined && 'round' in order.tab;
/** A tab's bill: paid at the end, never sent to the kitchen (decision 058). */
export const isTabBill = (order: PlacedOrder): boolean => order.tab !== undefined && 'bill' in order.tab;

/**
 * A shared table's bill paid in parts (issue 34, decision 056). Each payer's part is its own page, charge and tax
 * invoice-receipt on the order's stream; the order is paid, and goes to the kitchen, once its paid parts cover its
 * items. A part's items are held from the rest while its page is open, so two payers of "what is left" cannot both be
 * charged for it: the second is refused (`nothing_left`) before a page is opened.
 */
export interface PartState {
  partId: string;
  dinerSessionId: string;
  payer: OrderEventData['PartPageOpened']['payer'];
  split: SplitMode;
  shares?: number;
  itemsAgorot: number;
  tipAgorot: number;
  amountAgorot: number;
  lowProfileId: string;
  paymentUrl: string;
  /** The payer's own lines (`mine`), as their document lists them; absent: a share, listed as one line. */
  lines?: OrderLine[];
  /** `replaced`: the payer opened another page; its hold ended (a late charge on it is still recorded). */
  status: 'pending' | 'paid' | 'failed' | 'replaced';
  openedAt: string;
  paid?: {
    transactionId: string;
    commissionAgorot: number;
    paidAt: string;
    /** The card as the payer's document and the owner's report show it. */
    method?: PaymentMethod;
    last4?: string | null;
    /** Items above the order's, owed back to the payer (a late charge on a page whose hold had ended). */
    overpaidAgorot?: number;
  };
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  /** Whose document and at which VAT rate (a credit document follows both); set with the document. */
  invoiceSource?: 'platform' | 'provider';
  invoiceVatRatePercent?: number;
}

export type OrderState = { placed: false } | PlacedOrder;

/** The moment a command is decided at. */
export type At = { now: string };

/** One slip per order, so the slip's id is the order's: the printing agent's acknowledgement names both. */
export const slipIdOf = (orderId: string): string => `slip-${orderId}`;

/** The page the diner can still pay on: the latest one, unless the provider declined it. */
export function openPaymentPage(order: PlacedOrder): { lowProfileId: string; paymentUrl: string } | null {
  const latest = order.payment.pages.at(-1);
  if (!latest || order.payment.status === 'paid' || order.payment.failedPages.includes(latest.lowProfileId)) {
    return null;
  }
  return latest;
}
