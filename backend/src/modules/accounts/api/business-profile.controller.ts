import { Body, Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, businessProfileSchema, type OwnerBusinessResponse, success } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { actorOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { parseWith } from '../../../platform/http/parse.js';
import { toProfileAndPayout } from '../application/business-details.js';
import { ChangeBusinessProfileCommand } from '../application/change-business-profile.handler.js';
import { currentBusiness } from './current-business.js';

/** `GET` and `PUT /api/business/profile`: the settings form. The phone is the account's identity and never changes. */
@Controller('api/business')
@UseGuards(OwnerGuard)
export class BusinessProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
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
    await this.commands.execute(
      new ChangeBusinessProfileCommand(owner.phone, toProfileAndPayout(input), {
        actor: actorOf(owner),
        correlationId: request.id,
      }),
    );
    return success({ business: await currentBusiness(this.queries, owner) });
  }
}
