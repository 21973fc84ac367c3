/**
 * One way to write how many of a product, everywhere a diner or a cook reads it (the live console, the thank-you
 * page, the receipt SMS, the printed slip): the quantity first, then the sign, then the name, `2 × הפוך`. In a
 * right-to-left line the quantity is read first; pages isolate it (`<bdi>`) so a number never joins its neighbours.
 */
export const QUANTITY_SIGN = '×';

export function quantityLine(quantity: number, name: string): string {
  return `${quantity} ${QUANTITY_SIGN} ${name}`;
}
