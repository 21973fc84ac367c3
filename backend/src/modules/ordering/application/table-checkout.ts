import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cartLineKey, type CreatePaymentInput, type TableDiner } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { type CartForPayment, CheckOutTableCartCommand, SharedTables, unsentLinesOf } from '../../tables/index.js';
import { ExpireOrderCommand } from './expire-order.handler.js';

type OrderLineInput = { productId: number; quantity: number; options?: string[] };

/** The shared table's cart as an order takes it (issue 34): its lines, notes and the version they were read at. */
export interface TableCartForOrder {
  cartId: string;
  version: number;
  number: number;
  lines: OrderLineInput[];
  notes: string | null;
  /** `paying`: checked out into `orderId`, whose parts the table's payers pay (decision 056). */
  status: 'open' | 'paying';
  orderId: string | null;
  /** The payer as the table knows them, and their own lines (for paying "mine"). */
  you: TableDiner | null;
  mine: OrderLineInput[];
  /** The cart's total as the table saw it priced, and the payer's own lines' part of it. */
  totalAgorot: number;
  mineAgorot: number;
  /**
   * A tab's bill (decision 058): the lines are what its rounds sent, and the bill is placed from the rounds' own orders
   * (`PlaceTabBill`, at the prices they were placed at); absent: not a tab.
   */
  tab?: CartForPayment;
}

/**
 * create-payment at a shared table (issue 34, decisions 055 and 056): the order is the table's cart as the server
 * holds it, never what a phone says it is. The lines two diners added of the same product and choices are one kitchen
 * line. The first payer's request places the order and checks the cart out into it; if the cart changed meanwhile
 * (someone added a line), the order ends unshown and the payer is asked to look again, so nobody pays for a cart that
 * is not the table's. Every payer then pays a part of that order.
 */
@Injectable()
export class TableCheckout {
  constructor(
    private readonly tables: SharedTables,
    private readonly commands: CommandBus,
  ) {}

  /**
   * The table's live cart (open, or paying for its order) as the poster's key opens it, with the payer's own lines;
   * 404 for any refusal, 409 `table.cart_changed` when the phone's items are not the table's.
   */
  async cartOf(
    input: CreatePaymentInput & { table: NonNullable<CreatePaymentInput['table']> },
    dinerSessionId: string,
  ): Promise<TableCartForOrder> {
    const cart = await this.tables.cartForPayment(
      input.businessId,
      input.table.number,
      input.table.key,
      dinerSessionId,
    );
    if (!cart) throw new AppError('not_found');
    // A tab's bill (decision 058) is what its rounds sent; a line not sent yet is sent or removed before paying.
    const tab = cart.tab.rounds.length > 0;
    if (tab && cart.status === 'open' && unsentLinesOf(cart).length > 0) throw new AppError('table.tab_unsent');
    const billed = tab ? cart.lines.filter((line) => line.round !== undefined) : cart.lines;
    // An emptied cart differs from the phone's (which carries at least one item) and is refused with the rest.
    const lines = mergedLines(billed);
    if (!sameLines(lines, input.cartData.items)) throw new AppError('table.cart_changed');
    const you = cart.you;
    return {
      cartId: cart.cartId,
      version: cart.version,
      number: cart.number,
      lines,
      notes: cart.notes,
      status: cart.status,
      orderId: cart.orderId,
      you,
      mine: you ? mergedLines(billed.filter((line) => line.dinerId === you.dinerId)) : [],
      totalAgorot: billed.reduce((sum, line) => sum + line.lineTotalAgorot, 0),
      mineAgorot: billed
        .filter((line) => you && line.dinerId === you.dinerId)
        .reduce((sum, line) => sum + line.lineTotalAgorot, 0),
      ...(tab ? { tab: cart } : {}),
    };
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
