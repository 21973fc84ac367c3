import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { LiveOrder } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/http/app-error.js';
import { LiveOrderQuery } from '../../ordering/index.js';
import { loadLiveOrder } from './live-orders.query.js';

/**
 * Answers ordering's kitchen buttons with the order as the live list shows it, read right after the step or the
 * decline was stored; an order the list does not show is the same 404 as an unknown one.
 */
@QueryHandler(LiveOrderQuery)
export class LiveOrderHandler implements IQueryHandler<LiveOrderQuery, LiveOrder> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ businessPhone, orderId }: LiveOrderQuery): Promise<LiveOrder> {
    const live = await loadLiveOrder(this.database.em(), businessPhone, orderId);
    if (!live) throw new AppError('order.not_found');
    return live;
  }
}
