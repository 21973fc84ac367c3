// Stable error codes shared by the backend's failure envelope and the front end's Hebrew catalogue.
// A code is a contract: never rename one, add a new one instead.
export const ErrorCode = {
  ValidationFailed: 'validation.failed',
  Unauthenticated: 'auth.unauthenticated',
  Forbidden: 'auth.forbidden',
  StepUpRequired: 'auth.step_up_required',
  NotFound: 'not_found',
  ApiNotFound: 'api.not_found',
  Conflict: 'conflict',
  PayloadTooLarge: 'payload.too_large',
  UriTooLong: 'request.uri_too_long',
  RequestTimeout: 'request.timeout',
  RateLimited: 'rate_limited',
  // Upper case because the product spec's clients already test for this exact string.
  DatabaseUnavailable: 'DATABASE_UNAVAILABLE',
  Internal: 'internal',
  BusinessPhoneTaken: 'business.phone_taken',
  BusinessEmailTaken: 'business.email_taken',
  OtpInvalid: 'otp.invalid',
  OtpExpired: 'otp.expired',
  OtpTooManyAttempts: 'otp.too_many_attempts',
  AdminWrongNumber: 'admin.wrong_number',
  MenuNotFound: 'menu.not_found',
  MenuUnavailable: 'menu.unavailable',
  OrderPriceChanged: 'order.price_changed',
  OrderSlotFull: 'order.slot_full',
  OrderSlotUnknown: 'order.slot_unknown',
  StreamConflict: 'stream.conflict',
  SmsSendFailed: 'sms.send_failed',
  OrderItemsUnavailable: 'order.items_unavailable',
  OrderNotFound: 'order.not_found',
  OrderInvalidTransition: 'order.invalid_transition',
  OrderExpired: 'order.expired',
  OrderAlreadyPaid: 'order.already_paid',
  OrderZeroTotal: 'order.zero_total',
  OrderTipNotOffered: 'order.tip_not_offered',
  OrderTipTooLarge: 'order.tip_too_large',
  OrderMethodNotOffered: 'order.method_not_offered',
  PaymentProviderFailed: 'payment.provider_failed',
  PaymentUnknown: 'payment.unknown',
  PaymentVerificationFailed: 'payment.verification_failed',
  ReportMonthOutOfRange: 'report.month_out_of_range',
  PairingCodeInvalid: 'printer.pairing_code_invalid',
  PrinterNotPaired: 'printer.not_paired',
  PrinterOffline: 'printer.offline',
  AgentCredentialInvalid: 'printer.agent_credential_invalid',
  OrderOptionUnknown: 'order.option_unknown',
  OrderOptionDuplicate: 'order.option_duplicate',
  OrderOptionSoldOut: 'order.option_sold_out',
  OrderOptionTooFew: 'order.option_too_few',
  OrderOptionTooMany: 'order.option_too_many',
  RefundOrderNotPaid: 'refund.order_not_paid',
  RefundFullyRefunded: 'refund.fully_refunded',
  RefundInvoiceAwaitingAllocation: 'refund.invoice_awaiting_allocation',
  RefundExceedsRemaining: 'refund.exceeds_remaining',
  RefundLineUnavailable: 'refund.line_unavailable',
  RefundIdReused: 'refund.id_reused',
  RefundNotFound: 'refund.not_found',
  RefundNotRecorded: 'refund.not_recorded',
  RefundSplitBill: 'refund.split_bill',
  CreditNotRetryable: 'credit.not_retryable',
  BusinessOrderingClosed: 'business.ordering_closed',
  SecretsUnavailable: 'secrets.unavailable',
  StorageUnavailable: 'storage.unavailable',
  TestOrderNoProduct: 'test_order.no_product',
  TestOrderLimit: 'test_order.limit',
  ReadySmsUnavailable: 'order.ready_sms_unavailable',
  RoleForbidden: 'auth.role_forbidden',
  DevicePairingCodeInvalid: 'device.pairing_code_invalid',
  TeamOwnPhone: 'team.own_phone',
  TeamAlreadyMember: 'team.already_member',
  TeamFull: 'team.full',
  TeamPinInvalid: 'team.pin_invalid',
  TeamPinLocked: 'team.pin_locked',
  AllocationNumberInvalid: 'invoice.allocation_number_invalid',
  BookkeepingRangeOutOfBounds: 'bookkeeping.range_out_of_bounds',
  TaxAuthorityNotConfigured: 'tax_authority.not_configured',
  MenuAddressTaken: 'business.menu_address_taken',
  OrderPromoInvalid: 'order.promo_invalid',
  PromoCodeTaken: 'promo.code_taken',
  TableLineNotYours: 'table.line_not_yours',
  TableLineNotFound: 'table.line_not_found',
  TableCartPaying: 'table.cart_paying',
  TableCartChanged: 'table.cart_changed',
  TableCartFull: 'table.cart_full',
  TableCartEmpty: 'table.cart_empty',
  TableSplitRefused: 'table.split_refused',
  TableShareChanged: 'table.share_changed',
  TableTabOff: 'table.tab_off',
  TableTabNoHold: 'table.tab_no_hold',
  TableTabHoldOpen: 'table.tab_hold_open',
  TableTabOverHold: 'table.tab_over_hold',
  TableTabNothingToSend: 'table.tab_nothing_to_send',
  TableTabUnsent: 'table.tab_unsent',
  TableTabNotHolder: 'table.tab_not_holder',
  TableTabPaying: 'table.tab_paying',
  TableLineSent: 'table.line_sent',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

/** The status a code is answered with unless a handler has a reason to pick another. */
export const errorHttpStatus: Readonly<Record<ErrorCode, number>> = {
  'validation.failed': 400,
  'auth.unauthenticated': 401,
  'auth.forbidden': 403,
  // A sensitive change (payout details, the Cardcom password, a new QR address) without a fresh code (decision 036).
  'auth.step_up_required': 403,
  // A signed-in team member whose role does not include the route's permission (issue 31): nothing changed.
  'auth.role_forbidden': 403,
  // A kitchen screen's pairing code that is wrong, used or older than ten minutes.
  'device.pairing_code_invalid': 400,
  // Inviting the business's own phone: the owner is already the owner.
  'team.own_phone': 409,
  'team.already_member': 409,
  'team.full': 409,
  // A wrong staff PIN on a shared screen; after five in a row the PIN is locked for a while.
  'team.pin_invalid': 400,
  'team.pin_locked': 429,
  // A typed allocation number (from the Tax Authority's personal area) that is not 9 digits (decision 047).
  'invoice.allocation_number_invalid': 400,
  // A future date, or older than the seven years the law keeps records (issue 32).
  'bookkeeping.range_out_of_bounds': 400,
  // Connecting to the Tax Authority on a server without its TAX_AUTHORITY_* configuration (decision 047).
  'tax_authority.not_configured': 409,
  // A readable menu address another café has, or once had (issue 33): an address is never given to a second café.
  'business.menu_address_taken': 409,
  not_found: 404,
  'api.not_found': 404,
  conflict: 409,
  'payload.too_large': 413,
  'request.uri_too_long': 414,
  // The body did not arrive in time (a dropped or crawling connection): the socket is closed after it.
  'request.timeout': 408,
  rate_limited: 429,
  DATABASE_UNAVAILABLE: 503,
  internal: 500,
  'business.phone_taken': 409,
  'business.email_taken': 409,
  // A wrong or stale code is a bad input, not a missing session: a 401 would make clients drop their token.
  'otp.invalid': 400,
  'otp.expired': 400,
  'otp.too_many_attempts': 429,
  'admin.wrong_number': 403,
  'menu.not_found': 404,
  // A paused business: DESIGN §5 answers "not allowed or paused" with 403.
  'menu.unavailable': 403,
  'order.price_changed': 409,
  // Issue 33: the chosen pickup slot took its last order meanwhile (the next free one comes in the data).
  'order.slot_full': 409,
  // A pickup time that is not one of today's slots (off the grid, past, too soon, after the last pickup, closed).
  'order.slot_unknown': 400,
  'stream.conflict': 409,
  // The SMS gateway failed, not the caller: a bad gateway, so clients show "send code error" and may retry.
  'sms.send_failed': 502,
  // A product was removed or sold out since the menu loaded: the diner's cart must change first.
  'order.items_unavailable': 409,
  'order.not_found': 404,
  'order.invalid_transition': 409,
  'order.expired': 409,
  'order.already_paid': 409,
  // Only free items: no payment provider opens a page for ₪0, so the order is refused before any page is asked for.
  'order.zero_total': 422,
  // The business turned tips (or Bit) off since the checkout was drawn: the diner pays again without it.
  'order.tip_not_offered': 409,
  'order.tip_too_large': 422,
  'order.method_not_offered': 409,
  // The payment provider did not answer or refused to open a page: not the diner's fault, try again.
  'payment.provider_failed': 502,
  'payment.unknown': 404,
  // The provider's own answer does not confirm the webhook (amount, order or result differ): nothing is recorded.
  'payment.verification_failed': 409,
  'printer.pairing_code_invalid': 400,
  'printer.not_paired': 404,
  'printer.offline': 409,
  'printer.agent_credential_invalid': 401,
  'report.month_out_of_range': 400,
  // A choice the menu no longer allows (an option removed or moved, sold out, a group whose limits changed since the
  // menu loaded): like a sold-out product, the diner's line must change first. A duplicate is the client's mistake.
  'order.option_unknown': 409,
  'order.option_duplicate': 400,
  'order.option_sold_out': 409,
  'order.option_too_few': 409,
  'order.option_too_many': 409,
  // Refunds (issue 17): the order's state refuses them, so they are conflicts with it, not bad input.
  'refund.order_not_paid': 409,
  'refund.fully_refunded': 409,
  'refund.invoice_awaiting_allocation': 409,
  'refund.exceeds_remaining': 409,
  'refund.line_unavailable': 409,
  // The same refund id sent again with another amount or other lines: never a second refund under one id.
  'refund.id_reused': 409,
  'refund.not_found': 404,
  // The event log refused the refund's write (a full disk, a lost connection): not the owner's fault, try again; the
  // sweep completes a refund whose request is already recorded.
  'refund.not_recorded': 503,
  'refund.split_bill': 409,
  // Only a provider's credit document that failed can be asked for again (ours never fails but for a missing invoice).
  'credit.not_retryable': 409,
  // Outside the business's hours, on Shabbat or a holiday, or paused from the console: a conflict with the moment.
  'business.ordering_closed': 409,
  // The server has no key to encrypt a terminal's password with (SECRETS_KEYS unset with an external database).
  'secrets.unavailable': 503,
  // The store of photos and logos (a bucket, decision 060, or the uploads folder) refused or did not answer: nothing
  // was recorded, try again; the menus keep being served meanwhile.
  'storage.unavailable': 503,
  // A test order (issue 18) needs an available product of the business's own menu: add one first.
  'test_order.no_product': 409,
  // Test orders print and ring on the console: a few a day are enough to try both (decision 034).
  'test_order.limit': 429,
  // The same without a key: a diner's number for the ready SMS is never stored in the clear (decision 033).
  'order.ready_sms_unavailable': 503,
  // A promo code that does not hold for this cart now (issue 33): its reason in `fields.promoCode`; nothing recorded.
  'order.promo_invalid': 409,
  // The business already has a code of that name (compared trimmed and case-insensitive).
  'promo.code_taken': 409,
  // Issue 34, the shared table: each diner changes or removes only the lines they added.
  'table.line_not_yours': 403,
  'table.line_not_found': 404,
  // The table's cart is checked out and waits for its payments: nothing is added or changed meanwhile.
  'table.cart_paying': 409,
  // The cart moved since it was read (a line added, the cart paid or ended): read it again.
  'table.cart_changed': 409,
  'table.cart_full': 409,
  'table.cart_empty': 409,
  'table.split_refused': 409,
  'table.share_changed': 409,
  // Pay at the end (issue 34, part 3): the café has it off; no card held yet; another diner's hold page is open; the
  // round would take the tab above the card's hold; nothing new to send; lines not sent before paying; only the diner
  // whose card is held charges it; a payment page of the bill is open.
  'table.tab_off': 409,
  'table.tab_no_hold': 409,
  'table.tab_hold_open': 409,
  'table.tab_over_hold': 409,
  'table.tab_nothing_to_send': 409,
  'table.tab_unsent': 409,
  'table.tab_not_holder': 403,
  'table.tab_paying': 409,
  // A line a round sent to the kitchen is neither changed nor removed.
  'table.line_sent': 409,
};

const codeSet: ReadonlySet<string> = new Set(ERROR_CODES);

/** Narrows a string that came over the wire; unknown codes from a newer server are not ours to map. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && codeSet.has(value);
}

export function httpStatusFor(code: ErrorCode): number {
  return errorHttpStatus[code];
}
