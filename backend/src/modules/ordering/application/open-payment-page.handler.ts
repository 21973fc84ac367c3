import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import type { CheckoutMenu } from './checkout-menu.reader.js';
import {
  PAYMENT_PROVIDER,
  type OpenPaymentPageRequest,
  type PaymentProvider,
  type ProviderPageLanguage,
} from '../../payments/index.js';
import { openPaymentPage, type OrderCommand, type PlacedOrder } from '../domain/order.decider.js';
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
 * The command that records a page the provider opened for `request`. Bit's page is an address the diner leaves the
 * frame for (Cardcom's UrlToBit).
 */
export function pageOpened(
  provider: PaymentProvider['name'],
  page: { lowProfileId: string; url: string; bitUrl?: string },
  request: Pick<OpenPaymentPageRequest, 'terminal' | 'method'>,
  now: string,
): Extract<OrderCommand, { type: 'OpenPaymentPage' }> {
  const { lowProfileId, bitUrl, url } = page;
  const data = { provider, lowProfileId, paymentUrl: bitUrl ?? url, terminal: request.terminal.owner };
  return { type: 'OpenPaymentPage', data: { ...data, method: request.method, now } };
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
      pageOpened(this.provider.name, page, request, now),
      { correlationId, actor: { kind: 'diner' }, occurredAt: now },
      { known: current },
    );
    // A racing request opened a page first: both diners' tabs show that one (ours is simply never used).
    return openPaymentPage(result.state as PlacedOrder)?.paymentUrl ?? page.bitUrl ?? page.url;
  }
}
