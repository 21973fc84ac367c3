import { Inject, Injectable } from '@nestjs/common';
import { STEP_UP_VALID_MS } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import type { OwnerPrincipal } from '../../../platform/auth/principals.js';
import { query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { OneTimeCodes } from './one-time-codes.service.js';

/** One Hebrew SMS (70 characters): what the code is for, and a word against handing it to a caller. */
export const stepUpCodeText = (code: string): string => `קוד לאישור שינוי בהגדרות תפריט: ${code}. אל תמסרו אותו לאיש`;

/**
 * The step-up of decision 036: a fresh code sent to the business's phone lets one sign-in make the sensitive changes
 * (payout details, the Cardcom password, a new QR address) for five minutes. A signed-in tablet alone, left on the
 * counter, is not enough: the person must also hold the business's phone. Codes have their own purpose, so a sign-in
 * code never steps up and a step-up code never signs in, with the same limits (30 s, five an hour, locked after five
 * wrong tries).
 */
@Injectable()
export class StepUps {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly codes: OneTimeCodes,
  ) {}

  async sendCode(owner: OwnerPrincipal): Promise<void> {
    await this.codes.issue({
      phone: owner.phone,
      purpose: 'step_up',
      deliver: true,
      kind: 'owner-step-up-code',
      text: stepUpCodeText,
    });
  }

  /** Accepts the code and marks the caller's sign-in stepped up; answers until when (the database's clock). */
  async verify(owner: OwnerPrincipal, code: string): Promise<Date> {
    await this.codes.verify({ phone: owner.phone, purpose: 'step_up', code });
    const [row] = await query<{ until: Date | string }>(
      this.database.em(),
      `update user_sessions set step_up_until = now() + make_interval(secs => ?)
        where id = ? and user_id = ? and audience = 'owner' and not is_revoked
        returning step_up_until as until`,
      [STEP_UP_VALID_MS / 1000, owner.sessionId, owner.phone],
    );
    // The session ended between the guard and here (a logout from another tab): nothing to step up.
    if (!row) throw new AppError('auth.unauthenticated');
    return new Date(row.until);
  }

  /** Whether the caller's sign-in holds a step-up that has not run out. */
  async isFresh(owner: OwnerPrincipal): Promise<boolean> {
    const rows = await query<{ ok: number }>(
      this.database.em(),
      `select 1 as ok from user_sessions
        where id = ? and user_id = ? and not is_revoked and step_up_until > now()`,
      [owner.sessionId, owner.phone],
    );
    return rows.length > 0;
  }
}
