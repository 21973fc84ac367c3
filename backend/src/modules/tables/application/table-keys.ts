import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { TABLE_KEY, TABLE_KEY_LENGTH } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { deriveKey } from '../../../platform/auth/derive-key.js';

/** How long the public id of a diner at a table is (base64url characters: 72 bits). */
const DINER_ID_LENGTH = 12;

/**
 * The secrets of the shared table (decision 055), computed rather than stored:
 * - a table's key, on its poster: HMAC-SHA256(`${departmentId}|${number}|${generation}`), 16 characters of base64url
 *   (96 bits). A renewal moves the generation, and every poster printed before stops opening the shared cart.
 * - a diner's public id at one cart: HMAC-SHA256(`${session}|${cartId}`), cut to 12 characters. Stable for one browser
 *   at one cart, unlinkable across carts, and never the session cookie itself (which would let another diner act
 *   as them).
 * Each with its own key derived from JWT_SECRET, so neither is a valid signature of anything else.
 */
@Injectable()
export class TableKeys {
  private readonly tableKey: KeyObject;
  private readonly dinerKey: KeyObject;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    this.tableKey = createSecretKey(deriveKey(config.jwtSecret, 'table-keys'));
    this.dinerKey = createSecretKey(deriveKey(config.jwtSecret, 'table-diners'));
  }

  keyOf(departmentId: string, number: number, generation: number): string {
    return createHmac('sha256', this.tableKey)
      .update(`${departmentId}|${number}|${generation}`, 'utf8')
      .digest('base64url')
      .slice(0, TABLE_KEY_LENGTH);
  }

  /** Constant-time, so the time of a refusal tells nothing about how much of a guess was right. */
  verify(departmentId: string, number: number, generation: number, key: unknown): boolean {
    if (typeof key !== 'string' || !TABLE_KEY.test(key)) return false;
    const expected = Buffer.from(this.keyOf(departmentId, number, generation), 'utf8');
    const given = Buffer.from(key, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  dinerIdOf(session: string, cartId: string): string {
    return createHmac('sha256', this.dinerKey)
      .update(`${session}|${cartId}`, 'utf8')
      .digest('base64url')
      .slice(0, DINER_ID_LENGTH);
  }
}
