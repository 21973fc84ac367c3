import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { agorotToDecimalString, orderEventSchemaVersions, orderStreamId } from '@tafrit/contracts';
import type { CreatePaymentInput, CreatePaymentSuccess } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { BusinessEntity } from '../../accounts/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type TerminalChoice } from '../../payments/index.js';
import { foldOrder, openPaymentPage, orderDecider, type PlacedOrder } from '../domain/order.decider.js';
import { OrderExpiredError } from '../domain/order.errors.js';
import { PlaceOrderCommand, type PlacedOrderResult } from './place-order.handler.js';

/**
 * `POST /api/cardcom/create-payment`: places the order (or finds the same checkout's order) and opens its payment
 * page with the provider, recording `PaymentPageOpened`. An open page is reused, so a reload or a double click shows
 * the same page; after a declined page a new one is opened for the retry.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly commands: CommandBus,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async createPayment(
    input: CreatePaymentInput,
    dinerSessionId: string,
    correlationId: string,
  ): Promise<CreatePaymentSuccess> {
    const placed: PlacedOrderResult = await this.commands.execute(
      new PlaceOrderCommand({
        departmentId: input.businessId,
        dinerSessionId,
        lines: input.cartData.items.map(({ productId, quantity }) => ({ productId, quantity })),
        shownTotalAgorot: input.amount,
        remarks: input.cartData.remarks,
        tableNumber: input.cartData.tableNumber ?? null,
        customerName: input.customerInfo?.name || null,
        customerPhone: input.customerInfo?.phone || null,
        correlationId,
      }),
    );
    const paymentUrl = await this.paymentPageFor(placed.orderId, input.businessId, correlationId);
    return {
      success: true,
      paymentUrl,
      orderId: placed.orderId,
      orderNumber: placed.orderNumber,
      totalAmount: agorotToDecimalString(placed.totalAgorot),
    };
  }

  private async paymentPageFor(orderId: string, departmentId: string, correlationId: string): Promise<string> {
    const streamId = orderStreamId(orderId);
    const stream = await this.store.readStream(streamId);
    const order = foldOrder(stream.events) as PlacedOrder;
    if (order.status === 'expired') throw new OrderExpiredError(orderId);
    const open = openPaymentPage(order);
    if (open) return open.paymentUrl;

    const business = await this.database.em().findOneOrFail(BusinessEntity, { phone: order.businessPhone });
    const terminal = terminalOf(business);
    const base = this.config.publicUrl;
    const page = await this.provider.openPaymentPage({
      orderId,
      orderNumber: order.orderNumber,
      amountAgorot: order.totalAgorot,
      lines: order.lines,
      business: {
        phone: business.phone,
        businessName: business.businessName,
        idNumber: business.idNumber,
        email: business.email,
        departmentId,
      },
      terminal,
      issueDocument: terminal.owner === 'business',
      successUrl: `${base}/thank-you/${encodeURIComponent(departmentId)}`,
      failedUrl: `${base}/checkout/${encodeURIComponent(departmentId)}?payment=failed`,
      webhookUrl: `${base}/api/cardcom/webhook`,
    });
    const now = new Date().toISOString();
    const result = await handleCommand({
      store: this.store,
      streamId,
      decider: orderDecider,
      schemaVersions: orderEventSchemaVersions,
      command: {
        type: 'OpenPaymentPage',
        data: {
          provider: this.provider.name,
          lowProfileId: page.lowProfileId,
          paymentUrl: page.url,
          terminal: terminal.owner,
          now,
        },
      },
      metadata: { correlationId, actor: { kind: 'diner' }, occurredAt: now },
    });
    // A racing request opened a page first: both diners' tabs show that one (ours is simply never used).
    return openPaymentPage(result.state as PlacedOrder)?.paymentUrl ?? page.url;
  }
}

/** The business's own Cardcom terminal when it set one up; otherwise the platform's. */
function terminalOf(business: {
  cardcomEnabled: boolean;
  cardcomTerminalNumber?: string | null;
  cardcomApiName?: string | null;
}): TerminalChoice {
  if (business.cardcomEnabled && business.cardcomTerminalNumber && business.cardcomApiName) {
    return {
      owner: 'business',
      credentials: { terminalNumber: business.cardcomTerminalNumber, apiName: business.cardcomApiName },
    };
  }
  return { owner: 'platform', credentials: null };
}
