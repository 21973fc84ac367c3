import { Controller, Get, HttpCode, Inject, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  type BusinessTablesAnswer,
  businessTablesSchema,
  type OwnerTablesAnswer,
  type OwnerWaitingTablesAnswer,
  success,
  tableMenuUrl,
} from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { BusinessReader } from '../../accounts/index.js';
import { TableKeys } from '../application/table-keys.js';
import { ChooseTablesCommand, RenewTableKeysCommand } from '../application/tables-commands.js';
import { WaitingTablesQuery } from '../application/waiting-tables.query.js';
import { BusinessTablesReader } from '../projections/business-tables.reader.js';

/**
 * The owner's shared tables (issue 34, decision 055): the settings (`/api/business/tables`, the owner's and a
 * manager's, as every setting), the tables with their posters' addresses (`/api/tables`), and the tables waiting for
 * payment (`/api/tables/waiting`, the live console's).
 */
@Controller('api')
@UseGuards(OwnerGuard)
export class OwnerTablesController {
  private readonly publicUrl: string;

  constructor(
    private readonly commands: CommandBus,
    private readonly tables: BusinessTablesReader,
    private readonly businesses: BusinessReader,
    private readonly keys: TableKeys,
    private readonly waiting: WaitingTablesQuery,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.publicUrl = config.publicUrl;
  }

  @Get('business/tables')
  @Permission('settings.read')
  async settings(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<BusinessTablesAnswer>> {
    return success(await this.answer(owner.phone));
  }

  @Put('business/tables')
  @Permission('settings.edit')
  async choose(
    @BodyOf(businessTablesSchema) tables: Parsed<typeof businessTablesSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<BusinessTablesAnswer>> {
    await this.commands.execute(new ChooseTablesCommand(owner.phone, tables, context));
    return success(await this.answer(owner.phone));
  }

  @Post('business/tables/renew-keys')
  @HttpCode(200)
  @Permission('settings.edit')
  async renewKeys(
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<BusinessTablesAnswer>> {
    await this.commands.execute(new RenewTableKeysCommand(owner.phone, context));
    return success(await this.answer(owner.phone));
  }

  /** Each table with its poster's address: with the table's key when shared, else the plain `?table=` address. */
  @Get('tables')
  @Permission('settings.read')
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerTablesAnswer>> {
    const business = await this.businesses.byPhone(owner.phone);
    if (!business) throw new AppError('not_found');
    const tables = await this.tables.of(owner.phone);
    const departmentId = business.departmentId;
    const plain = `${this.publicUrl}/menu/${encodeURIComponent(departmentId)}`;
    return success({
      shared: tables.shared,
      tables: tables.numbers.map((number) => ({
        number,
        url: tables.shared
          ? tableMenuUrl(this.publicUrl, departmentId, number, this.keys.keyOf(departmentId, number, tables.generation))
          : `${plain}?table=${number}`,
      })),
    });
  }

  /**
   * The café's shared tables waiting for payment (issue 34), for the live console: its permission, since the kitchen's
   * screen shows them above the orders.
   */
  @Get('tables/waiting')
  @Permission('orders.live')
  async waitingTables(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerWaitingTablesAnswer>> {
    return success(await this.waiting.of(owner.phone));
  }

  private async answer(businessPhone: string): Promise<BusinessTablesAnswer> {
    const tables = await this.tables.of(businessPhone);
    const { shared, numbers, idleMinutes, unpaidShareMinutes, payAtEnd, holdShekels, tabIdleMinutes } = tables;
    const tab = { payAtEnd, holdShekels, tabIdleMinutes };
    return { shared, numbers, idleMinutes, unpaidShareMinutes, ...tab, keysRenewedAt: tables.keysRenewedAt };
  }
}
