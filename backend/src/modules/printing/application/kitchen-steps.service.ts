import { Inject, Injectable } from '@nestjs/common';
import { type KitchenStepInput, type LiveOrder, orderEventSchemaVersions, orderStreamId } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore, type EventActor } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { foldOrder, orderDecider } from '../../ordering/index.js';
import { loadLiveOrder } from './live-orders.query.js';

const COMMANDS = { accepted: 'AcceptOrder', ready: 'MarkOrderReady', served: 'MarkOrderServed' } as const;

/**
 * The kitchen's buttons: accepted, ready, served, recorded on the order through its aggregate, which refuses a skipped
 * step with `order.invalid_transition` and decides nothing for a step already taken, so two consoles pressing at once
 * record one step and both show it. Another business's order is the same 404 as an unknown one.
 */
@Injectable()
export class KitchenSteps {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async move(
    businessPhone: string,
    orderId: string,
    { status }: KitchenStepInput,
    context: { actor: EventActor; correlationId: string },
  ): Promise<LiveOrder> {
    const stream = await this.store.readStream(orderStreamId(orderId));
    const order = foldOrder(stream.events);
    if (!order.placed || order.businessPhone !== businessPhone) throw new AppError('order.not_found');
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: orderStreamId(orderId),
      decider: orderDecider,
      schemaVersions: orderEventSchemaVersions,
      command: { type: COMMANDS[status], data: { now } },
      metadata: { ...context, occurredAt: now },
    });
    const live = await loadLiveOrder(this.database.em(), businessPhone, orderId);
    if (!live) throw new AppError('order.not_found');
    return live;
  }
}
