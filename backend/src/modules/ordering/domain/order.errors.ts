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
