import { hkdfSync } from 'node:crypto';

/**
 * A key of its own for each use of JWT_SECRET (HKDF-SHA256 with the purpose as `info`): a token signature can never
 * be replayed as a one-time-code hash or the other way round, and operators still manage a single secret.
 */
export function deriveKey(
  secret: string,
  purpose:
    | 'access-tokens'
    | 'one-time-codes'
    | 'invoice-links'
    | 'refresh-tokens'
    | 'platform-invoice-links'
    | 'staff-pins'
    | 'table-keys'
    | 'table-diners',
): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'tafrit', `tafrit/${purpose}`, 32));
}
