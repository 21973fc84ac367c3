import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { OwnerBusiness } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessEntity } from '../projections/business.entity.js';
import { CodeSignIn } from './code-sign-in.js';
import { GetOwnerBusinessQuery } from './get-owner-business.query.js';
import { OneTimeCodes } from './one-time-codes.service.js';

/** Short, so it fits one Hebrew SMS (70 characters in UCS-2). */
export const ownerCodeText = (code: string): string => `קוד הכניסה שלך לתפריט: ${code}`;

/** The owner's sign-in by phone: a code goes out only to a registered, open business; every phone gets one answer. */
@Injectable()
export class OwnerSignIn extends CodeSignIn<OwnerBusiness> {
  protected readonly audience = 'owner';
  protected readonly smsKind = 'owner-sign-in-code';

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    codes: OneTimeCodes,
    private readonly queries: QueryBus,
  ) {
    super(codes);
  }

  protected text(code: string): string {
    return ownerCodeText(code);
  }

  /** Any phone may ask: whether an account exists is nobody's business here. */
  protected async admit(): Promise<void> {}

  protected async delivers(phone: string): Promise<boolean> {
    return (await this.database.em().count(BusinessEntity, { phone, closedAt: null })) > 0;
  }

  /** The business the accepted code opens; a code for a phone without an open business is simply wrong. */
  protected async opens(phone: string): Promise<OwnerBusiness> {
    const business = await this.queries.execute<GetOwnerBusinessQuery, OwnerBusiness | undefined>(
      new GetOwnerBusinessQuery(phone),
    );
    if (!business) throw new AppError('otp.invalid');
    return business;
  }
}
