import { Body, Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, businessProfileSchema, type OwnerBusinessResponse, success } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { actorOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { parseWith } from '../../../platform/http/parse.js';
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
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerBusinessResponse>> {
    // The schema refuses a `phone` in the body with its own message (PHONE_CANNOT_CHANGE_HE).
    const input = parseWith(businessProfileSchema, body ?? {});
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
        { actor: actorOf(owner), correlationId: request.id },
      ),
    );
    return success({ business: await currentBusiness(this.queries, owner) });
  }
}
