import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { Sessions } from '../../accounts/index.js';
import { ChangeMemberRoleCommand, decideTeam } from './team-commands.js';

/**
 * A person's new role (`TeamMemberRoleChanged`). Their sign-ins and sockets end at once: a token carries the role it
 * was signed with, so the person signs in again and gets the new one.
 */
@CommandHandler(ChangeMemberRoleCommand)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRoleCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly sessions: Sessions,
  ) {}

  async execute({ businessPhone, memberId, role, context }: ChangeMemberRoleCommand): Promise<void> {
    const { events } = await decideTeam(
      this.store,
      businessPhone,
      { type: 'ChangeMemberRole', data: { memberId, role, now: new Date().toISOString() } },
      context,
    );
    if (events.length > 0) await this.sessions.revokeMember({ businessPhone, memberId, reason: 'role_changed' });
  }
}
