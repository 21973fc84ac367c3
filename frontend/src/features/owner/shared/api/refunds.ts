// The owner's refunds (issue 17, decision 024): `POST /api/orders/{orderId}/refunds` (the whole remainder, chosen
// lines or an amount) and `POST /api/live-orders/{orderId}/decline` (a new order declined: refunded whole). The
// client makes the refund's id once per confirmation, so a double click or a retry is the same refund.
import { creditRetryAnswerSchema, refundAnswerSchema } from '@tafrit/contracts/http/owner-answers.schemas';
import type { CreditRetryAnswer, RefundAnswer } from '@tafrit/contracts/http/refunds.schemas';
import { liveOrderSchema, type LiveOrder } from '@tafrit/contracts/sockets';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

/** What is refunded: everything that remains, lines by position (with units), or an amount in shekels ("12.50"). */
export type RefundRequest =
  | { kind: 'whole' }
  | { kind: 'lines'; lines: { index: number; quantity: number }[] }
  | { kind: 'amount'; amount: string };

export async function refundOrder(
  orderId: string,
  request: RefundRequest,
  reason: string,
  refundId: string,
  /** Issue 34: the payer's payment of a shared bill it goes back on. */
  partId?: string,
): Promise<RefundAnswer> {
  const body = {
    reason,
    refundId,
    ...(partId ? { partId } : {}),
    ...(request.kind === 'lines' ? { lines: request.lines } : {}),
    ...(request.kind === 'amount' ? { amount: request.amount } : {}),
  };
  const response = await ownerRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/refunds`, body);
  return dataOf(refundAnswerSchema, response);
}

/** Answers the order as the console shows it after the decline: cancelled, and refunded unless the provider refused. */
export async function declineOrder(orderId: string, reason: string, refundId: string): Promise<LiveOrder> {
  const response = await ownerRequest('POST', `/api/live-orders/${encodeURIComponent(orderId)}/decline`, {
    reason,
    refundId,
  });
  return dataOf(liveOrderSchema, response);
}

/**
 * Asks again for the provider's credit document of a refund whose document failed (decision 026). The server asks
 * the provider once however often this is sent, so a double click is harmless.
 */
export async function retryCreditDocument(orderId: string, refundId: string): Promise<CreditRetryAnswer> {
  const response = await ownerRequest(
    'POST',
    `/api/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}/credit`,
  );
  return dataOf(creditRetryAnswerSchema, response);
}
