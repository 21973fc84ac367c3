import type { OrderEvent } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import {
  evolveAllocation,
  issueAllocatedInvoice,
  issueInvoiceWithoutAllocation,
  recordAllocationRefusal,
  type AllocationCommand,
} from './allocation.js';
import { evolveInvoice, issueInvoice, recordInvoiceFailure, type InvoiceCommand } from './invoice.js';
import {
  evolveKitchen,
  markOrderDue,
  startRound,
  moveKitchenStep,
  queueSlip,
  recordPrintFailure,
  recordSlipPrinted,
} from './kitchen.js';
import type { KitchenCommand } from './kitchen.js';
import {
  evolveMessages,
  recordReadySms,
  recordReadySmsFailure,
  recordReceiptSms,
  recordReceiptSmsFailure,
  requestReadySms,
  type MessageCommand,
} from './messages.js';
import { OrderInvalidTransitionError, OrderNotFoundError } from './order.errors.js';
import { isTabRound, type OrderState, type PlacedOrder } from './order.state.js';
import { evolvePayment, openPage, recordPayment, recordPaymentFailure, type PaymentCommand } from './payment.js';
import { expireOrder, orderPlaced, placeOrder, placeTestOrder, type PlacementCommand } from './placement.js';
import { evolvePart, evolvePartInvoice, openPartPage, type PartCommand } from './parts.js';
import {
  declineOrder,
  evolveRefund,
  recordCreditRetry,
  recordRefund,
  recordRefundFailure,
  requestCreditRetry,
  requestRefund,
  type RefundCommand,
} from './refunds.js';

// The order's types and the names other files use, from where they always were.
export * from './order.state.js';
export { INVOICE_NUMBER_AT_COMMIT } from './invoice.js';
export { ALLOCATION_WAIT_MS } from './allocation.js';
export { CREDIT_NUMBER_AT_COMMIT } from './credit.js';
export { sellerBlock, type Seller } from './seller.js';
export { upcastOrderState, type StoredOrderState } from './order.upcast.js';

export type OrderCommand =
  | PlacementCommand
  | PaymentCommand
  | PartCommand
  | InvoiceCommand
  | AllocationCommand
  | KitchenCommand
  | MessageCommand
  | RefundCommand;

/** What only a charged order may go through; a test order refuses them (decision 034). */
const MONEY_COMMANDS: ReadonlySet<OrderCommand['type']> = new Set([
  'OpenPaymentPage',
  'OpenPartPage',
  'RecordPayment',
  'RecordPaymentFailure',
  'IssueInvoice',
  'RecordInvoiceFailure',
  'IssueAllocatedInvoice',
  'RecordAllocationRefusal',
  'IssueInvoiceWithoutAllocation',
  'RecordReceiptSms',
  'RecordReceiptSmsFailure',
  // Asking for a refund or declining is refused by the refund rules themselves (refund.order_not_paid).
  'RecordRefund',
  'RecordRefundFailure',
]);

/**
 * The placed order a command other than placing needs; a test order is never charged (decision 034), nor a tab's
 * round, whose money is its bill's (decision 058).
 */
function placedFor(state: OrderState, type: OrderCommand['type']): PlacedOrder {
  if (!state.placed) throw new OrderNotFoundError();
  if (state.test && MONEY_COMMANDS.has(type)) throw new OrderInvalidTransitionError('test', type);
  if (isTabRound(state) && MONEY_COMMANDS.has(type)) throw new OrderInvalidTransitionError('tab round', type);
  return state;
}

/**
 * The order's life (issue 5): pending -> paid -> accepted -> ready -> served, or pending -> expired after 30 minutes
 * unpaid; its payment pending -> paid / failed (a failed payment can be retried on a new page); its invoice pending ->
 * generated / failed. Commands that repeat what already happened (the same webhook twice, a second delivery to a
 * processor) decide nothing, so replays change nothing twice. Each concern decides its own commands in its file:
 * placement, payment, invoice, kitchen, messages, refunds.
 */
export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: () => ({ placed: false }),

  decide(command, state) {
    if (command.type === 'PlaceOrder') return placeOrder(command, state);
    if (command.type === 'PlaceTestOrder') return placeTestOrder(command, state);
    const order = placedFor(state, command.type);
    switch (command.type) {
      case 'ExpireOrder':
        return expireOrder(command, order);
      case 'OpenPaymentPage':
        return openPage(command, order);
      case 'OpenPartPage':
        return openPartPage(command, order);
      case 'RecordPayment':
        return recordPayment(command, order);
      case 'RecordPaymentFailure':
        return recordPaymentFailure(command, order);
      case 'IssueInvoice':
        return issueInvoice(command, order);
      case 'RecordInvoiceFailure':
        return recordInvoiceFailure(command, order);
      case 'IssueAllocatedInvoice':
        return issueAllocatedInvoice(command, order);
      case 'RecordAllocationRefusal':
        return recordAllocationRefusal(command, order);
      case 'IssueInvoiceWithoutAllocation':
        return issueInvoiceWithoutAllocation(command, order);
      case 'AcceptOrder':
      case 'MarkOrderReady':
      case 'MarkOrderServed':
        return moveKitchenStep(command, order);
      case 'QueueSlip':
        return queueSlip(command, order);
      case 'RecordSlipPrinted':
        return recordSlipPrinted(command, order);
      case 'RecordPrintFailure':
        return recordPrintFailure(command, order);
      case 'MarkOrderDue':
        return markOrderDue(command, order);
      case 'StartRound':
        return startRound(command, order);
      case 'RecordReceiptSms':
        return recordReceiptSms(command, order);
      case 'RecordReceiptSmsFailure':
        return recordReceiptSmsFailure(command, order);
      case 'RequestReadySms':
        return requestReadySms(command, order);
      case 'RecordReadySms':
        return recordReadySms(command, order);
      case 'RecordReadySmsFailure':
        return recordReadySmsFailure(command, order);
      case 'RequestRefund':
        return requestRefund(command, order);
      case 'DeclineOrder':
        return declineOrder(command, order);
      case 'RecordRefund':
        return recordRefund(command, order);
      case 'RecordRefundFailure':
        return recordRefundFailure(command, order);
      case 'RequestCreditRetry':
        return requestCreditRetry(command, order);
      case 'RecordCreditRetry':
        return recordCreditRetry(command, order);
    }
  },

  evolve(state, event) {
    if (event.type === 'OrderPlaced') return orderPlaced(event.data);
    // An order stream always starts with OrderPlaced.
    if (!state.placed) return state;
    switch (event.type) {
      case 'OrderExpired':
        return { ...state, status: 'expired' };
      case 'PaymentPageOpened':
      case 'OrderPaid':
      case 'PaymentFailed':
        return evolvePayment(state, event);
      case 'InvoiceIssued':
        // A payer's part's document (issue 34): the part keeps it; the order's own fields are a single payer's.
        return event.data.partId ? evolvePartInvoice(state, event.data) : evolveInvoice(state, event);
      case 'InvoiceFailed':
        return evolveInvoice(state, event);
      case 'PartPageOpened':
      case 'PartPaid':
      case 'PartFailed':
        return evolvePart(state, event);
      case 'InvoiceAwaitingAllocation':
      case 'AllocationRefused':
        return evolveAllocation(state, event);
      case 'OrderAccepted':
      case 'OrderReady':
      case 'OrderServed':
      case 'SlipQueued':
      case 'SlipPrinted':
      case 'PrintFailed':
      case 'OrderDue':
        return evolveKitchen(state, event);
      case 'ReceiptSmsSent':
      case 'ReceiptSmsFailed':
      case 'ReadySmsRequested':
      case 'ReadySmsSent':
      case 'ReadySmsFailed':
        return evolveMessages(state, event);
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

/** The order's state from its stream; the stream's only writer is this decider, so its events are order events. */
export function foldOrder(events: readonly RecordedEvent[]): OrderState {
  return events.reduce(
    (state, event) => orderDecider.evolve(state, event as unknown as OrderEvent),
    orderDecider.initialState(),
  );
}
