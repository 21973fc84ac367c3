import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The link of our own tax invoice: `/api/invoice/{orderId}?token={HMAC-SHA256(orderId)}`, base64url. The token is
 * unguessable without the server's secret and needs no storage: the page recomputes it. Its key is derived from
 * JWT_SECRET for this one purpose (HKDF-SHA256, the scheme of platform/auth/derive-key.ts), so a link token is never
 * a valid signature of anything else and operators still manage a single secret.
 */
export class InvoiceLinks {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    // derive-key.ts names its purposes in a closed union; this one is added here rather than widening it from a
    // module that does not own it. Same salt and info shape, so it can move there unchanged.
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, 'tafrit', 'tafrit/invoice-links', 32));
  }

  tokenFor(orderId: string): string {
    return createHmac('sha256', this.key).update(orderId, 'utf8').digest('base64url');
  }

  /** The page's address, path only: the diner's browser and the owner's console resolve it on our own origin. */
  urlFor(orderId: string): string {
    return `/api/invoice/${encodeURIComponent(orderId)}?token=${this.tokenFor(orderId)}`;
  }

  /** Constant-time comparison, so the time of a refusal tells nothing about how much of a guess was right. */
  verify(orderId: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) return false;
    const expected = Buffer.from(this.tokenFor(orderId), 'utf8');
    const given = Buffer.from(token, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
