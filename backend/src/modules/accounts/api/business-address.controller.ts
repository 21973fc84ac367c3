import { Controller, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  businessAddressSchema,
  cardcomApiPasswordSchema,
  type OwnerBusinessResponse,
  success,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { ChangeBusinessAddressCommand } from '../application/change-business-address.handler.js';
import { ChangeCardcomApiPasswordCommand } from '../application/change-cardcom-password.handler.js';
import { currentBusiness } from './current-business.js';
import { StepUpGuard } from './step-up.guard.js';

/**
 * Settings' own cards for the tax documents and the own terminal (issue 17): `PUT /api/business/address` and
 * `PUT /api/business/cardcom-password`. Both answer the business as the profile does, which says only whether a
 * password is set.
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('business.owner')
export class BusinessAddressController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Put('address')
  async address(
    @BodyOf(businessAddressSchema, { absentAsEmpty: true }) address: Parsed<typeof businessAddressSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerBusinessResponse>> {
    await this.commands.execute(new ChangeBusinessAddressCommand(owner.phone, address, context));
    return success({ business: await currentBusiness(this.queries, owner) });
  }

  /** A fresh code first (decision 036): with the password, whoever holds the tablet could take the refunds' terminal. */
  @Put('cardcom-password')
  @UseGuards(StepUpGuard)
  async cardcomPassword(
    @BodyOf(cardcomApiPasswordSchema, { absentAsEmpty: true }) { apiPassword }: Parsed<typeof cardcomApiPasswordSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerBusinessResponse>> {
    await this.commands.execute(new ChangeCardcomApiPasswordCommand(owner.phone, apiPassword, context));
    return success({ business: await currentBusiness(this.queries, owner) });
  }
}
