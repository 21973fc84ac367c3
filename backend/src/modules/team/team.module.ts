import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { TEAM_DIRECTORY } from '../../platform/auth/team-directory.port.js';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { ActivityController } from './api/activity.controller.js';
import { DevicesController } from './api/devices.controller.js';
import { StaffPinsController } from './api/staff-pins.controller.js';
import { TeamController } from './api/team.controller.js';
import { ActivityOrdersPort } from './application/activity-orders.port.js';
import { ChangeMemberRoleHandler } from './application/change-member-role.handler.js';
import { ChooseIdleTimeHandler } from './application/choose-idle-time.handler.js';
import { InviteMemberHandler } from './application/invite-member.handler.js';
import { PairScreenHandler } from './application/pair-screen.handler.js';
import { RemoveMemberHandler } from './application/remove-member.handler.js';
import { ScreenPairingCodes } from './application/screen-pairing-codes.js';
import { SetStaffPinHandler } from './application/set-staff-pin.handler.js';
import { StaffPins } from './application/staff-pins.service.js';
import { TeamDirectoryService } from './application/team-directory.service.js';
import { TeamListHandler } from './application/team-list.query.js';
import { TeamNotices } from './application/team-notices.js';
import { activityProjection } from './projections/activity.projection.js';
import { ActivityReader } from './projections/activity.reader.js';
import { ActorNames } from './projections/actor-names.js';
import { TeamReader } from './projections/team.reader.js';
import { teamProjection } from './projections/team.projection.js';

/**
 * The café's team (issue 31, decision 043): people invited by phone with a role, kitchen screens paired by a code,
 * staff PINs on shared screens. The event-sourced `team-{phone}` stream and its `team_members` read model.
 *
 * Global because the sign-in and the sessions (accounts) and every module's `OwnerGuard` ask its `TeamDirectory`
 * (TEAM_DIRECTORY, a platform port) who a member is; the team itself uses the accounts module's sessions.
 */
@Global()
@Module({
  controllers: [TeamController, DevicesController, StaffPinsController, ActivityController],
  providers: [
    TeamReader,
    ActorNames,
    ActivityReader,
    ActivityOrdersPort,
    StaffPins,
    ScreenPairingCodes,
    TeamNotices,
    TeamDirectoryService,
    InviteMemberHandler,
    ChangeMemberRoleHandler,
    RemoveMemberHandler,
    ChooseIdleTimeHandler,
    SetStaffPinHandler,
    PairScreenHandler,
    TeamListHandler,
    { provide: TEAM_DIRECTORY, useExisting: TeamDirectoryService },
  ],
  exports: [TEAM_DIRECTORY, TeamReader, ActorNames, ActivityOrdersPort],
})
export class TeamModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly runner: ProcessorRunner,
  ) {}

  onModuleInit(): void {
    this.projections.register(teamProjection);
    // Who did what (issue 31): the activity page's rows, from the log after the fact.
    this.runner.register(activityProjection());
  }
}
