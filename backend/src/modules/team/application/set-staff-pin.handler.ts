import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { StaffPins } from './staff-pins.service.js';
import { decideTeam, SetStaffPinCommand } from './team-commands.js';

/**
 * A person (or the owner) chooses their staff PIN: the decider checks they are a present person, the log records
 * `StaffPinChosen` (never the PIN), and `staff_pins` keeps its keyed hash.
 */
@CommandHandler(SetStaffPinCommand)
export class SetStaffPinHandler implements ICommandHandler<SetStaffPinCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pins: StaffPins,
  ) {}

  async execute({ businessPhone, memberId, pin, context }: SetStaffPinCommand): Promise<void> {
    await decideTeam(
      this.store,
      businessPhone,
      { type: 'RecordStaffPin', data: { memberId, now: new Date().toISOString() } },
      context,
    );
    await this.pins.store(businessPhone, memberId, pin);
  }
}
