import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { errorMessagesHe } from '@tafrit/contracts';
import { violatedUniqueConstraint } from '../../../platform/database/database-errors.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { businessDecider } from '../domain/business.decider.js';
import { MenuAddressTakenError } from '../domain/business.errors.js';
import { businessStreamId } from '../domain/business.events.js';
import { MenuAddressReader } from '../projections/menu-address.reader.js';
import type { CommandContext } from './command-context.js';

export class ChooseMenuAddressCommand {
  constructor(
    readonly phone: string,
    /** Validated and lower-cased by the contract (menuAddressRequestSchema); null: only the random address. */
    readonly address: string | null,
    readonly shareLine: string | null,
    readonly context: CommandContext,
  ) {}
}

const taken = () =>
  new AppError('business.menu_address_taken', {
    fields: { address: errorMessagesHe['business.menu_address_taken'] },
  });

/**
 * Records `MenuAddressChosen` (issue 33). An address another business has or had, or that is some business's random
 * address, is refused with 409 before anything is written; two businesses racing for a new one meet in the
 * `menu_addresses` insert of the append's transaction, and the second rolls back with the same answer.
 */
@CommandHandler(ChooseMenuAddressCommand)
export class ChooseMenuAddressHandler implements ICommandHandler<ChooseMenuAddressCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly addresses: MenuAddressReader,
  ) {}

  async execute({ phone, address, shareLine, context }: ChooseMenuAddressCommand): Promise<void> {
    if (address !== null) {
      const owner = await this.addresses.claimedBy(address);
      if (owner !== undefined && owner !== phone) throw taken();
      if (owner === undefined && (await this.addresses.isDepartmentId(address))) throw taken();
    }
    const now = new Date().toISOString();
    try {
      await handleCommand({
        store: this.store,
        streamId: businessStreamId(phone),
        decider: businessDecider,
        command: { type: 'ChooseMenuAddress', data: { address, shareLine, now } },
        metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
      });
    } catch (error) {
      if (error instanceof MenuAddressTakenError || violatedUniqueConstraint(error) === 'menu_addresses_pkey') {
        throw taken();
      }
      throw error;
    }
  }
}
