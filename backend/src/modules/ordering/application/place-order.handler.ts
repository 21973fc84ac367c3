import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  israelSlotTime,
  type BuyerBlock,
  type DinerLanguage,
  type OrderLine,
  type OrderSource,
  type PromoRefusal,
  type TipChoice,
} from '@tafrit/contracts';
import { CheckoutPromos, promoInvalid } from './checkout-promos.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { AppError } from '../../../platform/http/app-error.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderPageLanguage } from '../../payments/index.js';
import { OrderingMoments, slotOf } from '../../accounts/index.js';
import { PickupSlots, isSlotFull } from '../persistence/pickup-slots.js';
import { MenuTranslationsReader, PublicMenuService, translationKey } from '../../menu/index.js';
import { CheckoutMenuReader, type CheckoutMenu } from './checkout-menu.reader.js';
import { checkoutKey, priceCheckout, type CheckoutRefusal } from '../domain/checkout.js';
import { openPaymentPage, type OrderCommand, type PlacedOrder, type Seller } from '../domain/order.decider.js';
import { OrderStore, type LoadedOrder } from '../persistence/order-store.js';
import { ReadySmsPhones } from '../persistence/ready-sms-phones.js';
import { dinerUseKeys, type PromoUse } from '../persistence/promo-uses.js';
import { pageOpened } from './open-payment-page.handler.js';
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
  /** Issue 32: the business the tax invoice is made out to (checked by the contract); null or absent: none. */
  invoiceFor?: BuyerBlock | null;
  /** Issue 33: where the diner came from (checked by the contract); absent: not recorded. */
  source?: OrderSource;
  /** Issue 33: the promo code the diner typed, upper case; null or absent: none. */
  promoCode?: string | null;
  /** Issue 33: a pickup slot's `at` as the public menu gave it; absent: as soon as possible. */
  pickupAt?: string;
  /** Issue 34: the shared table's cart these lines were checked out of; absent: the diner's own cart. */
  tableCartId?: string;
  /** Issue 34: no page for the whole order: each payer's part opens its own (decision 056). */
  withoutPage?: boolean;
  /**
   * Issue 34, part 3 (decision 058): a round of the table's tab (no commission, never charged: its money is the bill's,
   * and it goes to the kitchen once its cart records it), or the tab's bill (never sent to the kitchen).
   */
  tab?: { round: number } | { bill: true };
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
 * `PlaceOrder`: reads the menu of this moment (one query, with the seller's details the invoice will carry and the
 * business's next order number), prices the checkout or refuses it (`priceCheckout`, domain/checkout.ts), opens the
 * order's payment page with the provider, then records `OrderPlaced` and
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
    private readonly promos: CheckoutPromos,
    private readonly slots: PickupSlots,
    private readonly publicMenus: PublicMenuService,
  ) {}

  async execute({ input }: PlaceOrderCommand): Promise<PlacedOrderResult> {
    try {
      return await this.place(input);
    } catch (error) {
      // The slot's last place went to another diner between the check and the append (issue 33, decision 050).
      if (input.pickupAt === undefined || !isSlotFull(error)) throw error;
      const menu = await this.menus.read(input.departmentId, []);
      throw await this.slotFull(menu!.business, Date.parse(input.pickupAt));
    }
  }

  private async place(input: PlaceOrderInput): Promise<PlacedOrderResult> {
    const productIds = input.lines.map((line) => line.productId);
    const menu = await this.menus.read(input.departmentId, productIds);
    // A pickup time is one of today's slots or nothing is placed (issue 33); an order for later may be placed while
    // the café is not yet open today, so its hours are the slot's, not this moment's.
    const pickup = menu && input.pickupAt !== undefined ? this.pickupOf(menu.business, input.pickupAt) : null;
    // Outside the hours, on Shabbat or a holiday, or paused from the console: by the server's clock (decision 028).
    const hours = pickup
      ? { open: true, reason: null, opensAt: null }
      : menu && this.moments.at(menu.business.ordering);
    const dinerKeys = dinerUseKeys(input.dinerSessionId, [input.customerPhone, input.readySms?.phone]);
    const promo =
      menu && input.promoCode ? await this.promos.of(menu.business.phone, input.promoCode, dinerKeys) : null;
    const checkout = priceCheckout(menu, hours, {
      ...input,
      ...(promo ? { promo } : {}),
    });
    if (!checkout.ok) throw refusalError(checkout.refusal);
    const { business } = menu!;
    const placesLeft = pickup ? await this.slots.prepare(business.phone, pickup.at, pickup.capacity) : Infinity;
    if (pickup && placesLeft <= 0) throw await this.slotFull(business, pickup.at);
    const { orderNumber, lines, method, discount } = checkout;
    // A tab's round carries no commission: the bill, paid at the end, carries the commission of what it pays.
    const amounts =
      input.tab && 'round' in input.tab
        ? { ...checkout.amounts, commissionAgorot: 0, netAgorot: checkout.amounts.totalAgorot }
        : checkout.amounts;
    const promoUse: PromoUse | undefined =
      discount && promo?.code
        ? {
            id: discount.promoCodeId,
            max_uses: promo.code.maxUses,
            use_keys: ['order', ...(promo.code.oncePerDiner ? dinerKeys : [])],
          }
        : undefined;

    const orderId = randomUUID();
    // Sealed before the provider is asked for a page: a server without a key refuses here, having opened nothing.
    const readySmsPhoneSealed = input.readySms ? this.phones.seal(orderId, input.readySms.phone) : undefined;
    const { departmentId } = business;
    const invoiceFor = input.invoiceFor ? { name: input.invoiceFor.name, taxId: input.invoiceFor.taxId } : undefined;
    const order = {
      orderId,
      orderNumber,
      totalAgorot: amounts.totalAgorot,
      tipAgorot: amounts.tipAgorot,
      lines,
      ...(invoiceFor ? { invoiceFor } : {}),
    };
    const request = paymentPageRequest(this.config, { ...order, departmentId }, business, input.pageLanguage, method);
    const page = input.withoutPage ? null : await this.provider.openPaymentPage(request);
    const now = new Date().toISOString();
    const placing: OrderCommand = {
      type: 'PlaceOrder',
      data: {
        orderId,
        businessPhone: business.phone,
        departmentId,
        orderNumber,
        lines: await this.asTheDinerRead(business.phone, input.language, lines),
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
        seller: sellerOfCheckout(business),
        // Recorded only when asked for: a private diner's order is stored as orders were before it.
        ...(invoiceFor ? { invoiceFor } : {}),
        ...(input.source ? { source: input.source } : {}),
        // Recorded only with a code (issue 33): an order without one is stored as orders were before codes.
        ...(discount ? { discount } : {}),
        // Recorded only for an order for later: an order for now is stored as orders were before it.
        ...(pickup
          ? {
              pickupAt: new Date(pickup.at).toISOString(),
              dueAt: new Date(pickup.at - pickup.estimateMs).toISOString(),
            }
          : {}),
        ...(input.tableCartId ? { tableCartId: input.tableCartId } : {}),
        ...(input.tab ? { tab: input.tab } : {}),
      },
    };
    const result = await this.orders.execute(
      orderId,
      [
        placing,
        ...(page ? [pageOpened(this.provider.name, page, request, now)] : []),
        // The request, never the number: the number is kept sealed by the same statement (decision 033).
        ...(input.readySms
          ? [{ type: 'RequestReadySms' as const, data: { language: input.readySms.language, now } }]
          : []),
      ],
      { correlationId: input.correlationId, actor: { kind: 'diner' }, occurredAt: now },
      {
        known: { state: { placed: false }, version: 0 },
        requestKey: checkoutKey(
          business.phone,
          {
            ...input,
            invoiceFor,
            promoCode: discount?.code ?? null,
            ...(input.tab ? { tableKey: `${input.tableCartId}:${JSON.stringify(input.tab)}` } : {}),
          },
          lines,
          amounts.tipAgorot,
          method,
        ),
        readySmsPhoneSealed,
        promoUse,
      },
    );
    // This order took the slot's last place: the cached menu drops it, so the next diner sees the slot full.
    if (pickup && placesLeft === 1 && !result.existingOrderId) this.publicMenus.dropBusiness(business.phone);
    // The same checkout's earlier order: answered as it stands, its page opened (or reused) by the next command.
    const stored = result.existingOrderId ? await this.orders.load(result.existingOrderId) : undefined;
    const state = (stored ?? result).state as PlacedOrder;
    return {
      orderId: state.orderId,
      orderNumber: state.orderNumber,
      totalAgorot: state.totalAgorot,
      created: !stored,
      order: stored ?? { state, version: result.version },
      business,
      paymentUrl: stored || !page ? null : (openPaymentPage(state)?.paymentUrl ?? page.url),
    };
  }

  /** The slot `pickupAt` names, with its capacity and the kitchen's estimate; else 400 `order.slot_unknown`. */
  private pickupOf(business: CheckoutMenu['business'], pickupAt: string) {
    const { ahead } = business.ordering;
    const at = ahead ? slotOf(this.moments.slotsAt(business.ordering), pickupAt, israelSlotTime) : null;
    if (!ahead || at === null) throw new AppError('order.slot_unknown');
    return { at, capacity: ahead.perSlot, estimateMs: ahead.estimateMinutes * 60_000 };
  }

  /** 409 `order.slot_full` with the next slot of today that has room (null: none left). */
  private async slotFull(business: CheckoutMenu['business'], at: number): Promise<AppError> {
    // The diner saw it free in a cached menu: the menu is built again with the slot's places read anew.
    this.publicMenus.dropBusiness(business.phone);
    const { slots } = this.moments.slotsAt(business.ordering);
    const later = slots.filter((slot) => slot > at);
    const capacity = business.ordering.ahead?.perSlot ?? 0;
    const taken = later.length
      ? await this.slots.takenBetween(business.phone, later[0]!, later.at(-1)! + 1)
      : new Map();
    const next = later.find((slot) => (taken.get(slot) ?? 0) < capacity);
    return new AppError('order.slot_full', { data: { nextFreeAt: next === undefined ? null : israelSlotTime(next) } });
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

/** The checkout's refusal as the diner's answer; a promo code's reason in Hebrew in `fields.promoCode`. */
function refusalError(refusal: CheckoutRefusal): AppError {
  if (refusal.code !== 'order.promo_invalid') return new AppError(refusal.code, { data: refusal.data });
  const { reason, minOrderAgorot } = refusal.data as { reason: PromoRefusal; minOrderAgorot?: number };
  return promoInvalid(reason, minOrderAgorot);
}

/** The seller as the invoice of this order will print it: the business as the checkout read it. */
export function sellerOfCheckout(business: CheckoutMenu['business']): Seller {
  return {
    name: business.businessName,
    dealerNumber: business.idNumber,
    receiptPhone: business.receiptPhone,
    serviceMode: business.serviceMode,
    phone: business.phone,
    street: business.street,
    city: business.city,
  };
}
