import { createHash, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  cartLineKey,
  type DinerLanguage,
  type OrderLine,
  type TipChoice,
} from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { AppError } from '../../../platform/http/app-error.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderPageLanguage } from '../../payments/index.js';
import { OrderingMoments } from '../../accounts/index.js';
import { MenuTranslationsReader, translationKey } from '../../menu/index.js';
import { openPaymentPage, type PlacedOrder } from '../domain/order.decider.js';
import { priceCart, priceWithTip } from '../domain/pricing.js';
import { OrderStore, type LoadedOrder } from '../persistence/order-store.js';
import { ReadySmsPhones } from '../persistence/ready-sms-phones.js';
import { CheckoutMenuReader, type CheckoutMenu } from './checkout-menu.reader.js';
import { paymentPageRequest } from './payment-page-request.js';

export interface PlaceOrderInput {
  departmentId: string;
  dinerSessionId: string;
  /** `options`: the chosen option ids (absent: none). */
  lines: { productId: number; quantity: number; options?: string[] }[];
  /** The total the diner was shown (items and tip), in agorot: it must equal the server's or nothing is placed. */
  shownTotalAgorot: number;
  /** The diner's tip (issue 17); null: none. */
  tip?: TipChoice | null;
  /** `bit`: the diner pays with Bit, outside the frame; else the provider's page (card, Google Pay). */
  method?: 'card' | 'bit';
  remarks: string | null;
  tableNumber: number | null;
  customerName: string | null;
  customerPhone: string | null;
  correlationId: string;
  /** The payment page's language (the diner's, where the provider has it). */
  pageLanguage?: ProviderPageLanguage;
  /** The language the diner's pages are in: the order keeps the names they read in it (absent: Hebrew). */
  language?: DinerLanguage;
  /** Issue 18: the diner's mobile (E.164) for one SMS when the order is ready, and their language; null: none. */
  readySms?: { phone: string; language: DinerLanguage } | null;
}

export class PlaceOrderCommand {
  constructor(readonly input: PlaceOrderInput) {}
}

export interface PlacedOrderResult {
  orderId: string;
  orderNumber: number;
  totalAgorot: number;
  /** False when the same diner sent the same cart again within 30 minutes: the first order is answered. */
  created: boolean;
  /** The order as this command left it (or as the earlier order stands), for the next command of the request. */
  order: LoadedOrder;
  /** The seller as the menu read it now (its terminal opens the payment page). */
  business: CheckoutMenu['business'];
  /** The new order's payment page (none for the same checkout's earlier order: open or reuse one for it). */
  paymentUrl: string | null;
}

/**
 * `PlaceOrder`: reprices the cart from the menu of this moment (one query, with the seller's details the invoice
 * will carry and the business's next order number), refuses paused businesses, unavailable products and a total the
 * diner was not shown, opens the order's payment page with the provider, then records `OrderPlaced` and
 * `PaymentPageOpened` together. The idempotency key, the `orders` row, the page and the events are one round trip
 * (`order_append`, decision 015): a double click (the same diner session and cart) waits on the key's row and then
 * finds the first order (the page opened for the second click is never shown).
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, PlacedOrderResult> {
  constructor(
    private readonly menus: CheckoutMenuReader,
    private readonly orders: OrderStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moments: OrderingMoments,
    private readonly phones: ReadySmsPhones,
    private readonly translations: MenuTranslationsReader,
  ) {}

  async execute({ input }: PlaceOrderCommand): Promise<PlacedOrderResult> {
    const menu = await this.menus.read(
      input.departmentId,
      input.lines.map((line) => line.productId),
    );
    if (!menu) throw new AppError('menu.not_found');
    const { business } = menu;
    if (!business.isActive || menu.nextOrderNumber === null) throw new AppError('menu.unavailable');
    // Outside the hours, on Shabbat or a holiday, or paused from the console: by the server's clock (decision 028).
    // The order number taken with the read is left unused, as after any refusal (order numbers may have gaps).
    const ordering = this.moments.at(business.ordering);
    if (!ordering.open) {
      throw new AppError('business.ordering_closed', { data: { reason: ordering.reason, opensAt: ordering.opensAt } });
    }
    const orderNumber = menu.nextOrderNumber;

    const pricing = priceCart(input.lines, menu.products);
    if (pricing.status === 'unavailable') {
      throw new AppError('order.items_unavailable', { data: { unavailableProductIds: pricing.productIds } });
    }
    if (pricing.status === 'option_refused') {
      const { code, ...detail } = pricing.error;
      throw new AppError(code, { data: { productId: pricing.productId, ...detail } });
    }
    const method = input.method ?? 'card';
    if (method === 'bit' && !business.paymentOptions.bitEnabled) throw new AppError('order.method_not_offered');
    const amounts = priceWithTip(pricing.totalAgorot, input.tip, business.paymentOptions.tipsEnabled);
    if (amounts.status === 'tip_not_offered') throw new AppError('order.tip_not_offered');
    if (amounts.status === 'tip_too_large') {
      throw new AppError('order.tip_too_large', {
        data: { maxTipAmount: agorotToDecimalString(amounts.maxTipAgorot) },
      });
    }
    if (amounts.totalAgorot !== input.shownTotalAgorot) {
      throw new AppError('order.price_changed', {
        data: {
          // The items' total, as the cart shows it; the checkout adds the tip again.
          totalAmount: agorotToDecimalString(pricing.totalAgorot),
          tipAmount: agorotToDecimalString(amounts.tipAgorot),
          items: pricing.lines.map((line) => ({
            productId: line.productId,
            name: line.name,
            price: agorotToDecimalString(line.unitPriceAgorot),
            quantity: line.quantity,
            ...(line.options ? { options: line.options.map((option) => option.optionId) } : {}),
          })),
        },
      });
    }

    // A cart of free items only: providers refuse a ₪0 page, so say so before any page is asked for.
    if (pricing.totalAgorot === 0) throw new AppError('order.zero_total');

    const orderId = randomUUID();
    // Sealed before the provider is asked for a page: a server without a key refuses here, having opened nothing.
    const readySmsPhoneSealed = input.readySms ? this.phones.seal(orderId, input.readySms.phone) : undefined;
    const request = paymentPageRequest(
      this.config,
      {
        orderId,
        orderNumber,
        totalAgorot: amounts.totalAgorot,
        tipAgorot: amounts.tipAgorot,
        lines: pricing.lines,
        departmentId: business.departmentId,
      },
      business,
      input.pageLanguage,
      method,
    );
    const page = await this.provider.openPaymentPage(request);
    const now = new Date().toISOString();
    const result = await this.orders.execute(
      orderId,
      [
        {
          type: 'PlaceOrder',
          data: {
            orderId,
            businessPhone: business.phone,
            departmentId: business.departmentId,
            orderNumber,
            lines: await this.asTheDinerRead(business.phone, input.language, pricing.lines),
            totalAgorot: amounts.totalAgorot,
            commissionAgorot: amounts.commissionAgorot,
            netAgorot: amounts.netAgorot,
            // Recorded only when there is one: an order without a tip is stored as orders were before tips.
            ...(amounts.tipAgorot > 0 ? { tipAgorot: amounts.tipAgorot } : {}),
            remarks: input.remarks,
            tableNumber: input.tableNumber,
            dinerSessionId: input.dinerSessionId,
            customerName: input.customerName,
            customerPhone: input.customerPhone,
            placedAt: now,
            seller: {
              name: business.businessName,
              dealerNumber: business.idNumber,
              receiptPhone: business.receiptPhone,
              serviceMode: business.serviceMode,
              phone: business.phone,
              street: business.street,
              city: business.city,
            },
          },
        },
        {
          type: 'OpenPaymentPage',
          data: {
            provider: this.provider.name,
            lowProfileId: page.lowProfileId,
            // Bit's page is an address the diner leaves the frame for (Cardcom's UrlToBit).
            paymentUrl: page.bitUrl ?? page.url,
            terminal: request.terminal.owner,
            method,
            now,
          },
        },
        // The request, never the number: the number is kept sealed by the same statement (decision 033).
        ...(input.readySms
          ? [{ type: 'RequestReadySms' as const, data: { language: input.readySms.language, now } }]
          : []),
      ],
      { correlationId: input.correlationId, actor: { kind: 'diner' }, occurredAt: now },
      {
        known: { state: { placed: false }, version: 0 },
        requestKey: checkoutKey(business.phone, input, pricing.lines, amounts.tipAgorot, method),
        readySmsPhoneSealed,
      },
    );
    if (result.existingOrderId) {
      const earlier = await this.orders.load(result.existingOrderId);
      const state = earlier.state as PlacedOrder;
      return {
        orderId: state.orderId,
        orderNumber: state.orderNumber,
        totalAgorot: state.totalAgorot,
        created: false,
        order: earlier,
        business,
        paymentUrl: null,
      };
    }
    const state = result.state as PlacedOrder;
    return {
      orderId,
      orderNumber: state.orderNumber,
      totalAgorot: state.totalAgorot,
      created: true,
      order: { state, version: result.version },
      business,
      paymentUrl: openPaymentPage(state)?.paymentUrl ?? page.url,
    };
  }

  /**
   * The lines with the names the diner read, in their language, beside the Hebrew ones (the kitchen's, the
   * invoice's): recorded with the order, so the thank-you page shows what was ordered as it was read, whatever the
   * owner's translations become later. A name the owner had not translated was read in Hebrew and gets none.
   */
  private async asTheDinerRead(
    businessPhone: string,
    language: DinerLanguage | undefined,
    lines: OrderLine[],
  ): Promise<OrderLine[]> {
    if (!language || language === 'he') return lines;
    const items = lines.flatMap((line) => [
      { kind: 'product' as const, id: line.productId },
      ...(line.options ?? []).map((option) => ({ kind: 'option' as const, id: option.optionId })),
    ]);
    const names = await this.translations.namesIn(businessPhone, language, items);
    if (names.size === 0) return lines;
    const named = <T extends object>(item: T, key: string): T => {
      const name = names.get(key);
      return name ? { ...item, translatedName: { language, name } } : item;
    };
    return lines.map((line) => ({
      ...named(line, translationKey('product', line.productId)),
      ...(line.options
        ? { options: line.options.map((option) => named(option, translationKey('option', option.optionId))) }
        : {}),
    }));
  }
}

/** The same diner session, business, lines (with their choices), remarks, table, tip and way to pay: the same checkout. */
function checkoutKey(
  businessPhone: string,
  input: PlaceOrderInput,
  lines: readonly OrderLine[],
  tipAgorot: number,
  method: 'card' | 'bit',
): string {
  const keyOf = (line: OrderLine) =>
    cartLineKey(
      line.productId,
      (line.options ?? []).map((option) => option.optionId),
    );
  // Lines of one product with other choices are ordered by their key, so the cart's order never matters.
  const cart = [...lines]
    .sort((a, b) => a.productId - b.productId || keyOf(a).localeCompare(keyOf(b)))
    .map((line) => `${keyOf(line)}x${line.quantity}@${line.unitPriceAgorot}`);
  return (
    createHash('sha256')
      // Another tip or way to pay is another checkout; without either the key is the one it was before them.
      .update(
        JSON.stringify([
          businessPhone,
          input.dinerSessionId,
          cart,
          input.remarks,
          input.tableNumber,
          ...(tipAgorot > 0 || method === 'bit' ? [tipAgorot, method] : []),
        ]),
      )
      .digest('hex')
  );
}
