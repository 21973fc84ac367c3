export interface SlipLine {
  name: string;
  quantity: number;
  lineTotalAgorot: number;
}

export interface SlipContent {
  businessName: string;
  /** null for a test print */
  orderNumber: number | null;
  /** when it was paid (an instant; shown in Israel time, Asia/Jerusalem, e.g. 21/11/2026 14:05) */
  at: Date;
  tableNumber: number | null;
  lines: SlipLine[];
  remarks: string | null;
  totalAgorot: number;
  /** shows "שולם" (paid) prominently; a test print shows "הדפסת ניסיון" instead of an order number */
  paid: boolean;
  kind: 'order' | 'test';
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
