import { commissionAgorot, netAgorot, parsePriceToAgorot, type OrderLine } from '@tafrit/contracts';

export interface MenuProductPrice {
  id: number;
  name: string;
  /** numeric(10,2) as text, "12.50". */
  price: string;
  isActive: boolean;
}

export interface CartRequestLine {
  productId: number;
  quantity: number;
}

export type Pricing =
  | { status: 'ok'; lines: OrderLine[]; totalAgorot: number; commissionAgorot: number; netAgorot: number }
  | { status: 'unavailable'; productIds: number[] };

/**
 * Prices a cart from the menu alone: the client's prices and totals are never read here. Unknown, foreign (not in
 * `products`, which holds only the business's own) and sold-out products make the whole cart unavailable, listed so
 * the diner can fix the cart.
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
  const lines = cart.map((line): OrderLine => {
    const product = byId.get(line.productId) as MenuProductPrice;
    return {
      productId: product.id,
      name: product.name,
      unitPriceAgorot: parsePriceToAgorot(product.price) as number,
      quantity: line.quantity,
    };
  });
  const totalAgorot = lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0);
  return {
    status: 'ok',
    lines,
    totalAgorot,
    commissionAgorot: commissionAgorot(totalAgorot),
    netAgorot: netAgorot(totalAgorot),
  };
}
