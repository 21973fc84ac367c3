import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { israelDayRange, TEST_ORDERS_PER_DAY, type TestOrderAnswer } from '@tafrit/contracts';
import type { EventActor } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader } from '../../accounts/index.js';
import { MenuReader } from '../../menu/index.js';
import { CheckoutMenuReader } from './checkout-menu.reader.js';
import { priceCart } from '../domain/pricing.js';
import { OrderStore } from '../persistence/order-store.js';
import { TestOrdersReader } from '../projections/test-orders.reader.js';

export class PlaceTestOrderCommand {
  constructor(
    readonly businessPhone: string,
    /** The product to send (absent: the menu's first available one). */
    readonly productId: number | undefined,
    readonly actor: EventActor,
    readonly correlationId: string,
  ) {}
}

/**
 * The owner's test order (issue 18, decision 034): one unit of a product of the business's own menu, priced as a
 * diner's would be, recorded as a test (`PlaceTestOrder`: `OrderPlaced` marked `test` and its slip queued) without
 * any payment provider. It ignores the opening hours (a new owner sets up before opening) but not a business the
 * administrator paused. A business may send a few a day: each one prints and rings on the console.
 */
@CommandHandler(PlaceTestOrderCommand)
export class PlaceTestOrderHandler implements ICommandHandler<PlaceTestOrderCommand, TestOrderAnswer> {
  constructor(
    private readonly businesses: BusinessReader,
    private readonly menu: MenuReader,
    private readonly checkout: CheckoutMenuReader,
    private readonly orders: OrderStore,
    private readonly tests: TestOrdersReader,
  ) {}

  async execute({ businessPhone, productId, actor, correlationId }: PlaceTestOrderCommand): Promise<TestOrderAnswer> {
    const business = await this.businesses.byPhone(businessPhone);
    if (!business) throw new AppError('not_found');
    const now = new Date();
    // A soft cap: two requests in the same instant may both pass the count; it bounds a day, not a second.
    const today = israelDayRange(now);
    if ((await this.tests.countBetween(businessPhone, today.start, today.end)) >= TEST_ORDERS_PER_DAY) {
      const retryAfter = Math.max(1, Math.ceil((today.end.getTime() - now.getTime()) / 1000));
      throw new AppError('test_order.limit', { headers: { 'Retry-After': String(retryAfter) } });
    }
    // The menu's own products in the owner's order: a product of another business is simply not among them.
    const ids = (await this.menu.sections(businessPhone)).flatMap((section) => section.products.map((p) => p.id));
    const candidates = productId === undefined ? ids : ids.filter((id) => id === productId);
    const menu = await this.checkout.read(business.departmentId, candidates);
    if (!menu) throw new AppError('not_found');
    if (!menu.business.isActive || menu.nextOrderNumber === null) throw new AppError('menu.unavailable');
    // The first that prices alone: a product whose required choices cannot be left empty is passed over.
    const priced = candidates
      .map((id) => priceCart([{ productId: id, quantity: 1 }], menu.products))
      .find((pricing) => pricing.status === 'ok');
    if (!priced || priced.status !== 'ok') throw new AppError('test_order.no_product');

    const orderId = randomUUID();
    const placedAt = now.toISOString();
    const result = await this.orders.execute(
      orderId,
      {
        type: 'PlaceTestOrder',
        data: {
          orderId,
          businessPhone,
          departmentId: business.departmentId,
          orderNumber: menu.nextOrderNumber,
          lines: priced.lines,
          totalAgorot: priced.totalAgorot,
          commissionAgorot: 0,
          netAgorot: priced.totalAgorot,
          remarks: null,
          tableNumber: null,
          // No diner: a session no browser holds, so no diner's page can ever read it back.
          dinerSessionId: `test-${orderId}`,
          customerName: null,
          customerPhone: null,
          placedAt,
        },
      },
      { correlationId, actor, occurredAt: placedAt },
      { known: { state: { placed: false }, version: 0 } },
    );
    if (!result.state.placed) throw new Error(`test order ${orderId} was not placed`);
    return { orderId, orderNumber: result.state.orderNumber };
  }
}
