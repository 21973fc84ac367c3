/** Domain errors of the order aggregate; each carries the stable code the HTTP layer answers with. */
export class OrderNotFoundError extends Error {
  readonly code = 'order.not_found';
  constructor() {
    super('no such order');
    this.name = 'OrderNotFoundError';
  }
}

export class OrderAlreadyPlacedError extends Error {
  readonly code = 'conflict';
  constructor(readonly orderId: string) {
    super(`order ${orderId} was already placed`);
    this.name = 'OrderAlreadyPlacedError';
  }
}

export class OrderExpiredError extends Error {
  readonly code = 'order.expired';
  constructor(readonly orderId: string) {
    super(`order ${orderId} expired unpaid`);
    this.name = 'OrderExpiredError';
  }
}

/** A second, different charge for a paid order: never recorded as a payment; a person must refund it. */
export class OrderAlreadyPaidError extends Error {
  readonly code = 'order.already_paid';
  constructor(
    readonly orderId: string,
    readonly transactionId: string,
  ) {
    super(`order ${orderId} is already paid; transaction ${transactionId} is a second charge`);
    this.name = 'OrderAlreadyPaidError';
  }
}

/** The provider's verified result does not match this order (page, amount): nothing is recorded. */
export class PaymentMismatchError extends Error {
  readonly code = 'payment.verification_failed';
  constructor(readonly reason: string) {
    super(`payment does not match the order: ${reason}`);
    this.name = 'PaymentMismatchError';
  }
}

export class OrderInvalidTransitionError extends Error {
  readonly code = 'order.invalid_transition';
  constructor(
    readonly from: string,
    readonly command: string,
  ) {
    super(`an order that is ${from} cannot take ${command}`);
    this.name = 'OrderInvalidTransitionError';
  }
}

/** A refund of an order whose payment was never taken (an expired order answers `order.expired` instead). */
export class RefundOrderNotPaidError extends Error {
  readonly code = 'refund.order_not_paid';
  constructor(readonly orderId: string) {
    super(`order ${orderId} is not paid: nothing to refund`);
    this.name = 'RefundOrderNotPaidError';
  }
}

/**
 * A refund of an order whose tax document waits for its allocation number (decision 049): its credit document would
 * have nothing issued to credit. The owner types the number or chooses first; the wait itself ends within minutes.
 */
export class RefundInvoiceAwaitingAllocationError extends Error {
  readonly code = 'refund.invoice_awaiting_allocation';
  constructor(readonly orderId: string) {
    super(`order ${orderId}'s tax document waits for its allocation number`);
    this.name = 'RefundInvoiceAwaitingAllocationError';
  }
}

/**
 * A shared table's bill paid in parts (issue 34): a refund is made against the part that paid, with that part's
 * credit document; until the refund knows its part, none is asked for, so no part is refunded for another's money.
 */
export class RefundSplitBillError extends Error {
  readonly code = 'refund.split_bill';
  constructor(readonly orderId: string) {
    super(`order ${orderId} was paid in parts`);
    this.name = 'RefundSplitBillError';
  }
}

export class RefundFullyRefundedError extends Error {
  readonly code = 'refund.fully_refunded';
  constructor(readonly orderId: string) {
    super(`order ${orderId} is already refunded in full`);
    this.name = 'RefundFullyRefundedError';
  }
}

export class RefundExceedsRemainingError extends Error {
  readonly code = 'refund.exceeds_remaining';
  constructor(
    readonly requestedAgorot: number,
    readonly remainingAgorot: number,
  ) {
    super(`a refund of ${requestedAgorot} agorot asked, ${remainingAgorot} remain refundable`);
    this.name = 'RefundExceedsRemainingError';
  }
}

/** A line that is not in the order, named twice, or with more units than remain unrefunded on it. */
export class RefundLineUnavailableError extends Error {
  readonly code = 'refund.line_unavailable';
  constructor(readonly index: number) {
    super(`line ${index} cannot be refunded as asked`);
    this.name = 'RefundLineUnavailableError';
  }
}

/** The same refund id with another amount or other lines: one id is one refund, never two. */
export class RefundIdReusedError extends Error {
  readonly code = 'refund.id_reused';
  constructor(readonly refundId: string) {
    super(`refund ${refundId} was requested with other details`);
    this.name = 'RefundIdReusedError';
  }
}

export class CreditNotRetryableError extends Error {
  readonly code = 'credit.not_retryable';
  constructor(readonly refundId: string) {
    super(`the credit document of refund ${refundId} cannot be asked for again`);
    this.name = 'CreditNotRetryableError';
  }
}

export class RefundNotFoundError extends Error {
  readonly code = 'refund.not_found';
  constructor(readonly refundId: string) {
    super(`no refund ${refundId} on this order`);
    this.name = 'RefundNotFoundError';
  }
}

/** An amount that is not a positive number of agorot: the HTTP schema refuses it first, the decider never trusts it. */
export class RefundAmountInvalidError extends Error {
  readonly code = 'validation.failed';
  constructor(readonly amountAgorot: number) {
    super(`a refund of ${amountAgorot} agorot is not a refund`);
    this.name = 'RefundAmountInvalidError';
  }
}
