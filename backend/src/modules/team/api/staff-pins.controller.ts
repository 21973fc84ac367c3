import { Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  type PinPeopleAnswer,
  setStaffPinSchema,
  type StaffPinGrant,
  staffPinGrantRequestSchema,
  success,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { OWNER_PIN_NAME, StaffPins } from '../application/staff-pins.service.js';
import { SetStaffPinCommand } from '../application/team-commands.js';
import { TeamReader } from '../projections/team.reader.js';

// On top of each person's lock after five wrong PINs: one screen cannot walk through everyone's PINs.
const PIN_TRIES_PER_IP: RateLimitRule = { name: 'staff-pin', limit: 30, windowMs: 10 * 60_000 };

/**
 * Staff PINs (issue 31): `PUT /api/team/me/pin` (a person or the owner chooses theirs), and on a paired screen
 * `GET /api/team/pin-people` (who may type one) and `POST /api/team/pin-grants` (the PIN, answered with a grant that
 * makes the screen's next action that person's, sent in `x-staff-grant`).
 */
@Controller('api/team')
@UseGuards(OwnerGuard)
@Permission('self')
export class StaffPinsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly pins: StaffPins,
    private readonly team: TeamReader,
  ) {}

  @Put('me/pin')
  async choose(
    @BodyOf(setStaffPinSchema) { pin }: Parsed<typeof setStaffPinSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<{ pinSet: true }>> {
    if (owner.member?.kind === 'screen' || owner.impersonatedBy) throw new AppError('auth.role_forbidden');
    await this.commands.execute(new SetStaffPinCommand(owner.phone, owner.member?.id ?? 'owner', pin, context));
    return success({ pinSet: true });
  }

  @Get('pin-people')
  @Permission('orders.live')
  async people(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<PinPeopleAnswer>> {
    const members = await this.team.membersOf(owner.phone);
    const people = members
      .filter((member) => member.kind === 'person' && member.pinSet)
      .map((member) => ({ id: member.id, name: member.name, role: member.role }));
    const owners = (await this.pins.hasPin(owner.phone, 'owner'))
      ? [{ id: 'owner', name: OWNER_PIN_NAME, role: 'owner' as const }]
      : [];
    return success({ people: [...owners, ...people] });
  }

  @Post('pin-grants')
  @HttpCode(200)
  @RateLimited(PIN_TRIES_PER_IP)
  async grant(
    @BodyOf(staffPinGrantRequestSchema) { memberId, pin }: Parsed<typeof staffPinGrantRequestSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<StaffPinGrant>> {
    // Only a shared screen takes PINs: a person's own phone already acts as that person.
    if (owner.member?.kind !== 'screen' || owner.actingFor) throw new AppError('auth.role_forbidden');
    return success(await this.pins.grant({ businessPhone: owner.phone, screenId: owner.member.id, memberId, pin }));
  }
}
