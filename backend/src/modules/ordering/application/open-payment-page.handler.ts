import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import type { CheckoutMenu } from './checkout-menu.reader.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderPageLanguage } from '../../payments/index.js';
import { openPaymentPage, type PlacedOrder } from '../domain/order.decider.js';
import { OrderExpiredError } from '../domain/order.errors.js';
import { OrderStore, type LoadedOrder } from '../persistence/order-store.js';
import { paymentPageRequest } from './payment-page-request.js';

export class OpenPaymentPageCommand {
  constructor(
    readonly orderId: string,
    readonly business: CheckoutMenu['business'],
    readonly correlationId: string,
    /** The order as the request just read or wrote it. */
    readonly known?: LoadedOrder,
    /** The payment page's language (the diner's, where the provider has it). */
    readonly pageLanguage: ProviderPageLanguage = 'he',
  ) {}
}

/**
 * Opens the order's payment page with the configured provider and records `PaymentPageOpened`. An open page is
 * reused, so a reload or a double click shows the same page; after a declined page a new one is opened for the
 * retry. Answers the page's address.
 */
@CommandHandler(OpenPaymentPageCommand)
export class OpenPaymentPageHandler implements ICommandHandler<OpenPaymentPageCommand, string> {
  constructor(
    private readonly orders: OrderStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ orderId, business, correlationId, known, pageLanguage }: OpenPaymentPageCommand): Promise<string> {
    const current = known ?? (await this.orders.load(orderId));
    const order = current.state as PlacedOrder;
    if (order.status === 'expired') throw new OrderExpiredError(orderId);
    const open = openPaymentPage(order);
    if (open) return open.paymentUrl;

    // A retry pays the way the checkout chose (another way would be another checkout, decision 027).
    const method = order.payment.pages[0]?.method ?? 'card';
    const request = paymentPageRequest(this.config, order, business, pageLanguage, method);
    const page = await this.provider.openPaymentPage(request);
    const now = new Date().toISOString();
    const result = await this.orders.execute(
      orderId,
      {
        type: 'OpenPaymentPage',
        data: {
          provider: this.provider.name,
          lowProfileId: page.lowProfileId,
          paymentUrl: page.bitUrl ?? page.url,
          terminal: request.terminal.owner,
          method,
          now,
        },
      },
      { correlationId, actor: { kind: 'diner' }, occurredAt: now },
      { known: current },
    );
    // A racing request opened a page first: both diners' tabs show that one (ours is simply never used).
    return openPaymentPage(result.state as PlacedOrder)?.paymentUrl ?? page.bitUrl ?? page.url;
  }
}
