import { Inject, Injectable, Optional } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { OwnerBusiness, OwnerSession } from '@tafrit/contracts';
import { TEAM_DIRECTORY, type TeamDirectory } from '../../../platform/auth/team-directory.port.js';
import { GetOwnerBusinessQuery } from './get-owner-business.query.js';
import type { SignedIn } from './session-issuer.js';

/**
 * The owner's private fields, emptied for anyone else who signs in to the business (issue 31): a kitchen tablet or an
 * accountant never receives the owner's ID number, bank account, e-mail or name.
 */
export function withoutOwnerFields(business: OwnerBusiness): OwnerBusiness {
  return {
    ...business,
    fullName: '',
    email: '',
    idNumber: '',
    bankName: '',
    branch: '',
    accountNumber: '',
    beneficiaryName: '',
    receiptPhone: null,
    cardcomTerminalNumber: null,
  };
}

/** What every sign-in answers (verify-otp, refresh, switch-business, a paired screen): the business, who, the token. */
@Injectable()
export class SessionAnswers {
  constructor(
    private readonly queries: QueryBus,
    @Optional() @Inject(TEAM_DIRECTORY) private readonly team?: TeamDirectory,
  ) {}

  /** Undefined when the business closed or the member was removed meanwhile. */
  async of(signed: SignedIn): Promise<OwnerSession | undefined> {
    const business = await this.queries.execute<GetOwnerBusinessQuery, OwnerBusiness | undefined>(
      new GetOwnerBusinessQuery(signed.userId),
    );
    if (!business) return undefined;
    if (!signed.member) {
      return {
        business,
        token: signed.token,
        member: { role: 'owner', kind: 'owner', id: 'owner', name: business.fullName },
      };
    }
    const member = await this.team?.memberOf(signed.userId, signed.member.id);
    if (!member) return undefined;
    return {
      business: withoutOwnerFields(business),
      token: signed.token,
      member: { role: signed.role, kind: signed.member.kind, id: signed.member.id, name: member.name },
    };
  }
}
