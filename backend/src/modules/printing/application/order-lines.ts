/** An order line as the `orders` read model stores it (`items`: price in shekels, as the spec's table has it). */
export interface StoredItem {
  name: string;
  /** One unit with its options. */
  price: number;
  quantity: number;
  /** The line's choices as ordered (absent: none), `price` in shekels. */
  options?: { groupName: string; name: string; price: number; without: boolean }[];
}

/** A chosen option as the slip and the live console show it. */
export interface LineOption {
  groupName: string;
  name: string;
  priceAgorot: number;
  without: boolean;
}

export interface OrderLineView {
  name: string;
  quantity: number;
  lineTotalAgorot: number;
  /** Absent when the line has no choices. */
  options?: LineOption[];
}

/** The read model's `items` (jsonb, or text on some drivers) as lines with exact line totals in agorot. */
export function linesOf(items: StoredItem[] | string): OrderLineView[] {
  const parsed = typeof items === 'string' ? (JSON.parse(items) as StoredItem[]) : items;
  return parsed.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    // Shekels with two decimals to agorot first, then times the quantity: no binary fractions in the total.
    lineTotalAgorot: Math.round(item.price * 100) * item.quantity,
    ...(item.options?.length
      ? {
          options: item.options.map((option) => ({
            groupName: option.groupName,
            name: option.name,
            priceAgorot: Math.round(option.price * 100),
            without: option.without,
          })),
        }
      : {}),
  }));
}

/** A numeric(10,2) column's text ('41.00') in agorot. */
export const agorotOf = (amount: string): number => Math.round(Number(amount) * 100);
