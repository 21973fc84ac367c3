// Prices on the diner's screens: integer agorot, never floats (DESIGN.md §7). The contracts' money file has no
// dependencies, so importing it costs the bundle a few hundred bytes.
import { formatShekels, parsePriceToAgorot, type Agorot } from '@tafrit/contracts/money';

export { formatShekels, type Agorot };

/** A product or cart price as stored ("12.50", or a number from an older device): agorot, or null when unusable. */
export function priceToAgorot(price: string | number): Agorot | null {
  if (typeof price === 'number') {
    if (!Number.isFinite(price) || price < 0) return null;
    return parsePriceToAgorot(price.toFixed(2));
  }
  return parsePriceToAgorot(price);
}
