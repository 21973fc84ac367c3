import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { KitchenStepInput, LiveOrder } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import type { EventActor } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { randomUUID } from 'node:crypto';
import { MoveKitchenStepCommand, RequestRefundCommand } from '../../ordering/index.js';
import { loadLiveOrder } from './live-orders.query.js';

/**
 * The live console's kitchen buttons: the step is the order's command (ordering decides it); the console is answered
 * with the order as its live list shows it.
 */
@Injectable()
export class KitchenSteps {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
  ) {}

  async move(
    businessPhone: string,
    orderId: string,
    { status, readyInMinutes }: KitchenStepInput,
    context: { actor: EventActor; correlationId: string },
  ): Promise<LiveOrder> {
    await this.commands.execute(
      new MoveKitchenStepCommand(businessPhone, orderId, status, context.actor, context.correlationId, readyInMinutes),
    );
    const live = await loadLiveOrder(this.database.em(), businessPhone, orderId);
    if (!live) throw new AppError('order.not_found');
    return live;
  }

  /** Declines a new paid order (a dish ran out): ordering cancels it and refunds it whole in one step. */
  async decline(
    businessPhone: string,
    orderId: string,
    { reason, refundId }: { reason: string; refundId?: string },
    context: { actor: EventActor; correlationId: string },
  ): Promise<LiveOrder> {
    await this.commands.execute(
      new RequestRefundCommand(
        businessPhone,
        orderId,
        { refundId: refundId ?? randomUUID(), reason },
        context.actor,
        context.correlationId,
        true,
      ),
    );
    const live = await loadLiveOrder(this.database.em(), businessPhone, orderId);
    if (!live) throw new AppError('order.not_found');
    return live;
  }
}
