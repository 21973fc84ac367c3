import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TableState } from '@tafrit/contracts';
import { AppError } from '../../../../platform/http/app-error.js';
import { SharedTables, sentAgorotOf, TableTabCommand, unsentLinesOf } from '../../../tables/index.js';
import { ExpireOrderCommand } from '../expire-order.handler.js';
import { PlaceOrderCommand, type PlacedOrderResult } from '../place-order.handler.js';
import { mergedLines } from '../table-checkout.js';
import { StartTabRoundCommand } from './start-tab-round.handler.js';

export class SendTabRoundCommand {
  constructor(
    readonly departmentId: string,
    readonly number: number,
    readonly key: string,
    readonly dinerSessionId: string,
    /** The cart's version as the sender's phone showed it. */
    readonly version: number,
    readonly correlationId: string,
  ) {}
}

/**
 * A round of the table's tab to the kitchen (issue 34, part 3, decision 058): every line not sent yet, as the sender
 * saw the cart, becomes an order of its own, priced from the menu of this moment like any order and marked as a
 * round (no payment, no commission: its money is the bill's). The cart records the round (refusing a cart that moved,
 * a tab without a held card, or rounds above the hold), and only then does the round go to the kitchen
 * (`StartRound`; the tab-rounds processor asks again after a crash). A round the cart refused ends unshown.
 */
@CommandHandler(SendTabRoundCommand)
export class SendTabRoundHandler implements ICommandHandler<SendTabRoundCommand, TableState> {
  constructor(
    private readonly tables: SharedTables,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: SendTabRoundCommand): Promise<TableState> {
    const { departmentId, number, key, dinerSessionId, version, correlationId } = command;
    const cart = await this.tables.cartForPayment(departmentId, number, key, dinerSessionId);
    if (!cart) throw new AppError('not_found');
    if (!cart.settings.payAtEnd && cart.tab.rounds.length === 0) throw new AppError('table.tab_off');
    if (cart.status === 'paying') throw new AppError('table.cart_paying');
    if (!cart.you || cart.version !== version) throw new AppError('table.cart_changed');
    const hold = cart.tab.hold;
    if (hold?.status !== 'held') throw new AppError('table.tab_no_hold');
    const unsent = unsentLinesOf(cart);
    if (unsent.length === 0) throw new AppError('table.tab_nothing_to_send');
    const totalAgorot = unsent.reduce((sum, line) => sum + line.lineTotalAgorot, 0);
    if (sentAgorotOf(cart.tab) + totalAgorot > hold.holdAgorot) throw new AppError('table.tab_over_hold');
    const round = cart.tab.rounds.length + 1;
    const placed: PlacedOrderResult = await this.commands.execute(
      new PlaceOrderCommand({
        departmentId: cart.departmentId,
        dinerSessionId,
        lines: mergedLines(unsent),
        // The round as the table saw it priced: a menu price changed since is refused as anywhere else.
        shownTotalAgorot: totalAgorot,
        tip: null,
        method: 'card',
        remarks: cart.notes,
        tableNumber: cart.number,
        customerName: cart.you.name,
        customerPhone: null,
        correlationId,
        tableCartId: cart.cartId,
        withoutPage: true,
        tab: { round },
      }),
    );
    try {
      await this.commands.execute(
        new TableTabCommand(
          cart.cartId,
          {
            type: 'SendRound',
            data: {
              dinerId: cart.you.dinerId,
              expectedVersion: version,
              round,
              orderId: placed.orderId,
              orderNumber: placed.orderNumber,
              lineIds: unsent.map((line) => line.lineId),
              totalAgorot,
              now: new Date().toISOString(),
            },
          },
          correlationId,
        ),
      );
    } catch (error) {
      // Never in the kitchen: the round ends at once, and the sender reads the table again.
      await this.commands.execute(new ExpireOrderCommand(placed.orderId, new Date(), true));
      throw error;
    }
    await this.commands.execute(new StartTabRoundCommand(placed.orderId, correlationId));
    const state = await this.tables.stateFor(departmentId, number, key, dinerSessionId);
    if (!state) throw new AppError('not_found');
    return state;
  }
}
