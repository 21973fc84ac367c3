import { createHash, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_TTL_MS, type ScreenPairingCode } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { execute, query } from '../../../platform/database/sql.js';

const codeHash = (code: string): string => createHash('sha256').update(code, 'utf8').digest('hex');

/**
 * A kitchen screen's pairing codes (issue 31), like the printing agent's: eight characters without look-alikes (40
 * bits), single use, ten minutes, stored by hash only; tries are limited per address on the pairing route.
 */
@Injectable()
export class ScreenPairingCodes {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async create(businessPhone: string): Promise<ScreenPairingCode> {
    const code = Array.from({ length: 8 }, () => PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)]).join(
      '',
    );
    const expiresAt = new Date(Date.now() + PAIRING_CODE_TTL_MS);
    await execute(
      this.database.em(),
      'insert into screen_pairing_codes (code_hash, business_id, expires_at) values (?, ?, ?)',
      [codeHash(code), businessPhone, expiresAt],
    );
    return { code: `${code.slice(0, 4)}-${code.slice(4)}`, expiresAt: expiresAt.toISOString() };
  }

  /** Uses up a code (normalised: eight characters); the business it was made for, or undefined. */
  async use(code: string): Promise<string | undefined> {
    const [row] = await query<{ business_id: string }>(
      this.database.em(),
      `update screen_pairing_codes set used_at = now()
        where code_hash = ? and used_at is null and expires_at > now() returning business_id`,
      [codeHash(code)],
    );
    return row?.business_id;
  }
}
