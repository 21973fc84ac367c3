import { promoRulesSchema, type OrderAheadSettings } from '@tafrit/contracts';
import type { RegisterBusinessInput } from '../accounts/index.js';

export const DEMO_DEPARTMENT_ID = 'demo';
/** The demo café's readable address to share (issue 33): `/menu/demo-cafe`, beside `/menu/demo`. */
export const DEMO_MENU_ADDRESS = 'demo-cafe';

/** The demo café a newcomer sees after `npm start`: a registered business like any other, with department `demo`. */
export const demoOwner: RegisterBusinessInput = {
  phone: '+972523456789',
  fullName: 'נועה לוי',
  businessName: 'קפה הגפן',
  email: 'demo@tafrit.co.il',
  idNumber: '515678902',
  bankName: '12',
  branch: '600',
  accountNumber: '123456',
  beneficiaryName: 'קפה הגפן בע"מ',
  receiptPhone: '+972523456789',
  cardcom: { enabled: false, terminalNumber: null, apiName: null },
  // Its tax documents print an address like every business's (issue 17).
  address: { street: 'שדרות רוטשילד 22', city: 'תל אביב-יפו' },
};

export const demoMenu: { category: string; products: { name: string; description: string; price: string }[] }[] = [
  {
    category: 'שתייה חמה',
    products: [
      { name: 'אספרסו', description: 'כפול, מפולי קפה קלויים טרי', price: '9.00' },
      { name: 'הפוך', description: 'אספרסו כפול וחלב מוקצף, אפשר גם בחלב שיבולת שועל', price: '14.00' },
      { name: 'תה נענע', description: 'עלי נענע טריים ומים רותחים, דבש בצד', price: '11.00' },
    ],
  },
  {
    category: 'ארוחות בוקר',
    products: [
      {
        name: 'ארוחת בוקר ישראלית',
        description: 'שתי ביצים כבקשתך, סלט קצוץ, גבינות, מטבלים, לחם הבית ושתייה חמה',
        price: '68.00',
      },
      { name: 'שקשוקה', description: 'רוטב עגבניות פיקנטי, שתי ביצים, טחינה ולחם', price: '54.00' },
      { name: 'טוסט גבינות', description: 'לחם מחמצת, גבינה צהובה ובולגרית, סלט קטן בצד', price: '42.50' },
    ],
  },
  {
    category: 'מאפים',
    products: [
      { name: 'קרואסון חמאה', description: 'אפוי כל בוקר במקום', price: '14.00' },
      { name: 'מאפה גבינה', description: 'בצק עלים וגבינה מתוקה', price: '16.00' },
      { name: 'עוגת שוקולד', description: 'פרוסה עשירה, בלי קמח', price: '24.90' },
    ],
  },
  {
    category: 'שתייה קרה',
    products: [
      { name: 'לימונדה נענע', description: 'לימונים סחוטים, נענע וקרח', price: '16.00' },
      { name: 'אייס קפה', description: 'קפה קר מוקצף עם חלב', price: '18.00' },
      { name: 'מים מינרליים', description: 'בקבוק חצי ליטר', price: '8.00' },
    ],
  },
];

/**
 * The café's option groups (issue 16), each shared by the products named in `products`: milk and an extra shot for
 * the coffees, eggs as the diner likes them and free "without" choices for the breakfasts. Prices in shekels.
 */
export const demoOptionGroups: {
  name: string;
  minChoices: number;
  maxChoices: number;
  without: boolean;
  options: { name: string; price: string; isDefault?: boolean }[];
  products: string[];
}[] = [
  {
    name: 'סוג חלב',
    minChoices: 1,
    maxChoices: 1,
    without: false,
    options: [
      { name: 'חלב רגיל', price: '0', isDefault: true },
      { name: 'חלב דל שומן', price: '0' },
      { name: 'חלב שיבולת שועל', price: '2' },
      { name: 'חלב סויה', price: '2' },
      { name: 'חלב שקדים', price: '2' },
    ],
    products: ['הפוך', 'אייס קפה'],
  },
  {
    name: 'תוספות לקפה',
    minChoices: 0,
    maxChoices: 3,
    without: false,
    options: [
      { name: 'שוט אספרסו נוסף', price: '3' },
      { name: 'סירופ וניל', price: '2' },
      { name: 'קצפת', price: '2' },
    ],
    products: ['אספרסו', 'הפוך', 'אייס קפה'],
  },
  {
    name: 'ביצים',
    minChoices: 1,
    maxChoices: 1,
    without: false,
    options: [
      { name: 'חביתה', price: '0', isDefault: true },
      { name: 'ביצי עין', price: '0' },
      { name: 'מקושקשת', price: '0' },
      { name: 'ביצים קשות', price: '0' },
    ],
    products: ['ארוחת בוקר ישראלית'],
  },
  {
    name: 'שתייה חמה לארוחה',
    minChoices: 1,
    maxChoices: 1,
    without: false,
    options: [
      { name: 'הפוך', price: '0', isDefault: true },
      { name: 'אספרסו כפול', price: '0' },
      { name: 'תה נענע', price: '0' },
      { name: 'הפוך בחלב שיבולת שועל', price: '2' },
    ],
    products: ['ארוחת בוקר ישראלית'],
  },
  {
    name: 'בלי',
    minChoices: 0,
    maxChoices: 4,
    without: true,
    options: [
      { name: 'בלי בצל', price: '0' },
      { name: 'בלי עגבניות', price: '0' },
      { name: 'בלי חריף', price: '0' },
      { name: 'בלי גבינה', price: '0' },
    ],
    products: ['ארוחת בוקר ישראלית', 'שקשוקה', 'טוסט גבינות'],
  },
];

/** The demo café's promo code (issue 33): 10% off any order, with no limit, for trying the cart's code field. */
export const DEMO_PROMO_CODE = {
  code: 'DEMO10',
  rules: promoRulesSchema.parse({ kind: 'percent', percent: 10 }),
};

/** Order ahead in the demo café (issue 33): quarter-hour slots, four orders each, from 20 minutes ahead. */
export const demoOrderAhead: OrderAheadSettings = {
  enabled: true,
  slotMinutes: 15,
  perSlot: 4,
  leadMinutes: 20,
  lastPickupBeforeCloseMinutes: 15,
  estimateMinutes: 15,
};

/** The demo café's shared tables (issue 34): tables 1 to 10, their posters carrying each table's secret. */
export const DEMO_TABLES = {
  shared: true,
  numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  idleMinutes: 90,
  unpaidShareMinutes: 15,
  // Pay at the end stays off in the demo (a café's counter service): the owner turns it on in settings.
  payAtEnd: false,
  holdShekels: 300,
  tabIdleMinutes: 180,
};
