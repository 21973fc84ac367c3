import { Injectable } from '@nestjs/common';

/**
 * What the activity page asks of the orders its acts concern: their numbers (the events of a kitchen step or a refund
 * carry the order's id only). Ordering implements it and plugs it in at start: ordering already asks the team for
 * names (the order's timeline), and the team may not import ordering back.
 */
export interface ActivityOrders {
  /** The numbers of these orders of this business; an order of another business is simply absent. */
  numbersOf(businessPhone: string, orderIds: readonly string[]): Promise<Map<string, number>>;
}

/** The port the activity's reader calls; the ordering module connects its implementation when it starts. */
@Injectable()
export class ActivityOrdersPort implements ActivityOrders {
  private orders: ActivityOrders | undefined;

  connect(orders: ActivityOrders): void {
    this.orders = orders;
  }

  numbersOf(businessPhone: string, orderIds: readonly string[]): Promise<Map<string, number>> {
    if (orderIds.length === 0) return Promise.resolve(new Map());
    if (!this.orders) throw new Error('no module connected the activity orders (the ordering module is missing)');
    return this.orders.numbersOf(businessPhone, orderIds);
  }
}
