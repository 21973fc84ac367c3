import { Inject, Injectable, Optional } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { OwnerBusiness } from '@tafrit/contracts';
import { type Membership, TEAM_DIRECTORY, type TeamDirectory } from '../../../platform/auth/team-directory.port.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessEntity } from '../projections/business.entity.js';
import { CodeSignIn } from './code-sign-in.js';
import { GetOwnerBusinessQuery } from './get-owner-business.query.js';
import { OneTimeCodes } from './one-time-codes.service.js';

/** Short, so it fits one Hebrew SMS (70 characters in UCS-2). */
export const ownerCodeText = (code: string): string => `קוד הכניסה שלך לתפריט: ${code}`;

/** What a phone's accepted code opens: its own business, and the businesses whose team it belongs to (issue 31). */
export interface PersonAccess {
  own: OwnerBusiness | undefined;
  memberships: Membership[];
}

/**
 * The sign-in by phone of an owner or a team member: a code goes out only to the phone of an open business or of a
 * person in an open business's team; every phone gets one answer.
 */
@Injectable()
export class OwnerSignIn extends CodeSignIn<PersonAccess> {
  protected readonly audience = 'owner';
  protected readonly smsKind = 'owner-sign-in-code';

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    codes: OneTimeCodes,
    private readonly queries: QueryBus,
    @Optional() @Inject(TEAM_DIRECTORY) private readonly team?: TeamDirectory,
  ) {
    super(codes);
  }

  protected text(code: string): string {
    return ownerCodeText(code);
  }

  /** Any phone may ask: whether an account exists is nobody's business here. */
  protected async admit(): Promise<void> {}

  protected async delivers(phone: string): Promise<boolean> {
    if ((await this.database.em().count(BusinessEntity, { phone, closedAt: null })) > 0) return true;
    return ((await this.team?.membershipsOf(phone)) ?? []).length > 0;
  }

  /** What the accepted code opens; a code for a phone with neither a business nor a team is simply wrong. */
  protected async opens(phone: string): Promise<PersonAccess> {
    return this.accessOf(phone);
  }

  /** The businesses a phone may open now (the switch of a signed-in person asks it again). */
  async accessOf(phone: string): Promise<PersonAccess> {
    const own = await this.queries.execute<GetOwnerBusinessQuery, OwnerBusiness | undefined>(
      new GetOwnerBusinessQuery(phone),
    );
    const memberships = (await this.team?.membershipsOf(phone)) ?? [];
    if (!own && memberships.length === 0) throw new AppError('otp.invalid');
    return { own, memberships };
  }
}
