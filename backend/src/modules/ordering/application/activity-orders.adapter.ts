import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { type ActivityOrders, ActivityOrdersPort } from '../../team/index.js';
import { ordersReader } from '../projections/orders.reader.js';

/**
 * Ordering's side of the team's activity port (issue 31): the numbers of the orders a page of acts concerns, connected
 * when the module starts (the team may not import ordering, which asks the team for names).
 */
@Injectable()
export class OrderingActivityOrders implements ActivityOrders, OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly port: ActivityOrdersPort,
  ) {}

  onModuleInit(): void {
    this.port.connect(this);
  }

  numbersOf(businessPhone: string, orderIds: readonly string[]): Promise<Map<string, number>> {
    return ordersReader.numbersOf(this.database.em(), businessPhone, orderIds);
  }
}
