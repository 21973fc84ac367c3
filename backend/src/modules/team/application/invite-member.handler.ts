import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { BusinessReader } from '../../accounts/index.js';
import { decideTeam, InviteMemberCommand } from './team-commands.js';
import { TeamNotices } from './team-notices.js';

/**
 * Invites a person by their own phone (`TeamMemberInvited`), then sends them the invitation and the owner a notice.
 * The business's own phone is refused (`team.own_phone`); another business's owner may be invited and chooses the
 * business at sign-in. Answers the new member's team id.
 */
@CommandHandler(InviteMemberCommand)
export class InviteMemberHandler implements ICommandHandler<InviteMemberCommand, string> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly businesses: BusinessReader,
    private readonly notices: TeamNotices,
  ) {}

  async execute({ businessPhone, person, context }: InviteMemberCommand): Promise<string> {
    const memberId = randomUUID();
    await decideTeam(
      this.store,
      businessPhone,
      { type: 'InviteMember', data: { memberId, businessPhone, ...person, now: new Date().toISOString() } },
      context,
    );
    const business = await this.businesses.byPhone(businessPhone);
    await this.notices.invited(person, business?.businessName ?? '');
    await this.notices.personAdded(businessPhone, person.name, person.role);
    return memberId;
  }
}
