import { Controller, Get, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, businessProfileSchema, type OwnerBusinessResponse, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { toProfileAndPayout } from '../application/business-details.js';
import { ChangeBusinessProfileCommand } from '../application/change-business-profile.handler.js';
import { StepUps } from '../application/step-ups.service.js';
import { sameBankDetails } from '../domain/business.decider.js';
import { currentBusiness } from './current-business.js';

/**
 * `GET` and `PUT /api/business/profile`: the settings form. The phone is the account's identity and never changes; the
 * payout bank details change only with a fresh code (403 `auth.step_up_required`; decision 036).
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('business.owner')
export class BusinessProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly stepUps: StepUps,
  ) {}

  @Get('profile')
  async read(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerBusinessResponse>> {
    return success({ business: await currentBusiness(this.queries, owner) });
  }

  @Put('profile')
  async update(
    // The schema refuses a `phone` in the body with its own message (PHONE_CANNOT_CHANGE_HE).
    @BodyOf(businessProfileSchema, { absentAsEmpty: true }) input: Parsed<typeof businessProfileSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerBusinessResponse>> {
    const details = toProfileAndPayout(input);
    const changingBank = !sameBankDetails(await currentBusiness(this.queries, owner), details.payout);
    // Where the payouts go (decision 036): never from an administrator's visit, and from an owner's sign-in only
    // with a fresh code. The decider checks it again against the stream, so a stale read cannot let a change through.
    if (changingBank && owner.impersonatedBy) throw new AppError('auth.forbidden');
    if (changingBank && !(await this.stepUps.isFresh(owner))) throw new AppError('auth.step_up_required');
    await this.commands.execute(
      new ChangeBusinessProfileCommand(
        owner.phone,
        { ...details, bankDetails: changingBank ? 'may_change' : 'keep' },
        context,
      ),
    );
    return success({ business: await currentBusiness(this.queries, owner) });
  }
}
