import { type SlipContent } from './slip-content.js';

/** The fixed slip behind agent/docs/sample-slip.png: every hard case of mixed Hebrew, English and digits. */
export const SAMPLE_SLIP_CONTENT: SlipContent = {
  businessName: 'קפה ביאליק',
  orderNumber: 17,
  // 14:05 in Israel (UTC+2 in November)
  at: new Date('2026-11-21T12:05:00.000Z'),
  tableNumber: 4,
  lines: [
    { name: 'שקשוקה', quantity: 2, lineTotalAgorot: 9800 },
    { name: 'Espresso כפול', quantity: 2, lineTotalAgorot: 2400 },
    { name: 'Coca-Cola Zero', quantity: 3, lineTotalAgorot: 3600 },
    { name: 'כריך חביתה עם גבינה בולגרית, עגבניות ומלפפון חמוץ', quantity: 2, lineTotalAgorot: 7550 },
  ],
  remarks: 'בלי בצל, רוטב בצד (sauce on the side)',
  totalAgorot: 23350,
  paid: true,
  kind: 'order',
};
