import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { OwnerBusiness } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessEntity } from '../projections/business.entity.js';
import { GetOwnerBusinessQuery } from './get-owner-business.query.js';
import { OneTimeCodes } from './one-time-codes.service.js';

/** Short, so it fits one Hebrew SMS (70 characters in UCS-2). */
export const ownerCodeText = (code: string): string => `קוד הכניסה שלך לתפריט: ${code}`;

/** The owner's sign-in by phone: a code goes out only to a registered, open business; every phone gets one answer. */
@Injectable()
export class OwnerSignIn {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly codes: OneTimeCodes,
    private readonly queries: QueryBus,
  ) {}

  async sendCode(phone: string): Promise<void> {
    const registered = await this.database.em().count(BusinessEntity, { phone, closedAt: null });
    await this.codes.issue({
      phone,
      purpose: 'owner',
      deliver: registered > 0,
      kind: 'owner-sign-in-code',
      text: ownerCodeText,
    });
  }

  /** The business the accepted code opens; a code for a phone without an open business is simply wrong. */
  async verifyCode(phone: string, code: string): Promise<OwnerBusiness> {
    await this.codes.verify({ phone, purpose: 'owner', code });
    const business = await this.queries.execute<GetOwnerBusinessQuery, OwnerBusiness | undefined>(
      new GetOwnerBusinessQuery(phone),
    );
    if (!business) throw new AppError('otp.invalid');
    return business;
  }
}
