import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cartLineKey, type CreatePaymentInput } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { CheckOutTableCartCommand, SharedTables } from '../../tables/index.js';
import { OrderStore } from '../persistence/order-store.js';
import { ExpireOrderCommand } from './expire-order.handler.js';

type OrderLineInput = { productId: number; quantity: number; options?: string[] };

/** The shared table's cart as an order takes it (issue 34): its lines, notes and the version they were read at. */
export interface TableCartForOrder {
  cartId: string;
  version: number;
  number: number;
  lines: OrderLineInput[];
  notes: string | null;
}

/**
 * create-payment at a shared table (issue 34, decision 055): the order is the table's cart as the server holds it,
 * never what a phone says it is. The lines two diners added of the same product and choices are one kitchen line.
 * The cart is checked out into the order after it is placed; if it changed meanwhile (someone added a line), the
 * order ends unshown and the payer is asked to look again, so nobody pays for a cart that is not the table's.
 */
@Injectable()
export class TableCheckout {
  constructor(
    private readonly tables: SharedTables,
    private readonly commands: CommandBus,
    private readonly orders: OrderStore,
  ) {}

  /** The table's open cart, or the same payer's cart already being paid; else 404 / 409 with a clear reason. */
  async cartOf(
    input: CreatePaymentInput & { table: NonNullable<CreatePaymentInput['table']> },
    dinerSessionId: string,
  ): Promise<TableCartForOrder> {
    const cart = await this.tables.cartForPayment(input.businessId, input.table.number, input.table.key);
    if (!cart) throw new AppError('not_found');
    if (cart.status === 'paying' && cart.orderId) {
      // Another diner is paying for the table: their order is the table's, this one would double it.
      const paying = await this.orders.load(cart.orderId);
      const payer = paying?.state.placed ? paying.state.dinerSessionId : null;
      if (payer !== dinerSessionId) throw new AppError('table.cart_paying');
    }
    // An emptied cart differs from the phone's (which carries at least one item) and is refused with the rest.
    const lines = mergedLines(cart.lines);
    if (!sameLines(lines, input.cartData.items)) throw new AppError('table.cart_changed');
    return { cartId: cart.cartId, version: cart.version, number: cart.number, lines, notes: cart.notes };
  }

  /** Freezes the cart into the placed order; a cart that moved on ends the order before its page is shown. */
  async checkOut(
    cart: TableCartForOrder,
    order: { orderId: string; orderNumber: number },
    correlationId: string,
  ): Promise<void> {
    try {
      await this.commands.execute(
        new CheckOutTableCartCommand(cart.cartId, cart.version, order.orderId, order.orderNumber, correlationId),
      );
    } catch (error) {
      await this.commands.execute(new ExpireOrderCommand(order.orderId, new Date(), true));
      throw error;
    }
  }
}

/** One line per product and choices, the quantities of every diner's lines added together. */
export function mergedLines(lines: readonly OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, OrderLineInput>();
  for (const line of lines) {
    const key = cartLineKey(line.productId, line.options);
    const seen = merged.get(key);
    if (seen) seen.quantity += line.quantity;
    else merged.set(key, { productId: line.productId, quantity: line.quantity, ...optionsOf(line) });
  }
  return [...merged.values()];
}

const optionsOf = (line: OrderLineInput) => (line.options?.length ? { options: [...line.options] } : {});

/** The phone's items are the table's lines (same products, choices and quantities, in any order). */
function sameLines(table: readonly OrderLineInput[], items: readonly OrderLineInput[]): boolean {
  const quantities = new Map(table.map((line) => [cartLineKey(line.productId, line.options), line.quantity]));
  if (items.length !== quantities.size) return false;
  return items.every((item) => quantities.get(cartLineKey(item.productId, item.options)) === item.quantity);
}
