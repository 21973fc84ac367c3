import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorCode, errorHttpStatus, httpStatusFor, isErrorCode } from './errors.js';

describe('error codes', () => {
  it('keeps the exact strings clients depend on', () => {
    expect(ErrorCode.DatabaseUnavailable).toBe('DATABASE_UNAVAILABLE');
    expect(ErrorCode.ValidationFailed).toBe('validation.failed');
    expect(ErrorCode.OrderPriceChanged).toBe('order.price_changed');
    expect([...ERROR_CODES].sort()).toEqual(
      [
        'validation.failed',
        'auth.unauthenticated',
        'auth.forbidden',
        'auth.step_up_required',
        'not_found',
        'api.not_found',
        'conflict',
        'payload.too_large',
        'rate_limited',
        'DATABASE_UNAVAILABLE',
        'internal',
        'business.phone_taken',
        'business.email_taken',
        'otp.invalid',
        'otp.expired',
        'otp.too_many_attempts',
        'admin.wrong_number',
        'menu.not_found',
        'menu.unavailable',
        'order.price_changed',
        'stream.conflict',
        'sms.send_failed',
        'order.items_unavailable',
        'order.not_found',
        'order.invalid_transition',
        'order.expired',
        'order.already_paid',
        'order.zero_total',
        'order.tip_not_offered',
        'order.tip_too_large',
        'order.method_not_offered',
        'order.promo_invalid',
        'promo.code_taken',
        'request.uri_too_long',
        'request.timeout',
        'payment.provider_failed',
        'payment.unknown',
        'payment.verification_failed',
        'report.month_out_of_range',
        'printer.pairing_code_invalid',
        'printer.not_paired',
        'printer.offline',
        'printer.agent_credential_invalid',
        'order.option_unknown',
        'order.option_duplicate',
        'order.option_sold_out',
        'order.option_too_few',
        'order.option_too_many',
        'refund.order_not_paid',
        'refund.fully_refunded',
        'refund.invoice_awaiting_allocation',
        'refund.exceeds_remaining',
        'refund.line_unavailable',
        'refund.id_reused',
        'refund.not_found',
        'refund.not_recorded',
        'refund.split_bill',
        'credit.not_retryable',
        'business.ordering_closed',
        'business.menu_address_taken',
        'order.slot_full',
        'order.slot_unknown',
        'secrets.unavailable',
        'storage.unavailable',
        'test_order.no_product',
        'test_order.limit',
        'order.ready_sms_unavailable',
        'auth.role_forbidden',
        'device.pairing_code_invalid',
        'team.own_phone',
        'team.already_member',
        'team.full',
        'team.pin_invalid',
        'team.pin_locked',
        'invoice.allocation_number_invalid',
        'bookkeeping.range_out_of_bounds',
        'tax_authority.not_configured',
        'table.line_not_yours',
        'table.line_not_found',
        'table.cart_paying',
        'table.cart_changed',
        'table.cart_full',
        'table.cart_empty',
        'table.split_refused',
        'table.share_changed',
        'table.tab_off',
        'table.tab_no_hold',
        'table.tab_hold_open',
        'table.tab_over_hold',
        'table.tab_nothing_to_send',
        'table.tab_unsent',
        'table.tab_not_holder',
        'table.tab_paying',
        'table.line_sent',
      ].sort(),
    );
  });

  it('has no duplicate codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('maps every code, and only known codes, to an HTTP error status', () => {
    expect(Object.keys(errorHttpStatus).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(httpStatusFor(code)).toBeGreaterThanOrEqual(400);
      expect(httpStatusFor(code)).toBeLessThan(600);
    }
  });

  it.each([
    ['validation.failed', 400],
    ['auth.unauthenticated', 401],
    ['auth.forbidden', 403],
    ['auth.step_up_required', 403],
    ['not_found', 404],
    ['api.not_found', 404],
    ['conflict', 409],
    ['payload.too_large', 413],
    ['rate_limited', 429],
    ['DATABASE_UNAVAILABLE', 503],
    ['internal', 500],
    ['business.phone_taken', 409],
    ['otp.invalid', 400],
    ['otp.too_many_attempts', 429],
    ['menu.not_found', 404],
    ['order.price_changed', 409],
    ['stream.conflict', 409],
    ['sms.send_failed', 502],
    ['order.tip_not_offered', 409],
    ['order.tip_too_large', 422],
    ['order.method_not_offered', 409],
    ['business.menu_address_taken', 409],
    ['order.promo_invalid', 409],
    ['promo.code_taken', 409],
    ['table.line_not_yours', 403],
    ['table.cart_paying', 409],
    ['table.tab_not_holder', 403],
    ['table.tab_over_hold', 409],
    ['table.cart_changed', 409],
  ] as const)('%s answers %i', (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });

  it('recognises only its own codes', () => {
    expect(isErrorCode('otp.expired')).toBe(true);
    expect(isErrorCode('database_unavailable')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
