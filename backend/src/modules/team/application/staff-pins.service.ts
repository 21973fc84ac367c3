import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Role, type StaffPinGrant, TEAM_LIMITS } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { deriveKey } from '../../../platform/auth/derive-key.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { execute, query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { TeamReader } from '../projections/team.reader.js';

/** The owner's name on a shared screen's PIN pad. */
export const OWNER_PIN_NAME = 'בעלי העסק';

const grantHash = (grant: string): string => createHash('sha256').update(grant, 'utf8').digest('hex');

/**
 * Staff PINs on shared screens (issue 31). A PIN has four to six digits, so any unkeyed hash of it falls to a search
 * of a million values: it is stored as an HMAC under a key derived from JWT_SECRET, bound to the business and the
 * person, and a database copy alone reveals nothing. Five wrong PINs in a row lock that person's PIN for fifteen
 * minutes. A right PIN gives a grant: one random value, stored by hash, that makes the screen's next action (within
 * two minutes) that person's.
 */
@Injectable()
export class StaffPins {
  private readonly key: Buffer;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly team: TeamReader,
  ) {
    this.key = deriveKey(config.jwtSecret, 'staff-pins');
  }

  private hash(businessPhone: string, memberId: string, pin: string): string {
    return createHmac('sha256', this.key).update(`${businessPhone}\n${memberId}\n${pin}`, 'utf8').digest('hex');
  }

  /** Stores (or replaces) a person's PIN; unlocks it. */
  async store(businessPhone: string, memberId: string, pin: string): Promise<void> {
    await execute(
      this.database.em(),
      `insert into staff_pins (business_id, member_id, pin_hash, failures, locked_until) values (?, ?, ?, 0, null)
       on conflict (business_id, member_id)
       do update set pin_hash = excluded.pin_hash, failures = 0, locked_until = null`,
      [businessPhone, memberId, this.hash(businessPhone, memberId, pin)],
    );
  }

  async hasPin(businessPhone: string, memberId: string): Promise<boolean> {
    const rows = await query<{ one: number }>(
      this.database.em(),
      'select 1 as one from staff_pins where business_id = ? and member_id = ?',
      [businessPhone, memberId],
    );
    return rows.length > 0;
  }

  /**
   * Checks `pin` for `memberId` typed on screen `screenId`; answers a grant for the screen's next action. A wrong PIN,
   * a person without a PIN or a removed person: `team.pin_invalid` (the same answer); a locked PIN: `team.pin_locked`.
   */
  async grant(options: {
    businessPhone: string;
    screenId: string;
    memberId: string;
    pin: string;
  }): Promise<StaffPinGrant> {
    const { businessPhone, screenId, memberId, pin } = options;
    const who = await this.whoIs(businessPhone, memberId);
    const now = new Date();
    const checked = await this.database.em().transactional(async (em) => {
      const [row] = await query<{ pin_hash: string; failures: number; locked_until: Date | string | null }>(
        em,
        'select pin_hash, failures, locked_until from staff_pins where business_id = ? and member_id = ? for update',
        [businessPhone, memberId],
      );
      if (!row || !who) return 'invalid' as const;
      if (row.locked_until && new Date(row.locked_until).getTime() > now.getTime()) return 'locked' as const;
      const expected = Buffer.from(row.pin_hash, 'hex');
      const given = Buffer.from(this.hash(businessPhone, memberId, pin), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const failures = row.failures + 1;
        const lock = failures >= TEAM_LIMITS.pinFailuresBeforeLock;
        await execute(
          em,
          'update staff_pins set failures = ?, locked_until = ? where business_id = ? and member_id = ?',
          [lock ? 0 : failures, lock ? new Date(now.getTime() + TEAM_LIMITS.pinLockMs) : null, businessPhone, memberId],
        );
        return lock ? ('locked' as const) : ('invalid' as const);
      }
      await execute(em, 'update staff_pins set failures = 0 where business_id = ? and member_id = ?', [
        businessPhone,
        memberId,
      ]);
      return 'right' as const;
    });
    if (checked === 'locked') {
      throw new AppError('team.pin_locked', { headers: { 'retry-after': String(TEAM_LIMITS.pinLockMs / 1000) } });
    }
    if (checked === 'invalid' || !who) throw new AppError('team.pin_invalid');
    const grant = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + TEAM_LIMITS.pinGrantMs);
    await execute(
      this.database.em(),
      `insert into pin_grants (grant_hash, business_id, screen_id, member_id, role, expires_at)
       values (?, ?, ?, ?, ?, ?)`,
      [grantHash(grant), businessPhone, screenId, memberId, who.role, expiresAt],
    );
    return { grant, name: who.name, role: who.role, expiresAt: expiresAt.toISOString() };
  }

  /** The grant a screen's request carries, used up now; undefined for anything else (and for a removed person). */
  async useGrant(
    businessPhone: string,
    screenId: string,
    grant: string,
  ): Promise<{ memberId: string; role: Role } | undefined> {
    if (grant.length > 100) return undefined;
    const [row] = await query<{ member_id: string }>(
      this.database.em(),
      `update pin_grants set used_at = now()
        where grant_hash = ? and business_id = ? and screen_id = ? and used_at is null and expires_at > now()
        returning member_id`,
      [grantHash(grant), businessPhone, screenId],
    );
    if (!row) return undefined;
    // The role as it is now: a person removed or moved since the PIN was typed acts with what they have now.
    const who = await this.whoIs(businessPhone, row.member_id);
    return who ? { memberId: row.member_id, role: who.role } : undefined;
  }

  private async whoIs(businessPhone: string, memberId: string): Promise<{ role: Role; name: string } | undefined> {
    if (memberId === 'owner') return { role: 'owner', name: OWNER_PIN_NAME };
    const member = await this.team.memberOf(businessPhone, memberId);
    return member?.kind === 'person' ? member : undefined;
  }
}
