import { Controller, Delete, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  type OpeningHoursResponse,
  openingHoursSchema,
  pauseOrderingSchema,
  success,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { PauseOrderingCommand } from '../application/pause-ordering.handler.js';
import { ResumeOrderingCommand } from '../application/resume-ordering.handler.js';
import { SetOpeningHoursCommand } from '../application/set-opening-hours.handler.js';
import { optionalDays, orderingAt } from '../domain/ordering-schedule.js';
import { BusinessReader } from '../projections/business.reader.js';

/**
 * The owner's opening hours (settings) and the console's pause of new orders (decision 028):
 * `GET`/`PUT /api/business/opening-hours`, `POST /api/business/ordering-pause` (15, 30 or 60 minutes, or until
 * resumed) and `DELETE /api/business/ordering-pause` (resume). Each answers the settings with ordering's state now.
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class OpeningHoursController {
  constructor(
    private readonly commands: CommandBus,
    private readonly businesses: BusinessReader,
  ) {}

  @Get('opening-hours')
  @Permission('settings.read')
  read(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OpeningHoursResponse>> {
    return this.answer(owner);
  }

  @Put('opening-hours')
  async set(
    @BodyOf(openingHoursSchema, { absentAsEmpty: true }) hours: Parsed<typeof openingHoursSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OpeningHoursResponse>> {
    await this.commands.execute(new SetOpeningHoursCommand(owner.phone, hours, context));
    return this.answer(owner);
  }

  @Post('ordering-pause')
  @HttpCode(200)
  async pause(
    @BodyOf(pauseOrderingSchema, { absentAsEmpty: true }) { minutes }: Parsed<typeof pauseOrderingSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OpeningHoursResponse>> {
    await this.commands.execute(new PauseOrderingCommand(owner.phone, minutes, context));
    return this.answer(owner);
  }

  @Delete('ordering-pause')
  async resume(
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OpeningHoursResponse>> {
    await this.commands.execute(new ResumeOrderingCommand(owner.phone, context));
    return this.answer(owner);
  }

  private async answer(owner: OwnerPrincipal): Promise<ApiSuccess<OpeningHoursResponse>> {
    const business = await this.businesses.byPhone(owner.phone);
    // The guard saw the business a moment ago: its absence is a closed account.
    if (!business || business.closedAt) throw new AppError('auth.unauthenticated');
    const now = Date.now();
    const { hours, pause } = business.ordering;
    const { open, reason, opensAt } = orderingAt(business.ordering, now);
    // An ended pause is no pause: the console shows none.
    const running = pause !== null && (pause.until === null || Date.parse(pause.until) > now) ? pause : null;
    return success({
      hours,
      pause: running,
      ordering: { open, reason, opensAt },
      optionalDays: this.optionalDays(now),
    });
  }

  /** The year's optional days are the same for every business on a given day: worked out once a day. */
  private optionalDaysOf: { date: string; days: ReturnType<typeof optionalDays> } | undefined;
  private optionalDays(now: number) {
    const date = new Date(now).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    if (this.optionalDaysOf?.date !== date) this.optionalDaysOf = { date, days: optionalDays(date) };
    return this.optionalDaysOf.days;
  }
}
