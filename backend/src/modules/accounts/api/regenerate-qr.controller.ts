import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type RegenerateQrResponse, success } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { RegenerateDepartmentIdCommand } from '../application/regenerate-department-id.handler.js';
import { StepUpGuard } from './step-up.guard.js';

/**
 * `POST /api/business/regenerate-qr` (spec §7): a new public address for the signed-in owner's business. No body: the
 * business is the token's, so no owner can reach another's.
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('business.owner')
export class RegenerateQrController {
  constructor(private readonly commands: CommandBus) {}

  /** A fresh code first (decision 036): a new address kills every printed table code at once. */
  @Post('regenerate-qr')
  @HttpCode(200)
  @UseGuards(StepUpGuard)
  async regenerate(
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<RegenerateQrResponse>> {
    const result: { departmentId: string } = await this.commands.execute(
      new RegenerateDepartmentIdCommand(owner.phone, clientOf(request).ip, context),
    );
    return success({ departmentId: result.departmentId });
  }
}
