import { formatShekels, isolatedText, type PaymentMethod, withoutChoiceName } from '@tafrit/contracts';

/** A choice of a line, as ordered: `without` ones (בלי בצל) the slip sets apart. */
export interface SlipLineOption {
  name: string;
  priceAgorot: number;
  without: boolean;
}

export interface SlipLine {
  name: string;
  quantity: number;
  /** The line's whole price, its options included. */
  lineTotalAgorot: number;
  options?: SlipLineOption[];
}

/**
 * The rows a line's choices print as, under the line: each added choice on its own ("+ שיבולת שועל ₪2.00", the price
 * of one unit, none when free), then every "without" choice together on one row of its own ("בלי: בצל, עגבנייה"),
 * which the layout prints white on black so the kitchen cannot miss it. Each name is isolated without its direction
 * controls (issue 29): nothing a person typed turns the price or the names beside it around.
 */
export function slipOptionRows(line: SlipLine): { text: string; without: boolean }[] {
  const options = line.options ?? [];
  const added = options
    .filter((option) => !option.without)
    .map((option) => ({
      text:
        option.priceAgorot > 0
          ? `+ ${isolatedText(option.name)} ${formatShekels(option.priceAgorot)}`
          : `+ ${isolatedText(option.name)}`,
      without: false,
    }));
  // "בלי: בצל", not "בלי: בלי בצל" when the owner named the choice so (contracts' withoutChoiceName).
  const without = options
    .filter((option) => option.without)
    .map((option) => isolatedText(withoutChoiceName(option.name)));
  return without.length > 0 ? [...added, { text: `בלי: ${without.join(', ')}`, without: true }] : added;
}

export interface SlipContent {
  businessName: string;
  /** null for a test print */
  orderNumber: number | null;
  /** when it was paid (an instant; shown in Israel time, Asia/Jerusalem, e.g. 21/11/2026 14:05) */
  at: Date;
  tableNumber: number | null;
  /** Order ahead (issue 33): the pickup time the diner chose, printed large under the table; absent: now. */
  pickupAt?: Date;
  lines: SlipLine[];
  remarks: string | null;
  totalAgorot: number;
  /** The diner's tip inside the total, printed apart, and how they paid (issue 17). */
  tipAgorot?: number;
  paymentMethod?: PaymentMethod;
  /** shows "שולם" (paid) prominently; a test print shows "הדפסת ניסיון" instead of an order number */
  paid: boolean;
  /** The owner's test order (decision 034): "הזמנת בדיקה" where "שולם" would be, and nothing to charge. */
  testOrder?: boolean;
  /** A tab's round (decision 058): "סבב 2" and "חשבון פתוח" where "שולם" would be; paid with the bill at the end. */
  tabRound?: number;
  /** `cancelled`: the order was declined or refunded whole after its slip printed (issue 17): "בוטלה", don't make it. */
  kind: 'order' | 'test' | 'cancelled';
}

/** The short slip that tells the kitchen to stop an order it already has on paper: what it was, and "בוטלה". */
export function cancelledSlipContent(order: Omit<SlipContent, 'kind' | 'paid' | 'remarks'>): SlipContent {
  return { ...order, remarks: null, paid: true, kind: 'cancelled' };
}

/** A test slip that exercises what breaks on cheap printers: Hebrew, Latin words, digits, brackets, the ₪ sign. */
export function testSlipContent(businessName: string, now: Date): SlipContent {
  const lines: SlipLine[] = [
    { name: 'Espresso כפול', quantity: 2, lineTotalAgorot: 2400 },
    { name: 'שקשוקה (חריפה)', quantity: 1, lineTotalAgorot: 5400 },
    { name: 'Coca-Cola Zero', quantity: 3, lineTotalAgorot: 3150 },
  ];
  return {
    businessName,
    orderNumber: null,
    at: now,
    tableNumber: 12,
    lines,
    remarks: 'בדיקת מדפסת: עברית, English, 0123456789',
    totalAgorot: lines.reduce((sum, line) => sum + line.lineTotalAgorot, 0),
    paid: false,
    kind: 'test',
  };
}
