import { createHash } from 'node:crypto';
import {
  agorotToDecimalString,
  orderLineKey,
  decidePromo,
  type ErrorCode,
  type IsraelMoment,
  type OrderAmounts,
  type OrderLine,
  type PromoCode,
  type TipChoice,
} from '@tafrit/contracts';
import { priceCart, priceWithTip, type CartRequestLine, type MenuProductPrice } from './pricing.js';

/** What the checkout reads of the menu at this moment (the menu module's checkout read). */
export interface CheckoutMenuFacts {
  business: {
    isActive: boolean;
    paymentOptions: { bitEnabled: boolean; tipsEnabled: boolean };
  };
  products: readonly MenuProductPrice[];
  /** The business's next order number, taken with the read; none for a paused business. */
  nextOrderNumber: number | null;
}

/** Whether ordering is open now by the server's clock (decision 028), and when it opens if not. */
export interface CheckoutHours {
  open: boolean;
  reason: unknown;
  opensAt: unknown;
}

export interface CheckoutRequest {
  lines: readonly CartRequestLine[];
  /** The total the diner was shown (items and tip), in agorot: it must equal the server's or nothing is placed. */
  shownTotalAgorot: number;
  tip?: TipChoice | null;
  method?: 'card' | 'bit';
  /** The promo code the diner typed (issue 33), as the store knew it when asked; absent: none. */
  promo?: CheckoutPromo;
}

/** A typed code with what the database said of it: the code (null: none of that name), its uses, this diner's. */
export interface CheckoutPromo {
  code: PromoCode | null;
  now: IsraelMoment;
  usesTaken: number;
  usedByDiner: boolean;
}

/** The discount an order is placed with: the code, its id and the agorot it takes off the items. */
export interface CheckoutDiscount {
  code: string;
  promoCodeId: string;
  agorot: number;
}

/** The refusal the diner is answered with: its error code and what the client needs to recover. */
export interface CheckoutRefusal {
  code: ErrorCode;
  data?: unknown;
}

export type CheckoutPricing =
  | {
      ok: true;
      orderNumber: number;
      lines: OrderLine[];
      /** The items alone, before any discount; `amounts.totalAgorot` takes the discount off and adds the tip. */
      itemsAgorot: number;
      amounts: OrderAmounts;
      method: 'card' | 'bit';
      /** The promo code's discount (issue 33); each discounted line carries its share. Null: none. */
      discount: CheckoutDiscount | null;
    }
  | { ok: false; refusal: CheckoutRefusal };

const refused = (code: ErrorCode, data?: unknown): CheckoutPricing => ({
  ok: false,
  refusal: data === undefined ? { code } : { code, data },
});

/**
 * The checkout's decision, with no clock and no database: reprices the cart from the menu of this moment and refuses
 * a business that is gone, inactive or closed, unavailable products and refused choices, a way to pay or a tip the
 * business does not offer, a total the diner was not shown, and a cart of free items only (providers refuse a ₪0
 * page). `menu` null: no such business; `hours`: whether its ordering is open now (null without a menu).
 */
export function priceCheckout(
  menu: CheckoutMenuFacts | null,
  hours: CheckoutHours | null,
  request: CheckoutRequest,
): CheckoutPricing {
  if (!menu) return refused('menu.not_found');
  const { business } = menu;
  if (!business.isActive || menu.nextOrderNumber === null) return refused('menu.unavailable');
  // The order number taken with the read is left unused, as after any refusal (order numbers may have gaps).
  if (!hours?.open) {
    return refused('business.ordering_closed', { reason: hours?.reason, opensAt: hours?.opensAt });
  }
  const pricing = priceCart(request.lines, menu.products);
  if (pricing.status === 'unavailable') {
    return refused('order.items_unavailable', { unavailableProductIds: pricing.productIds });
  }
  if (pricing.status === 'option_refused') {
    const { code, ...detail } = pricing.error;
    return refused(code, { productId: pricing.productId, ...detail });
  }
  const method = request.method ?? 'card';
  if (method === 'bit' && !business.paymentOptions.bitEnabled) return refused('order.method_not_offered');
  const promo = discountOf(request.promo, pricing.lines, menu.products);
  if (!promo.ok) return refused('order.promo_invalid', promo.refusal);
  const { lines, discount } = promo;
  // The tip's percent, the VAT and the commission are of what is paid for the items: after the discount.
  const paidItemsAgorot = pricing.totalAgorot - (discount?.agorot ?? 0);
  const amounts = priceWithTip(paidItemsAgorot, request.tip, business.paymentOptions.tipsEnabled);
  if (amounts.status === 'tip_not_offered') return refused('order.tip_not_offered');
  if (amounts.status === 'tip_too_large') {
    return refused('order.tip_too_large', { maxTipAmount: agorotToDecimalString(amounts.maxTipAgorot) });
  }
  if (amounts.totalAgorot !== request.shownTotalAgorot) {
    return refused('order.price_changed', {
      // The items' total, as the cart shows it; the checkout adds the tip again.
      totalAmount: agorotToDecimalString(pricing.totalAgorot),
      tipAmount: agorotToDecimalString(amounts.tipAgorot),
      // The promo code's discount as priced now (issue 33; absent: none): the cart takes it off the items.
      ...(discount ? { discountAmount: agorotToDecimalString(discount.agorot) } : {}),
      items: pricing.lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        price: agorotToDecimalString(line.unitPriceAgorot),
        quantity: line.quantity,
        ...(line.options ? { options: line.options.map((option) => option.optionId) } : {}),
      })),
    });
  }
  if (paidItemsAgorot === 0) return refused('order.zero_total');
  const { status: _ok, itemsAgorot: _paid, ...orderAmounts } = amounts;
  return {
    ok: true,
    orderNumber: menu.nextOrderNumber,
    lines,
    itemsAgorot: pricing.totalAgorot,
    amounts: orderAmounts,
    method,
    discount,
  };
}

type PromoPricing =
  | { ok: true; lines: OrderLine[]; discount: CheckoutDiscount | null }
  | { ok: false; refusal: { reason: string; minOrderAgorot?: number } };

/** The typed code decided on the priced lines (contracts' decidePromo); each discounted line gets its share. */
function discountOf(
  promo: CheckoutPromo | undefined,
  lines: OrderLine[],
  products: CheckoutMenuFacts['products'],
): PromoPricing {
  if (!promo) return { ok: true, lines, discount: null };
  const categoryOf = new Map(products.map((product) => [product.id, product.categoryId ?? null]));
  const verdict = decidePromo({
    code: promo.code,
    lines: lines.map((line) => ({
      productId: line.productId,
      categoryId: categoryOf.get(line.productId) ?? null,
      amountAgorot: line.unitPriceAgorot * line.quantity,
    })),
    now: promo.now,
    usesTaken: promo.usesTaken,
    usedByDiner: promo.usedByDiner,
  });
  if (!verdict.ok) {
    const { reason, minOrderAgorot } = verdict;
    return { ok: false, refusal: minOrderAgorot === undefined ? { reason } : { reason, minOrderAgorot } };
  }
  const code = promo.code!;
  return {
    ok: true,
    lines: lines.map((line, index) => {
      const share = verdict.shares[index] ?? 0;
      return share > 0 ? { ...line, discountAgorot: share } : line;
    }),
    discount: { code: code.code, promoCodeId: code.id, agorot: verdict.discountAgorot },
  };
}

/**
 * The same diner session, business, lines (with their choices), remarks, table, tip, way to pay and invoice's buyer:
 * the same checkout (decision 005 §3), whose second request finds the first order.
 */
export function checkoutKey(
  businessPhone: string,
  checkout: {
    dinerSessionId: string;
    remarks: string | null;
    tableNumber: number | null;
    invoiceFor?: { name: string; taxId: string } | null;
    /** The promo code the order is placed with (issue 33): another code, or none, is another checkout. */
    promoCode?: string | null;
    /** Issue 33: the pickup slot's `at`; absent: as soon as possible. */
    pickupAt?: string;
    /**
     * A table's cart and, on a tab, its round or its bill (issue 34): each round is another checkout even with the same
     * lines; absent: a diner's own cart, keyed as before.
     */
    tableKey?: string;
  },
  lines: readonly OrderLine[],
  tipAgorot: number,
  method: 'card' | 'bit',
): string {
  // Lines of one product with other choices are ordered by their key, so the cart's order never matters.
  const cart = [...lines]
    .sort((a, b) => a.productId - b.productId || orderLineKey(a).localeCompare(orderLineKey(b)))
    .map((line) => `${orderLineKey(line)}x${line.quantity}@${line.unitPriceAgorot}`);
  return (
    createHash('sha256')
      // Another tip or way to pay is another checkout; without either the key is the one it was before them.
      .update(
        JSON.stringify([
          businessPhone,
          checkout.dinerSessionId,
          cart,
          checkout.remarks,
          checkout.tableNumber,
          ...(tipAgorot > 0 || method === 'bit' ? [tipAgorot, method] : []),
          // An invoice for a business is another checkout (the diner asked for it after the page opened: a new order
          // names the buyer); without one the key is the one it was before.
          ...(checkout.invoiceFor ? [{ invoiceFor: [checkout.invoiceFor.name, checkout.invoiceFor.taxId] }] : []),
          // A promo code is another checkout; without one the key is the one it was before codes.
          ...(checkout.promoCode ? [{ promoCode: checkout.promoCode }] : []),
          // Another pickup time is another checkout (issue 33); as soon as possible keeps the key it had before.
          ...(checkout.pickupAt ? [{ pickupAt: checkout.pickupAt }] : []),
          ...(checkout.tableKey ? [{ table: checkout.tableKey }] : []),
        ]),
      )
      .digest('hex')
  );
}
