import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  changeMemberRoleSchema,
  inviteMemberSchema,
  type ScreenPairingCode,
  success,
  type TeamAnswer,
  teamSettingsSchema,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { IpRateLimiter, type RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { AppError } from '../../../platform/http/app-error.js';
import { ScreenPairingCodes } from '../application/screen-pairing-codes.js';
import {
  ChangeMemberRoleCommand,
  ChooseIdleTimeCommand,
  InviteMemberCommand,
  RemoveMemberCommand,
} from '../application/team-commands.js';
import { TeamListQuery } from '../application/team-list.query.js';

// Each invitation sends two SMS (to the person, and the owner's notice): an owner inviting and removing in a loop must
// not turn the product into an SMS cannon. Counted per business, wherever the requests come from.
export const INVITATIONS_PER_BUSINESS: RateLimitRule = { name: 'team-invite', limit: 30, windowMs: 24 * 60 * 60_000 };

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A member id from the path: anything but a team id (the owner's `owner` included) is a plain 404. */
function memberIdOf(id: string): string {
  if (!MEMBER_ID.test(id)) throw new AppError('not_found');
  return id;
}

/**
 * The café's team (issue 31): `GET /api/team` (people, screens and every sign-in), `POST /api/team` (invite),
 * `PATCH /api/team/{id}` (a new role), `DELETE /api/team/{id}` (remove a person, revoke a screen),
 * `PUT /api/team/settings` (idle time): the owner's alone. `POST /api/team/pairing-codes`: also a manager's.
 */
@Controller('api/team')
@UseGuards(OwnerGuard)
@Permission('team.manage')
export class TeamController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly pairingCodes: ScreenPairingCodes,
    private readonly limiter: IpRateLimiter,
  ) {}

  @Get()
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<TeamAnswer>> {
    return success(await this.queries.execute<TeamListQuery, TeamAnswer>(new TeamListQuery(owner)));
  }

  @Post()
  async invite(
    @BodyOf(inviteMemberSchema) person: Parsed<typeof inviteMemberSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<{ id: string }>> {
    await this.limiter.consume(INVITATIONS_PER_BUSINESS, `business:${owner.phone}`);
    const id = await this.commands.execute<InviteMemberCommand, string>(
      new InviteMemberCommand(owner.phone, person, context),
    );
    return success({ id });
  }

  @Put('settings')
  async settings(
    @BodyOf(teamSettingsSchema) { idleHours }: Parsed<typeof teamSettingsSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<{ idleHours: number }>> {
    await this.commands.execute(new ChooseIdleTimeCommand(owner.phone, idleHours, context));
    return success({ idleHours });
  }

  @Post('pairing-codes')
  @Permission('screens.pair')
  @HttpCode(201)
  async pairingCode(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<ScreenPairingCode>> {
    return success(await this.pairingCodes.create(owner.phone));
  }

  @Patch(':id')
  async changeRole(
    @Param('id') id: string,
    @BodyOf(changeMemberRoleSchema) { role }: Parsed<typeof changeMemberRoleSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<{ id: string; role: string }>> {
    await this.commands.execute(new ChangeMemberRoleCommand(owner.phone, memberIdOf(id), role, context));
    return success({ id, role });
  }

  @Delete(':id')
  async remove(
    @Param('id') id: string,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<{ removed: true }>> {
    await this.commands.execute(new RemoveMemberCommand(owner.phone, memberIdOf(id), context));
    return success({ removed: true });
  }
}
