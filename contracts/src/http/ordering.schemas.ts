// Ordering's requests (product-spec §7 create-payment, §3 order item, §5 order creation) and the report's month.
// The server trusts none of the client's prices or totals: they are read only to tell the diner that the price
// changed before anything is charged.
import { z } from 'zod';
import { typedPromoCodeSchema } from './promo-codes.schemas.js';
import '../zod-he.js';
import { isMonthString } from '../months.js';
import { TIP_PERCENTS, TIP_MAX_AGOROT } from '../tips.js';
import { cartLineKey } from '../option-pricing.js';
import { isOptionId, MENU_LIMITS } from './menu.schemas.js';
import { isIsraeliMobile, toE164 } from '../israel/phone.js';
import { clientAmountToAgorot, ORDER_LIMITS } from './order-limits.js';
import { withoutDirectionControls } from '../text.js';
import { invoiceForSchema } from './invoice-for.schemas.js';
import { orderSourceSchema } from './share.schemas.js';
import { pickupAtSchema } from '../order-ahead.js';
import { paymentSplitSchema, paymentTableSchema } from './tables.schemas.js';

export const orderingMessagesHe = {
  businessRequired: 'העסק לא זוהה, חזרו לתפריט ונסו שוב',
  cartEmpty: 'העגלה ריקה, נא להוסיף פריטים לפני התשלום',
  itemsInvalid: 'העגלה אינה תקינה, חזרו לתפריט ונסו שוב',
  quantityInvalid: 'כמות לכל פריט חייבת להיות מספר שלם בין 1 ל-99',
  remarksTooLong: `ההערות יכולות להכיל עד ${ORDER_LIMITS.remarksMax} תווים`,
  amountInvalid: 'סכום לתשלום אינו תקין',
  tableInvalid: 'מספר השולחן אינו תקין',
  optionsInvalid: 'בחירת התוספות אינה תקינה, פתחו את המוצר ובחרו מחדש',
  monthInvalid: 'נא לבחור חודש בפורמט YYYY-MM',
  reportLimitInvalid: `מספר ההזמנות בעמוד חייב להיות מספר שלם בין 1 ל-500`,
  reportBeforeInvalid: 'ההמשך המבוקש של הרשימה אינו מוכר, טענו את הדוח מחדש',
  tipInvalid: 'הטיפ אינו תקין: בחרו אחוז מהרשימה או סכום בשקלים',
  methodInvalid: 'אמצעי התשלום אינו מוכר',
  readySmsPhoneInvalid: 'מספר הנייד אינו תקין. נא להזין מספר נייד ישראלי, למשל 050-7654321',
} as const;

const clientAmount = z
  .union([z.number(), z.string()], { message: orderingMessagesHe.amountInvalid })
  .refine((value) => clientAmountToAgorot(value) !== null, orderingMessagesHe.amountInvalid)
  .transform((value) => clientAmountToAgorot(value) as number);

const cartItemSchema = z.object({
  productId: z.coerce
    .number({ message: orderingMessagesHe.itemsInvalid })
    .int(orderingMessagesHe.itemsInvalid)
    .min(1, orderingMessagesHe.itemsInvalid)
    .max(2_147_483_647, orderingMessagesHe.itemsInvalid),
  quantity: z
    .number({ message: orderingMessagesHe.quantityInvalid })
    .int(orderingMessagesHe.quantityInvalid)
    .min(1, orderingMessagesHe.quantityInvalid)
    .max(ORDER_LIMITS.quantityMax, orderingMessagesHe.quantityInvalid),
  // Shown in the cart; only compared, never charged.
  name: z.string().overwrite(withoutDirectionControls).max(500).optional(),
  price: z.union([z.number(), z.string()]).optional(),
  /**
   * The chosen option ids (issue 16), each at most once; every choice is listed (a group's default is the diner
   * sheet's convenience, not a server rule). Absent: no choices. The server checks them against the product's groups
   * and reprices (contracts' priceLineWithOptions).
   */
  options: z
    .array(z.unknown(), { message: orderingMessagesHe.optionsInvalid })
    .max(MENU_LIMITS.optionsPerGroupMax * MENU_LIMITS.groupsPerProductMax, orderingMessagesHe.optionsInvalid)
    .refine(
      (ids) => ids.every((id) => isOptionId(id)) && new Set(ids).size === ids.length,
      orderingMessagesHe.optionsInvalid,
    )
    .transform((ids) => ids as string[])
    .optional(),
});

// zod's max counts code points once a text is longer in UTF-16 units, as the cart does: an emoji is one character.
const remarksSchema = z
  .string({ message: orderingMessagesHe.remarksTooLong })
  // The remarks print on the slip: no direction control of the diner's may turn them or the slip around (issue 29).
  .overwrite(withoutDirectionControls)
  .max(ORDER_LIMITS.remarksMax, orderingMessagesHe.remarksTooLong)
  .nullish()
  .transform((text) => {
    const trimmed = text?.trim();
    return trimmed ? trimmed : null;
  });

const cartDataSchema = z.object({
  items: z
    .array(cartItemSchema, { message: orderingMessagesHe.cartEmpty })
    .min(1, orderingMessagesHe.cartEmpty)
    .max(ORDER_LIMITS.linesMax, orderingMessagesHe.itemsInvalid)
    // One line per product and choice of options: the same product with other choices is another line.
    .refine(
      (items) => new Set(items.map((item) => cartLineKey(item.productId, item.options))).size === items.length,
      orderingMessagesHe.itemsInvalid,
    ),
  totalAmount: clientAmount.optional(),
  commission: z.union([z.number(), z.string()]).optional(),
  netAmount: z.union([z.number(), z.string()]).optional(),
  remarks: remarksSchema,
  sessionId: z.string().max(200).optional(),
  tableNumber: z.coerce
    .number({ message: orderingMessagesHe.tableInvalid })
    .int(orderingMessagesHe.tableInvalid)
    .min(1, orderingMessagesHe.tableInvalid)
    .max(ORDER_LIMITS.tableMax, orderingMessagesHe.tableInvalid)
    .nullish(),
});

/** The spec sends `cartData` as JSON text; an object is accepted too. */
const cartDataField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, cartDataSchema);

/**
 * The diner's tip (issue 17): one of the offered percents of the items, or an amount in shekels. The server computes
 * it, refuses it when the business has tips off or it is larger than the items or ₪1,000 (tips.ts). No tip: absent.
 */
const tipAmount = z
  .union([z.number(), z.string()], { message: orderingMessagesHe.tipInvalid })
  .refine((value) => clientAmountToAgorot(value) !== null, orderingMessagesHe.tipInvalid)
  .transform((value) => clientAmountToAgorot(value) as number);

export const tipChoiceSchema = z
  .union([z.object({ percent: z.literal(TIP_PERCENTS) }).strict(), z.object({ amount: tipAmount }).strict()], {
    message: orderingMessagesHe.tipInvalid,
  })
  .refine((tip) => !('amount' in tip) || tip.amount <= TIP_MAX_AGOROT, orderingMessagesHe.tipInvalid)
  .transform((tip) => ('percent' in tip ? { percent: tip.percent } : { amountAgorot: tip.amount }));

/**
 * The diner's mobile for one SMS when the order is ready (issue 18, decision 033): an Israeli mobile by the same rule
 * as every phone of the product, stored as E.164. Empty, null or absent: none.
 */
export const readySmsPhoneSchema = z
  .string({ message: orderingMessagesHe.readySmsPhoneInvalid })
  .trim()
  .max(30, orderingMessagesHe.readySmsPhoneInvalid)
  .refine((value) => value === '' || isIsraeliMobile(value), orderingMessagesHe.readySmsPhoneInvalid)
  .transform((value) => (value === '' ? null : (toE164(value) as string)));

/** `PUT /api/orders/{orderId}/ready-sms`: the phone given after the order's payment page opened. Required here. */
export const readySmsRequestSchema = z.object({
  phone: readySmsPhoneSchema.refine((phone) => phone !== null, orderingMessagesHe.readySmsPhoneInvalid),
});
export type ReadySmsRequest = z.input<typeof readySmsRequestSchema>;

/** The diner's way to pay: the provider's page (a card, or Google Pay inside it) or Bit (a redirect out). */
export const CHECKOUT_METHODS = ['card', 'bit'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/**
 * `POST /api/cardcom/create-payment` (product-spec §7). `businessId` is the business's departmentId. `amount` is the
 * total the diner was shown: if the server's total differs, nothing is charged and the diner sees the new total.
 */
export const createPaymentSchema = z.object({
  businessId: z
    .string({ message: orderingMessagesHe.businessRequired })
    .trim()
    .min(1, orderingMessagesHe.businessRequired)
    .max(64, orderingMessagesHe.businessRequired),
  amount: clientAmount,
  productName: z.string().overwrite(withoutDirectionControls).max(500).optional(),
  returnValue: z.string().max(250).optional(),
  cartData: cartDataField,
  orderItems: z.array(z.unknown()).max(ORDER_LIMITS.linesMax).optional(),
  customerInfo: z
    .object({
      name: z.string().overwrite(withoutDirectionControls).trim().max(200).optional(),
      email: z.string().trim().max(254).optional(),
      phone: z.string().trim().max(20).optional(),
      identityNumber: z.string().trim().max(9).optional(),
    })
    .optional(),
  /**
   * Issue 32: the tax invoice names this business as its buyer (its name and ח.פ./ע.מ.); absent or null: a private
   * diner's document, as before. It wins over `customerInfo.identityNumber`, which stays unused.
   */
  invoiceFor: invoiceForSchema.nullish().transform((buyer) => buyer ?? null),
  /** Issue 17: absent or null is no tip; `amount` above is then the items and the tip together. */
  tip: tipChoiceSchema.nullish(),
  paymentMethod: z.enum(CHECKOUT_METHODS, { message: orderingMessagesHe.methodInvalid }).optional(),
  /**
   * Issue 18: the diner's mobile for one SMS when the order is ready (opt-in; absent, null or empty: none). Never
   * recorded in the order's events: kept sealed until the SMS is sent or the order needs it no more (decision 033).
   */
  readySmsPhone: readySmsPhoneSchema.nullish().transform((phone) => phone ?? null),
  /**
   * Issue 33: where the diner came from (a table's code, the window poster, a shared address and its `?src=` tag), as
   * the diner's page read it from the menu's address; absent: not known, as in older orders.
   */
  source: orderSourceSchema.optional(),
  /**
   * Issue 33: the promo code the diner typed (trimmed, compared case-insensitive; absent, null or blank: none). The
   * server checks and reprices; `amount` above is then the total after the discount (and with the tip).
   */
  promoCode: typedPromoCodeSchema.nullish().transform((code) => code ?? null),
  /** Issue 33: a pickup slot's `at`, exactly as the public menu's `orderAhead.slots` gave it; absent: now. */
  pickupAt: pickupAtSchema.optional(),
  /**
   * Issue 34: the shared table (its number and the poster's secret). The order is the table's cart as the server
   * holds it: `cartData` must carry the same lines, and the cart is checked out while its order is being paid.
   */
  table: paymentTableSchema.optional(),
  /**
   * Issue 34: at a shared table, this payer's part (decision 056); absent: all that is left. `amount` above is then the
   * part and the payer's own tip. Refused without `table`.
   */
  split: paymentSplitSchema.optional(),
});
/** The body as a client builds it: `cartData` as an object (the server takes its JSON text as well). */
export type CreatePaymentRequest = Omit<z.input<typeof createPaymentSchema>, 'cartData'> & {
  cartData: z.input<typeof cartDataSchema>;
};
export type CreatePaymentInput = z.output<typeof createPaymentSchema>;

/** `GET /api/orders?month=YYYY-MM` (and its CSV): the range (last 12 months) is checked by the server's clock. */
export const reportQuerySchema = z.object({
  month: z
    .string({ message: orderingMessagesHe.monthInvalid })
    .refine((month) => isMonthString(month), orderingMessagesHe.monthInvalid),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** The report's orders in one answer when the owner asks for no other number (decision 065). */
export const REPORT_PAGE_SIZE = 100;
/** The most orders one answer holds: above it an answer of a busy month is megabytes again. */
export const REPORT_PAGE_MAX = 500;

/**
 * `GET /api/orders?month=YYYY-MM&limit=&before=` (decision 065): the month's sums in every answer, its orders a page
 * at a time, newest first. `before` is the previous answer's `page.nextBefore` (an order's id); absent: the first page.
 */
export const reportPageQuerySchema = reportQuerySchema.extend({
  limit: z.coerce
    .number({ message: orderingMessagesHe.reportLimitInvalid })
    .int(orderingMessagesHe.reportLimitInvalid)
    .min(1, orderingMessagesHe.reportLimitInvalid)
    .max(REPORT_PAGE_MAX, orderingMessagesHe.reportLimitInvalid)
    .default(REPORT_PAGE_SIZE),
  before: z
    .string({ message: orderingMessagesHe.reportBeforeInvalid })
    .uuid(orderingMessagesHe.reportBeforeInvalid)
    .optional(),
});
export type ReportPageQuery = z.output<typeof reportPageQuerySchema>;

/** The statuses an order's thank-you page may say it shows (`seen`); the same words as `OrderStatus`. */
export const ORDER_STATUSES = ['pending', 'paid', 'accepted', 'ready', 'served', 'expired', 'cancelled'] as const;

/**
 * `GET /api/orders/{departmentId}/{orderNumber}/wait?seen=`: without `seen`, held until the order is settled; with
 * the status the page shows, held until the settled order moves on from it (the kitchen's steps, decision 031).
 */
export const orderWaitQuerySchema = z
  .object({ seen: z.enum(ORDER_STATUSES, { message: 'מצב הזמנה לא מוכר' }).optional() })
  .strip();
export type OrderWaitQuery = z.output<typeof orderWaitQuerySchema>;
