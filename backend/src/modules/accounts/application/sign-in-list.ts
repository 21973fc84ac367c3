import { Inject, Injectable } from '@nestjs/common';
import type { OwnerSessionItem } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import type { OwnerPrincipal } from '../../../platform/auth/principals.js';
import { query } from '../../../platform/database/sql.js';
import { deviceLabel } from '../domain/user-agent.js';

interface Row {
  family_id: string;
  user_agent: string | null;
  ip_address: string | null;
  last_active: Date | string;
  signed_in_at: Date | string;
  impersonated_by: string | null;
  member_id: string | null;
  current: boolean;
}

/** A sign-in of the business with the team member it is for (null: the owner), for the team list (issue 31). */
export type BusinessSignIn = OwnerSessionItem & { memberId: string | null };

const iso = (value: Date | string): string => new Date(value).toISOString();

/**
 * Where the business is signed in (decision 036): one entry per sign-in (a session family), read from its live row.
 * The id is the family's, so it stays the same across the refreshes of the sign-in's tokens. "Last use" is the live
 * row's last renewal: a client renews its 15-minute token while in use, so it is at most that old.
 */
@Injectable()
export class SignInList {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The owner's own sign-ins (`GET /api/auth/sessions`); the team's are listed with each member. */
  async of(owner: OwnerPrincipal): Promise<OwnerSessionItem[]> {
    return (await this.ofBusiness(owner))
      .filter((signIn) => signIn.memberId === null)
      .map(({ memberId: _memberId, ...signIn }) => signIn);
  }

  /** Every live sign-in of the business: the owner's, its people's and its screens'. */
  async ofBusiness(owner: OwnerPrincipal): Promise<BusinessSignIn[]> {
    const rows = await query<Row>(
      this.database.em(),
      `select s.family_id, s.user_agent, s.ip_address, s.last_active, s.impersonated_by, s.member_id,
              (select min(f.created_at) from user_sessions f where f.family_id = s.family_id) as signed_in_at,
              s.family_id = (select c.family_id from user_sessions c where c.id = ?) as current
         from user_sessions s
        where s.user_id = ? and s.audience = 'owner' and not s.is_revoked and s.expires_at > now()
        order by s.last_active desc, s.id`,
      [owner.sessionId, owner.phone],
    );
    return rows.map((row) => ({
      id: row.family_id,
      current: row.current === true,
      ...deviceLabel(row.user_agent),
      ipAddress: row.ip_address,
      signedInAt: iso(row.signed_in_at),
      lastUsedAt: iso(row.last_active),
      impersonated: row.impersonated_by !== null,
      memberId: row.member_id,
    }));
  }
}
