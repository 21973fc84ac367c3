import {
  type DinerLanguage,
  splitVat,
  VAT_RATE_PERCENT,
  type OrderEvent,
  type OrderEventData,
  type OrderLine,
  type PaymentMethod,
  type PaymentProviderName,
} from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import {
  OrderAlreadyPaidError,
  OrderAlreadyPlacedError,
  OrderExpiredError,
  OrderInvalidTransitionError,
  OrderNotFoundError,
  PaymentMismatchError,
} from './order.errors.js';
import { sellerBlock, type Seller } from './seller.js';
import { decideRefund, evolveRefund, type RefundCommand, type RefundState } from './refunds.js';

/** An unpaid order stops taking payment pages after this long (its prices may be stale by then). */
export const ORDER_PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/** `cancelled`: declined by the café after payment and refunded with it (issue 17). */
export type KitchenStatus = 'pending' | 'paid' | 'accepted' | 'ready' | 'served' | 'expired' | 'cancelled';

/**
 * The number of an invoice of ours, as the decider writes it: the store replaces it with the business's next number
 * of its gapless sequence, taken last in the command's transaction (a number is storage, not a decision).
 */
export const INVOICE_NUMBER_AT_COMMIT = '(numbered at commit)';
export { CREDIT_NUMBER_AT_COMMIT } from './refunds.js';
export { sellerBlock, type Seller } from './seller.js';

/** One slip per order, so the slip's id is the order's: the printing agent's acknowledgement names both. */
export const slipIdOf = (orderId: string): string => `slip-${orderId}`;

/** A dealer number (עוסק מורשה: an ID or a company number) is nine digits. */
const DEALER_NUMBER = /^\d{9}$/;

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
  /** The diner's tip inside totalAgorot (issue 17); absent in older snapshots: none. */
  tipAgorot?: number;
  placedAt: string;
  departmentId: string;
  remarks: string | null;
  tableNumber: number | null;
  dinerSessionId: string;
  customerName: string | null;
  customerPhone: string | null;
  /** The seller as it was when the order was placed; null for orders placed before it was recorded. */
  seller: Seller | null;
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
    /** How the diner paid (issue 17); absent in older snapshots. */
    method?: PaymentMethod | null;
  };
  invoice: 'pending' | 'generated' | 'failed';
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  /** Whose tax invoice and at which VAT rate (a credit document follows both); absent in older snapshots. */
  invoiceSource?: 'platform' | 'provider';
  invoiceVatRatePercent?: number;
  receiptSms: 'pending' | 'sent' | 'failed';
  slipQueued: boolean;
  /** `printed` is final: a slip acknowledged twice (the agent retried its ack) is recorded once. */
  slip: 'none' | 'queued' | 'printed' | 'failed';
  /** Refunds in the order they were asked for; absent in snapshots written before refunds existed. */
  refunds?: RefundState[];
  /** When the kitchen said on accepting that it would be ready; absent when it said nothing (or in older snapshots). */
  estimatedReadyAt?: string;
  /** The owner's test order (decision 034): never charged; absent on a diner's order. */
  test?: true;
  /** The diner asked for one SMS when ready (issue 18, decision 033), in this language; absent: not asked. */
  readySms?: { status: 'requested' | 'sent' | 'failed'; language: DinerLanguage };
}

export type OrderState = { placed: false } | PlacedOrder;

type At = { now: string };

export type OrderCommand =
  | { type: 'PlaceOrder'; data: OrderEventData['OrderPlaced'] }
  | { type: 'PlaceTestOrder'; data: Omit<OrderEventData['OrderPlaced'], 'test'> }
  | {
      type: 'OpenPaymentPage';
      data: At & {
        provider: PaymentProviderName;
        lowProfileId: string;
        paymentUrl: string;
        terminal: 'business' | 'platform';
        /** `bit`: the page is Bit's address outside the frame. */
        method?: 'card' | 'bit';
      };
    }
  | {
      type: 'RecordPayment';
      data: At &
        Pick<
          OrderEventData['OrderPaid'],
          | 'provider'
          | 'lowProfileId'
          | 'transactionId'
          | 'approvalNumber'
          | 'last4'
          | 'brand'
          | 'amountAgorot'
          | 'document'
          | 'method'
        > & {
          /** The address of our own invoice of this order (used when the provider made no document). */
          invoiceUrl: string;
          /** The business as it is now, for an order placed before the seller was recorded with it. */
          seller?: Seller | null;
        };
    }
  | {
      type: 'RecordPaymentFailure';
      data: At & Pick<OrderEventData['PaymentFailed'], 'provider' | 'lowProfileId' | 'responseCode' | 'reason'>;
    }
  | { type: 'ExpireOrder'; data: At }
  | { type: 'AcceptOrder'; data: At & { readyInMinutes?: number } }
  | { type: 'MarkOrderReady' | 'MarkOrderServed'; data: At }
  | {
      type: 'IssueInvoice';
      data: At &
        Pick<
          OrderEventData['InvoiceIssued'],
          'source' | 'invoiceNumber' | 'invoiceUrl' | 'beforeVatAgorot' | 'vatAgorot' | 'vatRatePercent'
        >;
    }
  | { type: 'RecordInvoiceFailure'; data: At & { reason: string } }
  | { type: 'RecordReceiptSms'; data: At & { to: string } }
  | { type: 'RecordReceiptSmsFailure'; data: At & { to: string | null; reason: string } }
  | { type: 'QueueSlip'; data: At & { slipId: string } }
  | { type: 'RecordSlipPrinted'; data: At & { slipId: string; agentId: string } }
  | { type: 'RecordPrintFailure'; data: At & { slipId: string; agentId: string; reason: string } }
  | { type: 'RequestReadySms'; data: At & { language: DinerLanguage } }
  | { type: 'RecordReadySms'; data: At }
  | { type: 'RecordReadySmsFailure'; data: At & { reason: string } }
  | RefundCommand;

/** What only a charged order may go through; a test order refuses them (decision 034). */
const MONEY_COMMANDS: ReadonlySet<OrderCommand['type']> = new Set([
  'OpenPaymentPage',
  'RecordPayment',
  'RecordPaymentFailure',
  'IssueInvoice',
  'RecordInvoiceFailure',
  'RecordReceiptSms',
  'RecordReceiptSmsFailure',
  // Asking for a refund or declining is refused by the refund rules themselves (refund.order_not_paid).
  'RecordRefund',
  'RecordRefundFailure',
]);
/** An order in these states will never be ready again: asking for the ready SMS is too late. */
const PAST_READY: readonly KitchenStatus[] = ['ready', 'served', 'expired', 'cancelled'];

/** The kitchen's steps, in order: each command moves the order one step and repeating it changes nothing. */
const KITCHEN_STEPS = {
  AcceptOrder: { from: 'paid', to: 'accepted', event: 'OrderAccepted' },
  MarkOrderReady: { from: 'accepted', to: 'ready', event: 'OrderReady' },
  MarkOrderServed: { from: 'ready', to: 'served', event: 'OrderServed' },
} as const;

/**
 * The order's life (issue 5): pending -> paid -> accepted -> ready -> served, or pending -> expired after 30 minutes
 * unpaid; its payment pending -> paid / failed (a failed payment can be retried on a new page); its invoice pending ->
 * generated / failed. Commands that repeat what already happened (the same webhook twice, a second delivery to a
 * processor) decide nothing, so replays change nothing twice.
 */
export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: () => ({ placed: false }),

  decide(command, state) {
    if (command.type === 'PlaceOrder') {
      if (state.placed) throw new OrderAlreadyPlacedError(state.orderId);
      return [{ type: 'OrderPlaced', data: command.data }];
    }
    if (command.type === 'PlaceTestOrder') {
      if (state.placed) throw new OrderAlreadyPlacedError(state.orderId);
      // Straight to the kitchen (decision 034): no payment page, no charge, so no invoice, receipt or commission; the
      // slip is queued with the order so it prints as a paid order's does. Nothing to pay: no commission, no tip.
      const { tipAgorot: _noTip, ...order } = command.data;
      const { orderId, businessPhone, placedAt } = order;
      return [
        { type: 'OrderPlaced', data: { ...order, commissionAgorot: 0, netAgorot: order.totalAgorot, test: true } },
        {
          type: 'SlipQueued',
          data: { orderId, businessPhone, slipId: slipIdOf(orderId), queuedAt: placedAt, test: true },
        },
      ];
    }
    if (!state.placed) throw new OrderNotFoundError();
    const { orderId, businessPhone } = state;
    // A test order is never charged: nothing may open a page for it, record a payment or a tax invoice on it.
    if (state.test && MONEY_COMMANDS.has(command.type)) {
      throw new OrderInvalidTransitionError('test', command.type);
    }
    switch (command.type) {
      case 'OpenPaymentPage': {
        if (state.payment.status === 'paid')
          throw new OrderAlreadyPaidError(orderId, state.payment.transactionId ?? '');
        if (state.status === 'expired') throw new OrderExpiredError(orderId);
        const { now, method, ...page } = command.data;
        // One open page at a time: a racing second request gets the page the first one opened.
        if (openPaymentPage(state)) return [];
        return [
          {
            type: 'PaymentPageOpened',
            data: {
              orderId,
              businessPhone,
              ...page,
              amountAgorot: state.totalAgorot,
              // Only Bit is recorded: a card page's event stays as it was before wallets.
              ...(method === 'bit' ? { method } : {}),
              openedAt: now,
            },
          },
        ];
      }
      case 'RecordPayment': {
        const { now, ...payment } = command.data;
        if (state.payment.status === 'paid') {
          if (state.payment.transactionId === payment.transactionId) return [];
          throw new OrderAlreadyPaidError(orderId, payment.transactionId);
        }
        if (!opened(state, payment.lowProfileId)) {
          throw new PaymentMismatchError(`page ${payment.lowProfileId} was not opened for order ${orderId}`);
        }
        if (payment.amountAgorot !== state.totalAgorot) {
          throw new PaymentMismatchError(`charged ${payment.amountAgorot} agorot, the order is ${state.totalAgorot}`);
        }
        const { invoiceUrl, seller, ...charge } = payment;
        // A verified charge is recorded even on an expired order: the diner's money was taken, the kitchen must know.
        // Its tax invoice and its kitchen slip are decided with it, so they commit together (decision 015).
        return [
          {
            type: 'OrderPaid',
            data: {
              orderId,
              businessPhone,
              ...charge,
              commissionAgorot: state.commissionAgorot,
              netAgorot: state.netAgorot,
              ...(state.tipAgorot ? { tipAgorot: state.tipAgorot } : {}),
              paidAt: now,
            },
          },
          invoiceOf(state, charge.document, invoiceUrl, state.seller ?? seller ?? null, now),
          { type: 'SlipQueued', data: { orderId, businessPhone, slipId: slipIdOf(orderId), queuedAt: now } },
        ];
      }
      case 'RecordPaymentFailure': {
        const { now, ...failure } = command.data;
        // A decline arriving after the success (or twice) is history, not news.
        if (state.payment.status === 'paid' || state.payment.failedPages.includes(failure.lowProfileId)) return [];
        if (!opened(state, failure.lowProfileId)) {
          throw new PaymentMismatchError(`page ${failure.lowProfileId} was not opened for order ${orderId}`);
        }
        return [{ type: 'PaymentFailed', data: { orderId, businessPhone, ...failure, failedAt: now } }];
      }
      case 'ExpireOrder': {
        if (state.status !== 'pending' || state.payment.status === 'paid') return [];
        const age = Date.parse(command.data.now) - Date.parse(state.placedAt);
        if (age < ORDER_PAYMENT_WINDOW_MS) return [];
        return [{ type: 'OrderExpired', data: { orderId, businessPhone, expiredAt: command.data.now } }];
      }
      case 'AcceptOrder':
      case 'MarkOrderReady':
      case 'MarkOrderServed': {
        const step = KITCHEN_STEPS[command.type];
        if (state.status === step.to) return [];
        if (state.status !== step.from) throw new OrderInvalidTransitionError(state.status, command.type);
        const at = command.data.now;
        const minutes = command.type === 'AcceptOrder' ? command.data.readyInMinutes : undefined;
        if (minutes === undefined) return [{ type: step.event, data: { orderId, businessPhone, at } }];
        const estimatedReadyAt = new Date(Date.parse(at) + minutes * 60_000).toISOString();
        return [{ type: 'OrderAccepted', data: { orderId, businessPhone, at, estimatedReadyAt } }];
      }
      case 'IssueInvoice': {
        if (state.invoice === 'generated') return [];
        if (state.payment.status !== 'paid') throw new OrderInvalidTransitionError(state.payment.status, command.type);
        const { now, ...invoice } = command.data;
        return [
          {
            type: 'InvoiceIssued',
            data: {
              orderId,
              businessPhone,
              ...invoice,
              totalAgorot: state.totalAgorot,
              ...(state.tipAgorot ? { tipAgorot: state.tipAgorot } : {}),
              issuedAt: now,
            },
          },
        ];
      }
      case 'RecordInvoiceFailure':
        if (state.invoice !== 'pending') return [];
        return [
          {
            type: 'InvoiceFailed',
            data: { orderId, businessPhone, reason: command.data.reason, failedAt: command.data.now },
          },
        ];
      case 'RecordReceiptSms':
        if (state.receiptSms === 'sent') return [];
        return [
          { type: 'ReceiptSmsSent', data: { orderId, businessPhone, to: command.data.to, sentAt: command.data.now } },
        ];
      case 'RecordReceiptSmsFailure': {
        if (state.receiptSms !== 'pending') return [];
        const { to, reason, now } = command.data;
        return [{ type: 'ReceiptSmsFailed', data: { orderId, businessPhone, to, reason, failedAt: now } }];
      }
      case 'QueueSlip':
        if (state.slipQueued) return [];
        if (state.payment.status !== 'paid' && !state.test)
          throw new OrderInvalidTransitionError(state.payment.status, command.type);
        return [
          {
            type: 'SlipQueued',
            data: { orderId, businessPhone, slipId: command.data.slipId, queuedAt: command.data.now },
          },
        ];
      case 'RecordSlipPrinted': {
        if (state.slip === 'printed') return [];
        if (!state.slipQueued) throw new OrderInvalidTransitionError(state.slip, command.type);
        const { slipId, agentId, now } = command.data;
        return [{ type: 'SlipPrinted', data: { orderId, businessPhone, slipId, agentId, printedAt: now } }];
      }
      case 'RecordPrintFailure': {
        // A failure after the slip printed (a stale retry of the agent) changes nothing; a repeated failure (the
        // agent retries every half minute while the printer is out of paper) is recorded once, not every time.
        if (state.slip === 'printed' || state.slip === 'failed') return [];
        if (!state.slipQueued) throw new OrderInvalidTransitionError(state.slip, command.type);
        const { slipId, agentId, reason, now } = command.data;
        return [
          {
            type: 'PrintFailed',
            data: { orderId, businessPhone, slipId, agentId, reason: reason.slice(0, 500), failedAt: now },
          },
        ];
      }
      case 'RequestReadySms': {
        if (PAST_READY.includes(state.status)) throw new OrderInvalidTransitionError(state.status, command.type);
        const { now, language } = command.data;
        // One SMS per order: once it went out (or failed) the order asks for no other. Asked again in the same
        // language, nothing new happened (the handler keeps the latest number).
        if (state.readySms && (state.readySms.status !== 'requested' || state.readySms.language === language))
          return [];
        return [{ type: 'ReadySmsRequested', data: { orderId, businessPhone, language, requestedAt: now } }];
      }
      case 'RecordReadySms':
        if (state.readySms?.status !== 'requested') return [];
        return [{ type: 'ReadySmsSent', data: { orderId, businessPhone, sentAt: command.data.now } }];
      case 'RecordReadySmsFailure': {
        if (state.readySms?.status !== 'requested') return [];
        const { reason, now } = command.data;
        return [
          { type: 'ReadySmsFailed', data: { orderId, businessPhone, reason: reason.slice(0, 500), failedAt: now } },
        ];
      }
      case 'RequestRefund':
      case 'DeclineOrder':
      case 'RecordRefund':
      case 'RecordRefundFailure':
      case 'RequestCreditRetry':
      case 'RecordCreditRetry':
        return decideRefund(command, state);
    }
  },

  evolve(state, event) {
    if (event.type === 'OrderPlaced') {
      const { data } = event;
      return {
        placed: true,
        orderId: data.orderId,
        businessPhone: data.businessPhone,
        orderNumber: data.orderNumber,
        lines: data.lines,
        totalAgorot: data.totalAgorot,
        commissionAgorot: data.commissionAgorot,
        netAgorot: data.netAgorot,
        tipAgorot: data.tipAgorot ?? 0,
        placedAt: data.placedAt,
        departmentId: data.departmentId,
        remarks: data.remarks,
        tableNumber: data.tableNumber,
        dinerSessionId: data.dinerSessionId,
        customerName: data.customerName,
        customerPhone: data.customerPhone,
        seller: data.seller ?? null,
        status: 'pending',
        payment: {
          status: 'pending',
          pages: [],
          transactionId: null,
          failedPages: [],
          provider: null,
          lowProfileId: null,
          last4: null,
          brand: null,
          approvalNumber: null,
          paidAt: null,
        },
        invoice: 'pending',
        invoiceNumber: null,
        invoiceUrl: null,
        receiptSms: 'pending',
        slipQueued: false,
        slip: 'none',
        refunds: [],
        // A test order goes to the kitchen as placed: its kitchen status starts where a paid order's does.
        ...(data.test ? { test: true as const, status: 'paid' as const } : {}),
      };
    }
    // An order stream always starts with OrderPlaced.
    if (!state.placed) return state;
    switch (event.type) {
      case 'PaymentPageOpened':
        return {
          ...state,
          payment: {
            ...state.payment,
            pages: [
              ...state.payment.pages,
              {
                lowProfileId: event.data.lowProfileId,
                paymentUrl: event.data.paymentUrl,
                ...(event.data.method ? { method: event.data.method } : {}),
              },
            ],
            provider: event.data.provider,
            lowProfileId: event.data.lowProfileId,
          },
        };
      case 'OrderPaid':
        return {
          ...state,
          status: state.status === 'pending' || state.status === 'expired' ? 'paid' : state.status,
          payment: {
            ...state.payment,
            status: 'paid',
            transactionId: event.data.transactionId,
            provider: event.data.provider,
            lowProfileId: event.data.lowProfileId,
            last4: event.data.last4,
            brand: event.data.brand,
            approvalNumber: event.data.approvalNumber,
            paidAt: event.data.paidAt,
            method: event.data.method ?? 'card',
          },
        };
      case 'PaymentFailed':
        return {
          ...state,
          payment: {
            ...state.payment,
            status: 'failed',
            failedPages: [...state.payment.failedPages, event.data.lowProfileId],
          },
        };
      case 'OrderExpired':
        return { ...state, status: 'expired' };
      case 'OrderAccepted':
        return event.data.estimatedReadyAt
          ? { ...state, status: 'accepted', estimatedReadyAt: event.data.estimatedReadyAt }
          : { ...state, status: 'accepted' };
      case 'OrderReady':
        return { ...state, status: 'ready' };
      case 'OrderServed':
        return { ...state, status: 'served' };
      case 'InvoiceIssued':
        return {
          ...state,
          invoice: 'generated',
          invoiceNumber: event.data.invoiceNumber,
          invoiceUrl: event.data.invoiceUrl,
          invoiceSource: event.data.source,
          invoiceVatRatePercent: event.data.vatRatePercent,
        };
      case 'InvoiceFailed':
        return { ...state, invoice: 'failed' };
      case 'ReceiptSmsSent':
        return { ...state, receiptSms: 'sent' };
      case 'ReceiptSmsFailed':
        return { ...state, receiptSms: 'failed' };
      case 'SlipQueued':
        return { ...state, slipQueued: true, slip: 'queued' };
      case 'SlipPrinted':
        return { ...state, slip: 'printed' };
      case 'PrintFailed':
        return { ...state, slip: 'failed' };
      case 'ReadySmsRequested':
        return { ...state, readySms: { status: 'requested', language: event.data.language } };
      case 'ReadySmsSent':
      case 'ReadySmsFailed':
        return state.readySms
          ? { ...state, readySms: { ...state.readySms, status: event.type === 'ReadySmsSent' ? 'sent' : 'failed' } }
          : state;
      case 'RefundRequested':
      case 'OrderRefunded':
      case 'RefundFailed':
      case 'OrderDeclined':
      case 'CreditIssued':
      case 'CreditFailed':
      case 'CreditRetryRequested':
        return evolveRefund(state, event);
    }
  },
};

/**
 * The tax document of a payment: the provider's when it made one with the charge (Cardcom's DocumentInfo), else ours
 * in the seller's name with the next number of the business's sequence, or a failure the owner's report shows when
 * the seller cannot head a tax document.
 */
function invoiceOf(
  state: PlacedOrder,
  document: OrderEventData['OrderPaid']['document'],
  invoiceUrl: string,
  seller: Seller | null,
  now: string,
): OrderEvent {
  const { orderId, businessPhone, totalAgorot } = state;
  // The tip stays outside the VAT base (decision 027): VAT is split from the sale alone, the tip shown apart.
  const tipAgorot = state.tipAgorot ?? 0;
  const { beforeVat, vat } = splitVat(totalAgorot - tipAgorot, VAT_RATE_PERCENT);
  const amounts = {
    totalAgorot,
    beforeVatAgorot: beforeVat,
    vatAgorot: vat,
    vatRatePercent: VAT_RATE_PERCENT,
    ...(tipAgorot > 0 ? { tipAgorot } : {}),
  };
  if (document) {
    return {
      type: 'InvoiceIssued',
      data: {
        orderId,
        businessPhone,
        source: 'provider',
        invoiceNumber: document.documentNumber,
        // Cardcom's DocumentUrl is documented as unreliable: without one our page shows what we know.
        invoiceUrl: document.documentUrl ?? invoiceUrl,
        ...amounts,
        issuedAt: now,
        ...(seller ? { seller: sellerBlock(seller, businessPhone) } : {}),
      },
    };
  }
  const unusable = !seller
    ? 'business not found'
    : !seller.name.trim()
      ? 'the business has no name'
      : !DEALER_NUMBER.test(seller.dealerNumber)
        ? 'the business has no valid dealer number'
        : null;
  if (unusable) return { type: 'InvoiceFailed', data: { orderId, businessPhone, reason: unusable, failedAt: now } };
  return {
    type: 'InvoiceIssued',
    data: {
      orderId,
      businessPhone,
      source: 'platform',
      invoiceNumber: INVOICE_NUMBER_AT_COMMIT,
      invoiceUrl,
      ...amounts,
      issuedAt: now,
      seller: sellerBlock(seller!, businessPhone),
    },
  };
}

const opened = (order: PlacedOrder, lowProfileId: string): boolean =>
  order.payment.pages.some((page) => page.lowProfileId === lowProfileId);

/** The page the diner can still pay on: the latest one, unless the provider declined it. */
export function openPaymentPage(order: PlacedOrder): { lowProfileId: string; paymentUrl: string } | null {
  const latest = order.payment.pages.at(-1);
  if (!latest || order.payment.status === 'paid' || order.payment.failedPages.includes(latest.lowProfileId)) {
    return null;
  }
  return latest;
}

/** The order's state from its stream; the stream's only writer is this decider, so its events are order events. */
export function foldOrder(events: readonly RecordedEvent[]): OrderState {
  return events.reduce(
    (state, event) => orderDecider.evolve(state, event as unknown as OrderEvent),
    orderDecider.initialState(),
  );
}
