import { type InvitableRole } from '@tafrit/contracts';
import type { OwnerCommandContext } from '../../../platform/http/command-context.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { type TeamCommand, teamDecider } from '../domain/team.decider.js';
import { teamStreamId } from '../domain/team.events.js';

/** Who asked (a person, a screen, the owner, an administrator inside the business) and which request it was. */
export type TeamCommandContext = Pick<OwnerCommandContext, 'actor' | 'correlationId'>;

export class InviteMemberCommand {
  constructor(
    readonly businessPhone: string,
    readonly person: { phone: string; name: string; role: InvitableRole },
    readonly context: TeamCommandContext,
  ) {}
}

export class ChangeMemberRoleCommand {
  constructor(
    readonly businessPhone: string,
    readonly memberId: string,
    readonly role: InvitableRole,
    readonly context: TeamCommandContext,
  ) {}
}

export class RemoveMemberCommand {
  constructor(
    readonly businessPhone: string,
    readonly memberId: string,
    readonly context: TeamCommandContext,
  ) {}
}

export class ChooseIdleTimeCommand {
  constructor(
    readonly businessPhone: string,
    readonly idleHours: number,
    readonly context: TeamCommandContext,
  ) {}
}

export class SetStaffPinCommand {
  constructor(
    readonly businessPhone: string,
    /** A person's team id, or `owner`. */
    readonly memberId: string,
    readonly pin: string,
    readonly context: TeamCommandContext,
  ) {}
}

/** Decides one command on the business's team stream and appends what it decided. */
export async function decideTeam(
  store: EventStore,
  businessPhone: string,
  command: TeamCommand,
  context: TeamCommandContext,
) {
  return handleCommand({
    store,
    streamId: teamStreamId(businessPhone),
    decider: teamDecider,
    command,
    metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: command.data.now },
  });
}
