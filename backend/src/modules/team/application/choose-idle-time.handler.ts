import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { Sessions } from '../../accounts/index.js';
import { ChooseIdleTimeCommand, decideTeam } from './team-commands.js';

/** How long a person's sign-in may go unused (`TeamIdleTimeChosen`), for the open sign-ins too. */
@CommandHandler(ChooseIdleTimeCommand)
export class ChooseIdleTimeHandler implements ICommandHandler<ChooseIdleTimeCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly sessions: Sessions,
  ) {}

  async execute({ businessPhone, idleHours, context }: ChooseIdleTimeCommand): Promise<void> {
    await decideTeam(
      this.store,
      businessPhone,
      { type: 'ChooseIdleTime', data: { idleHours, now: new Date().toISOString() } },
      context,
    );
    await this.sessions.setMembersIdleMs(businessPhone, idleHours * 60 * 60_000);
  }
}
