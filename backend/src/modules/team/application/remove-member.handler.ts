import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { Sessions } from '../../accounts/index.js';
import { decideTeam, RemoveMemberCommand } from './team-commands.js';

/** Removes a person or revokes a screen (`TeamMemberRemoved`); its sign-ins and sockets end at once. */
@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly sessions: Sessions,
  ) {}

  async execute({ businessPhone, memberId, context }: RemoveMemberCommand): Promise<void> {
    await decideTeam(
      this.store,
      businessPhone,
      { type: 'RemoveMember', data: { memberId, now: new Date().toISOString() } },
      context,
    );
    await this.sessions.revokeMember({ businessPhone, memberId, reason: 'removed_from_team' });
  }
}
