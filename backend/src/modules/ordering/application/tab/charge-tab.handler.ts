import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { shareLineOf } from '@tafrit/contracts';
import { AppError } from '../../../../platform/http/app-error.js';
import { BusinessReader } from '../../../accounts/index.js';
import { InvoiceLinks } from '../../../invoicing/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payments/index.js';
import { type CartForPayment, CheckOutTableCartCommand, SharedTables } from '../../../tables/index.js';
import { itemsOf, paidItemsAgorot, takenAgorot } from '../../domain/parts.js';
import type { PartState, PlacedOrder } from '../../domain/order.state.js';
import { OrderStore } from '../../persistence/order-store.js';
import { type TabHold, TabHolds } from '../../persistence/tab-holds.js';
import { ExpireOrderCommand } from '../expire-order.handler.js';
import type { PlacedOrderResult } from '../place-order.handler.js';
import { PlaceTabBillCommand } from './place-tab-bill.handler.js';
import { terminalChoiceOf } from '../payment-page-request.js';

/** Who closes the tab: the diner whose card is held (their session), or the tab's idle time (`null`). */
export class ChargeTabCommand {
  constructor(
    readonly cartId: string,
    readonly dinerSessionId: string | null,
    readonly correlationId: string,
  ) {}
}

/** What the charge did: charged (or nothing was left), declined, or waiting for a payer's open page. */
export type TabCharge = 'charged' | 'nothing_left' | 'declined' | 'waiting';

/**
 * The held card pays what is left of the tab (issue 34, part 3, decision 058), asked by its holder or by the tab's idle
 * time. The bill is placed from the sent rounds and the cart checked out into it when nobody paid yet; then what no
 * paid part and no open page covers is one part of the bill for the holder, whose page is our charge id (recorded
 * before the provider is asked: a crash or a lost answer asks again with the same id, and the provider answers the
 * first charge), charged on the token (`chargeHold`, never above the hold) and recorded by `RecordPayment` on that part.
 */
@CommandHandler(ChargeTabCommand)
export class ChargeTabHandler implements ICommandHandler<ChargeTabCommand, TabCharge> {
  private readonly logger = new Logger('TabCharges');

  constructor(
    private readonly tables: SharedTables,
    private readonly holds: TabHolds,
    private readonly orders: OrderStore,
    private readonly commands: CommandBus,
    private readonly links: InvoiceLinks,
    private readonly businesses: BusinessReader,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ cartId, dinerSessionId, correlationId }: ChargeTabCommand): Promise<TabCharge> {
    const [cart, hold] = await Promise.all([this.tables.cartById(cartId), this.holds.byCart(cartId)]);
    if (!cart || cart.tab.rounds.length === 0) throw new AppError('table.cart_empty');
    const usable = hold && (hold.status === 'held' || hold.status === 'charging') && hold.sealedToken;
    if (!usable) throw new AppError('table.tab_no_hold');
    if (dinerSessionId !== null && dinerSessionId !== hold.dinerSessionId) throw new AppError('table.tab_not_holder');
    const orderId =
      cart.status === 'paying' && cart.orderId ? cart.orderId : await this.placeBill(cart, hold, correlationId);
    const now = new Date().toISOString();
    let order = (await this.orders.load(orderId)).state as PlacedOrder;
    // The held card's own part, opened by an earlier try whose charge is not known yet: asked again, same id.
    let part = order.parts?.find((one) => one.partId === hold.chargeId && one.status === 'pending');
    if (!part) {
      if (order.payment.status === 'paid') return 'nothing_left';
      // A payer's page still open holds its part until it is paid, declined or abandoned.
      const paid = paidItemsAgorot(order.parts);
      const open = takenAgorot(order, now) > paid;
      // The card is captured once: it waits for open pages to end (paid, declined or abandoned after 15 minutes).
      if (open && dinerSessionId !== null) throw new AppError('table.tab_paying');
      if (open) return 'waiting';
      const left = itemsOf(order) - takenAgorot(order, now);
      if (left <= 0) return 'nothing_left';
      const chargeId = await this.holds.chargeIdFor(cartId, orderId, randomUUID());
      await this.orders.execute(
        orderId,
        {
          type: 'OpenPartPage',
          data: {
            partId: chargeId,
            dinerSessionId: hold.dinerSessionId,
            payer: cart.diners.find((diner) => diner.dinerId === cart.tab.hold?.dinerId) ?? null,
            choice: { mode: 'all' },
            mineAgorot: 0,
            itemsAgorot: left,
            tipAgorot: 0,
            provider: this.provider.name,
            lowProfileId: chargeId,
            paymentUrl: hold.pageUrl,
            terminal: hold.terminal,
            now,
          },
        },
        { correlationId, actor: { kind: 'system', id: 'tab-charge' }, occurredAt: now },
      );
      order = (await this.orders.load(orderId)).state as PlacedOrder;
      part = order.parts?.find((one) => one.partId === chargeId);
      if (!part) throw new Error(`the held card's part ${chargeId} of order ${orderId} was not opened`);
    }
    return this.charge(order, part, hold, correlationId);
  }

  /** The bill: the rounds' lines as one order marked as the tab's bill, the cart checked out into it. */
  private async placeBill(cart: CartForPayment, hold: TabHold, correlationId: string): Promise<string> {
    const placed: PlacedOrderResult = await this.commands.execute(
      new PlaceTabBillCommand(cart, hold.dinerSessionId, correlationId),
    );
    try {
      await this.commands.execute(
        new CheckOutTableCartCommand(cart.cartId, cart.version, placed.orderId, placed.orderNumber, correlationId),
      );
    } catch (error) {
      await this.commands.execute(new ExpireOrderCommand(placed.orderId, new Date(), true));
      throw error;
    }
    return placed.orderId;
  }

  private async charge(order: PlacedOrder, part: PartState, hold: TabHold, correlationId: string): Promise<TabCharge> {
    const terminal = await terminalChoiceOf(this.businesses, hold.terminal, hold.businessPhone);
    const result = await this.provider.chargeHold({
      chargeId: part.partId,
      // The hold's own reference (its page's ReturnValue): the tab's cart, which the provider checks the hold against.
      orderId: hold.cartId,
      orderNumber: order.orderNumber,
      lowProfileId: hold.lowProfileId,
      token: this.holds.token(hold),
      approvalNumber: hold.approvalNumber ?? '',
      cardExpiry: hold.cardExpiry,
      holdAgorot: hold.holdAgorot,
      amountAgorot: part.amountAgorot,
      lines: [shareLineOf(order, part.itemsAgorot)],
      tipAgorot: 0,
      issueDocument: terminal.owner === 'business',
      buyer: null,
      terminal,
    });
    const now = new Date().toISOString();
    const metadata = { correlationId, actor: { kind: 'system' as const, id: 'tab-charge' }, occurredAt: now };
    if (result.status === 'failed') {
      this.logger.warn(`the held card of tab ${hold.cartId} was declined: ${result.reason}`);
      await this.orders.execute(
        order.orderId,
        {
          type: 'RecordPaymentFailure',
          data: {
            provider: this.provider.name,
            lowProfileId: result.lowProfileId,
            partId: part.partId,
            responseCode: result.responseCode,
            reason: result.reason,
            now,
          },
        },
        metadata,
      );
      await this.holds.chargeFailed(hold.cartId);
      return 'declined';
    }
    await this.orders.execute(
      order.orderId,
      {
        type: 'RecordPayment',
        data: {
          provider: this.provider.name,
          lowProfileId: result.lowProfileId,
          partId: part.partId,
          transactionId: result.transactionId,
          approvalNumber: result.approvalNumber,
          last4: result.last4,
          brand: result.brand,
          amountAgorot: result.amountAgorot,
          document: result.document,
          method: result.method,
          invoiceUrl: this.links.partUrlFor(order.orderId, part.partId),
          now,
        },
      },
      metadata,
    );
    await this.holds.charged(hold.cartId);
    return 'charged';
  }
}
