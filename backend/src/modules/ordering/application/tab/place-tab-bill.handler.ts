import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commissionAgorot, orderLineKey, type OrderLine } from '@tafrit/contracts';
import { AppError } from '../../../../platform/http/app-error.js';
import type { CartForPayment } from '../../../tables/index.js';
import type { PlacedOrder } from '../../domain/order.state.js';
import { OrderStore } from '../../persistence/order-store.js';
import { CheckoutMenuReader } from '../checkout-menu.reader.js';
import { type PlacedOrderResult, sellerOfCheckout } from '../place-order.handler.js';

export class PlaceTabBillCommand {
  constructor(
    readonly cart: CartForPayment,
    /** Whose session the bill is placed in (the first payer, or the held card's diner). */
    readonly dinerSessionId: string,
    readonly correlationId: string,
  ) {}
}

/**
 * A tab's bill (decision 058): the lines its rounds were placed with, at the prices they were placed at (a price the
 * owner changed during the meal changes the next round, never what was already served), one line per product,
 * choices and price. It is placed without a page (each payer pays a part of it) and marked as the tab's bill, so it
 * never goes to the kitchen.
 */
@CommandHandler(PlaceTabBillCommand)
export class PlaceTabBillHandler implements ICommandHandler<PlaceTabBillCommand, PlacedOrderResult> {
  constructor(
    private readonly orders: OrderStore,
    private readonly menus: CheckoutMenuReader,
  ) {}

  async execute({ cart, dinerSessionId, correlationId }: PlaceTabBillCommand): Promise<PlacedOrderResult> {
    if (cart.tab.rounds.length === 0) throw new AppError('table.cart_empty');
    const rounds = await Promise.all(cart.tab.rounds.map((round) => this.orders.load(round.orderId)));
    const lines = billLines(rounds.map((round) => round.state as PlacedOrder));
    const menu = await this.menus.read(cart.departmentId, []);
    if (!menu) throw new AppError('not_found');
    if (!menu.business.isActive || menu.nextOrderNumber === null) throw new AppError('menu.unavailable');
    const totalAgorot = lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0);
    const commission = commissionAgorot(totalAgorot);
    const orderId = randomUUID();
    const placedAt = new Date().toISOString();
    const result = await this.orders.execute(
      orderId,
      {
        type: 'PlaceOrder',
        data: {
          orderId,
          businessPhone: menu.business.phone,
          departmentId: menu.business.departmentId,
          orderNumber: menu.nextOrderNumber,
          lines,
          totalAgorot,
          commissionAgorot: commission,
          netAgorot: totalAgorot - commission,
          remarks: null,
          tableNumber: cart.number,
          dinerSessionId,
          customerName: null,
          customerPhone: null,
          placedAt,
          seller: sellerOfCheckout(menu.business),
          tableCartId: cart.cartId,
          tab: { bill: true },
        },
      },
      { correlationId, actor: { kind: 'diner' }, occurredAt: placedAt },
      { known: { state: { placed: false }, version: 0 } },
    );
    const state = result.state as PlacedOrder;
    return {
      orderId,
      orderNumber: state.orderNumber,
      totalAgorot,
      created: true,
      order: { state, version: result.version },
      business: menu.business,
      paymentUrl: null,
    };
  }
}

/** The rounds' lines as one bill: lines of the same product, choices and price add their quantities. */
export function billLines(rounds: readonly PlacedOrder[]): OrderLine[] {
  const merged = new Map<string, OrderLine>();
  for (const line of rounds.flatMap((round) => (round.status === 'expired' ? [] : round.lines))) {
    const key = `${orderLineKey(line)}@${line.unitPriceAgorot}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}
