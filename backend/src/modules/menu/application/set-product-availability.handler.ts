import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { recordMenuChange } from './menu-change.js';

/** Sold out for today (false) or available again (true). */
export class SetProductAvailabilityCommand {
  constructor(
    readonly businessId: string,
    readonly productId: number,
    readonly isActive: boolean,
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

@CommandHandler(SetProductAvailabilityCommand)
export class SetProductAvailabilityHandler implements ICommandHandler<SetProductAvailabilityCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ businessId, productId, isActive, context }: SetProductAvailabilityCommand): Promise<void> {
    await this.database.em().transactional(async (em) => {
      // Another business's product answers exactly like a missing one: ids reveal nothing across tenants.
      const product = await em.findOne(ProductEntity, { id: productId, businessId });
      if (!product) throw new AppError('not_found');
      product.isActive = isActive;
      await em.flush();
      await recordMenuChange(
        this.store,
        em,
        { businessId, change: 'product.availability_changed', productId },
        context,
      );
    });
  }
}
