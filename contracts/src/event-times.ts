import type { OrderEventType } from './order-events.js';

/**
 * The field of an event's data that holds the moment the event occurred, by event type: the command's time, which
 * the event's metadata holds too (`occurredAt`). The log keeps it once, in the metadata, when the two are equal, and
 * puts it back into the data when read (decision 067); a value that differs is kept as it is. Each named field is a
 * required instant of its event (event-times.spec.ts checks it), so a read never adds a field an event did not have.
 *
 * Not named: `InvoiceAwaitingAllocation` (no time of its own) and `OrderDue` (its times are the pickup's).
 */
export const EVENT_TIME_FIELDS: Readonly<Partial<Record<OrderEventType, string>>> = {
  OrderPlaced: 'placedAt',
  PaymentPageOpened: 'openedAt',
  OrderPaid: 'paidAt',
  PaymentFailed: 'failedAt',
  OrderExpired: 'expiredAt',
  OrderAccepted: 'at',
  OrderReady: 'at',
  OrderServed: 'at',
  InvoiceIssued: 'issuedAt',
  InvoiceFailed: 'failedAt',
  AllocationRefused: 'refusedAt',
  ReceiptSmsSent: 'sentAt',
  ReceiptSmsFailed: 'failedAt',
  SlipQueued: 'queuedAt',
  SlipPrinted: 'printedAt',
  PrintFailed: 'failedAt',
  RefundRequested: 'requestedAt',
  OrderRefunded: 'refundedAt',
  RefundFailed: 'failedAt',
  OrderDeclined: 'declinedAt',
  CreditIssued: 'issuedAt',
  CreditFailed: 'failedAt',
  ReadySmsRequested: 'requestedAt',
  ReadySmsSent: 'sentAt',
  ReadySmsFailed: 'failedAt',
  CreditRetryRequested: 'requestedAt',
  PartPageOpened: 'openedAt',
  PartPaid: 'paidAt',
  PartFailed: 'failedAt',
};

/** The order events whose data has no time of their own to keep once (see above). */
export const EVENTS_WITHOUT_TIME_FIELD: readonly OrderEventType[] = ['InvoiceAwaitingAllocation', 'OrderDue'];
