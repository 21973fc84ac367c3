import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { recordSetupActionSchema, success, type ApiSuccess, type SetupChecklist } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { GetSetupChecklistQuery, RecordSetupActionCommand } from '../application/setup-checklist.handlers.js';

/** The first-run checklist of the signed-in business (issue 18, decision 034). */
@Controller('api/setup')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class SetupController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @Permission('settings.read')
  async checklist(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<SetupChecklist>> {
    return success(await this.queries.execute(new GetSetupChecklistQuery(owner.phone)));
  }

  @Post('actions')
  @HttpCode(200)
  async record(
    @BodyOf(recordSetupActionSchema) { action }: Parsed<typeof recordSetupActionSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<SetupChecklist>> {
    await this.commands.execute(new RecordSetupActionCommand(owner.phone, action));
    return success(await this.queries.execute(new GetSetupChecklistQuery(owner.phone)));
  }

  @Post('dismiss')
  @HttpCode(200)
  async dismiss(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<SetupChecklist>> {
    await this.commands.execute(new RecordSetupActionCommand(owner.phone, 'dismissed'));
    return success(await this.queries.execute(new GetSetupChecklistQuery(owner.phone)));
  }
}
