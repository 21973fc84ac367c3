import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { deriveKey } from '../../../platform/auth/derive-key.js';

/**
 * The link of our own tax invoice: `/api/invoice/{orderId}?token={HMAC-SHA256(orderId)}`, base64url. The token is
 * unguessable without the server's secret and needs no storage: the page recomputes it. Its key is derived from
 * JWT_SECRET for this one purpose (`deriveKey`), so a link token is never a valid signature of anything else.
 */
export class InvoiceLinks {
  // A KeyObject made once: a Buffer key is turned into one on every createHmac, a cost paid on every paid order.
  private readonly key: KeyObject;

  constructor(jwtSecret: string) {
    this.key = createSecretKey(deriveKey(jwtSecret, 'invoice-links'));
  }

  tokenFor(orderId: string): string {
    return createHmac('sha256', this.key).update(orderId, 'utf8').digest('base64url');
  }

  /** The page's address, path only: the diner's browser and the owner's console resolve it on our own origin. */
  urlFor(orderId: string): string {
    return `/api/invoice/${encodeURIComponent(orderId)}?token=${this.tokenFor(orderId)}`;
  }

  /**
   * The page of a refund's credit document: the order's token opens it, as it opens the order's invoice (whoever holds
   * the invoice's link, the diner, sees the credits of the same order).
   */
  creditUrlFor(orderId: string, refundId: string): string {
    return `/api/invoice/${encodeURIComponent(orderId)}/credits/${encodeURIComponent(refundId)}?token=${this.tokenFor(orderId)}`;
  }

  /**
   * The document of one payer's part of a shared table's bill (issue 34, decision 056): its token is of the order and
   * the part together, so one payer's link opens their own document and never another payer's.
   */
  partUrlFor(orderId: string, partId: string): string {
    const token = this.tokenFor(`${orderId}:${partId}`);
    return `/api/invoice/${encodeURIComponent(orderId)}?part=${encodeURIComponent(partId)}&token=${token}`;
  }

  /** Constant-time comparison, so the time of a refusal tells nothing about how much of a guess was right. */
  verify(orderId: string, token: unknown, partId?: string): boolean {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) return false;
    const expected = Buffer.from(this.tokenFor(partId === undefined ? orderId : `${orderId}:${partId}`), 'utf8');
    const given = Buffer.from(token, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
