/** An order line as the `orders` read model stores it (`items`: price in shekels, as the spec's table has it). */
export interface StoredItem {
  name: string;
  price: number;
  quantity: number;
}

/** The read model's `items` (jsonb, or text on some drivers) as lines with exact line totals in agorot. */
export function linesOf(items: StoredItem[] | string): { name: string; quantity: number; lineTotalAgorot: number }[] {
  const parsed = typeof items === 'string' ? (JSON.parse(items) as StoredItem[]) : items;
  return parsed.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    // Shekels with two decimals to agorot first, then times the quantity: no binary fractions in the total.
    lineTotalAgorot: Math.round(item.price * 100) * item.quantity,
  }));
}

/** A numeric(10,2) column's text ('41.00') in agorot. */
export const agorotOf = (amount: string): number => Math.round(Number(amount) * 100);
