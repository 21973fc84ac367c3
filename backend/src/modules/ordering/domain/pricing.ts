import {
  commissionAgorot,
  maxTipAgorot,
  netAgorot,
  orderAmounts,
  parsePriceToAgorot,
  tipAgorotOf,
  type OrderAmounts,
  type TipChoice,
  priceLineWithOptions,
  type OptionChoiceError,
  type OrderLine,
  type PricingOptionGroup,
} from '@tafrit/contracts';

export interface MenuProductPrice {
  id: number;
  name: string;
  /** numeric(10,2) as text, "12.50". */
  price: string;
  isActive: boolean;
  /** The product's option groups as they are now (absent or empty: none). */
  optionGroups?: readonly PricingOptionGroup[];
  /** Its category (issue 33: a promo code may apply to a category); absent: none known. */
  categoryId?: number;
}

export interface CartRequestLine {
  productId: number;
  quantity: number;
  /** The chosen option ids (absent: none). */
  options?: readonly string[];
}

export type Pricing =
  | { status: 'ok'; lines: OrderLine[]; totalAgorot: number; commissionAgorot: number; netAgorot: number }
  | { status: 'unavailable'; productIds: number[] }
  | { status: 'option_refused'; productId: number; error: OptionChoiceError };

/**
 * Prices a cart from the menu alone: the client's prices and totals are never read here. Unknown, foreign (not in
 * `products`, which holds only the business's own) and sold-out products make the whole cart unavailable, listed so
 * the diner can fix the cart. Then each line's choices are checked and priced against the product's groups of this
 * moment (contracts' priceLineWithOptions); the first refused choice refuses the cart.
 */
export function priceCart(cart: readonly CartRequestLine[], products: readonly MenuProductPrice[]): Pricing {
  const byId = new Map(products.map((product) => [product.id, product]));
  const unavailable = cart
    .filter((line) => {
      const product = byId.get(line.productId);
      return !product || !product.isActive || parsePriceToAgorot(product.price) === null;
    })
    .map((line) => line.productId);
  if (unavailable.length > 0) return { status: 'unavailable', productIds: unavailable };
  const lines: OrderLine[] = [];
  for (const line of cart) {
    const product = byId.get(line.productId) as MenuProductPrice;
    const priced = priceLineWithOptions({
      basePriceAgorot: parsePriceToAgorot(product.price) as number,
      groups: product.optionGroups ?? [],
      chosenOptionIds: line.options ?? [],
    });
    if (!priced.ok) return { status: 'option_refused', productId: product.id, error: priced.error };
    lines.push({
      productId: product.id,
      name: product.name,
      unitPriceAgorot: priced.unitPriceAgorot,
      quantity: line.quantity,
      // A line without choices stays as lines were before options: its event and row are unchanged.
      ...(priced.options.length > 0 ? { options: priced.options } : {}),
    });
  }
  const totalAgorot = lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0);
  return {
    status: 'ok',
    lines,
    totalAgorot,
    commissionAgorot: commissionAgorot(totalAgorot),
    netAgorot: netAgorot(totalAgorot),
  };
}

export type TipPricing =
  | ({ status: 'ok'; itemsAgorot: number } & OrderAmounts)
  | { status: 'tip_not_offered' }
  | { status: 'tip_too_large'; maxTipAgorot: number };

/**
 * The order's amounts with the diner's tip (issue 17): the server computes the tip from the items it priced, refuses
 * one the business does not offer or one above the items or ₪1,000, and charges items + tip with the commission on
 * the items alone (contracts' orderAmounts). No tip (absent, or an amount of 0) is the items alone.
 */
export function priceWithTip(itemsAgorot: number, tip: TipChoice | null | undefined, tipsOffered: boolean): TipPricing {
  const tipAgorot = tip ? tipAgorotOf(tip, itemsAgorot) : 0;
  if (tipAgorot === 0) return { status: 'ok', itemsAgorot, ...orderAmounts(itemsAgorot) };
  if (!tipsOffered) return { status: 'tip_not_offered' };
  const max = maxTipAgorot(itemsAgorot);
  if (tipAgorot > max) return { status: 'tip_too_large', maxTipAgorot: max };
  return { status: 'ok', itemsAgorot, ...orderAmounts(itemsAgorot, tipAgorot) };
}
