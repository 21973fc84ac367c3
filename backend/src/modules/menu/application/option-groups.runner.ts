import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { type OptionGroupsCommand, optionGroupsDecider } from '../domain/option-groups.decider.js';
import { OptionRuleError } from '../domain/option-groups.errors.js';
import { optionGroupsStreamId } from '../domain/option-groups.events.js';
import { ProductEntity } from '../persistence/product.entity.js';

export interface OptionsContext {
  actor: EventActor;
  correlationId: string;
}

/**
 * Runs one command of a business's option groups: reads the stream `options-{phone}`, decides, appends with the version
 * it read (a concurrent edit is retried once, then 409), and the inline projection moves the read models in the same
 * transaction. Products named by the command must be the business's own: another business's product is a 404, like
 * any id of another business (the groups' ids are checked by the decider, which knows only this business's groups).
 * Inside a caller's transaction with `em` (a product deleted with its groups), else in a transaction of its own.
 */
@Injectable()
export class OptionGroupsRunner {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async run(
    command: OptionGroupsCommand,
    context: OptionsContext,
    { em, productIds = [] }: { em?: EntityManager; productIds?: readonly number[] } = {},
  ): Promise<void> {
    const { businessId } = command.data;
    const work = async (transaction: EntityManager) => {
      for (const id of productIds) {
        if (!(await transaction.count(ProductEntity, { id, businessId }))) throw new AppError('not_found');
      }
      await handleCommand({
        store: this.store,
        streamId: optionGroupsStreamId(businessId),
        decider: optionGroupsDecider,
        command,
        metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: new Date().toISOString() },
        em: transaction,
      });
    };
    try {
      if (em) await work(em);
      else await this.database.em().transactional(work);
    } catch (error) {
      // The rules' messages go beside their fields, as the schema's own 400s do.
      if (error instanceof OptionRuleError) throw new AppError('validation.failed', { fields: error.fields });
      throw error;
    }
  }
}
