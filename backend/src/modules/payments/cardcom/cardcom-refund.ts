// Cardcom REST API v11 `Transactions/RefundByTransactionId`, spelled as its OpenAPI definition spells it
// (RefundByTransactionIdReq / RefundByTransactionIdResp). Pure translations, unit-tested and checked against the
// definition by the contract test.
import { z } from 'zod';
import { PaymentProviderError, type RefundRequest, type RefundResult } from '../payment-provider.port.js';
import { shekels, type CardcomTerminal } from './cardcom-mapping.js';

export const REFUND_PATH = '/api/v11/Transactions/RefundByTransactionId';

export interface CardcomRefundByTransactionId {
  ApiName: string;
  ApiPassword: string;
  TransactionId: number;
  /** Absent: the whole charge. */
  PartialSum?: number;
  /** A second refund of one charge is refused unless this is true. */
  AllowMultipleRefunds?: boolean;
}

/**
 * The refund's body. The definition's request has no terminal number (the ApiName names the terminal) and no key of
 * ours: Cardcom cannot tell a repeated call from a second refund, which is why this provider's refunds are not
 * idempotent. A whole first refund sends neither PartialSum nor AllowMultipleRefunds, so Cardcom itself refuses a
 * repeat of it; a partial one must allow multiple refunds.
 */
export function toRefundByTransactionId(
  request: RefundRequest,
  terminal: CardcomTerminal,
  apiPassword: string,
): CardcomRefundByTransactionId {
  if (!/^\d{1,18}$/.test(request.transactionId) || !Number.isSafeInteger(Number(request.transactionId))) {
    throw new PaymentProviderError('Cardcom transaction id is not an int64 this process can send');
  }
  const whole = request.amountAgorot === request.paidAgorot && !request.followsAnother;
  return {
    ApiName: terminal.ApiName,
    ApiPassword: apiPassword,
    TransactionId: Number(request.transactionId),
    ...(whole ? {} : { PartialSum: shekels(request.amountAgorot), AllowMultipleRefunds: true }),
  };
}

const refundAnswer = z.object({
  ResponseCode: z.number().int(),
  Description: z.string().nullish(),
  NewTranzactionId: z.number().int().nullish(),
});

/** ResponseCode 0 with the refund's new transaction: refunded; any other code: refused with Cardcom's description. */
export function fromRefundResponse(body: unknown, amountAgorot: number): RefundResult {
  const parsed = refundAnswer.safeParse(body);
  if (!parsed.success) throw new PaymentProviderError('Cardcom RefundByTransactionId answered an unexpected shape');
  const { ResponseCode, Description, NewTranzactionId } = parsed.data;
  if (ResponseCode === 0) {
    if (NewTranzactionId === null || NewTranzactionId === undefined) {
      throw new PaymentProviderError('Cardcom RefundByTransactionId answered 0 without NewTranzactionId');
    }
    return { status: 'refunded', providerRefundId: String(NewTranzactionId), amountAgorot };
  }
  return {
    status: 'failed',
    responseCode: String(ResponseCode),
    reason: (Description ?? '').slice(0, 250) || `Cardcom refused the refund (${ResponseCode})`,
  };
}
