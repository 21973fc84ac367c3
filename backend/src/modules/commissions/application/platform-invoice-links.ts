import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { deriveKey } from '../../../platform/auth/derive-key.js';

/**
 * The link of a platform commission invoice (and its credits): `/api/platform-invoice/{month}/{phone}?token=...`,
 * the token an HMAC of the business and month under a key of its own (as the business invoices' links, decision 005).
 * Only the business's owner (their own report) and the administrator are ever given it.
 */
export class PlatformInvoiceLinks {
  private readonly key: KeyObject;

  constructor(jwtSecret: string) {
    this.key = createSecretKey(deriveKey(jwtSecret, 'platform-invoice-links'));
  }

  private tokenFor(businessPhone: string, month: string): string {
    return createHmac('sha256', this.key).update(`${businessPhone}|${month}`, 'utf8').digest('base64url');
  }

  urlFor(businessPhone: string, month: string, creditNumber?: number): string {
    const credit = creditNumber === undefined ? '' : `&credit=${creditNumber}`;
    return `/api/platform-invoice/${month}/${encodeURIComponent(businessPhone)}?token=${this.tokenFor(businessPhone, month)}${credit}`;
  }

  verify(businessPhone: string, month: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) return false;
    const expected = Buffer.from(this.tokenFor(businessPhone, month), 'utf8');
    const given = Buffer.from(token, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
