// The owner's promo codes (issue 33): `POST /api/owner/promo-codes` (create), `PUT .../{id}` (edit its rules),
// `POST .../{id}/turn-off` and `.../turn-on`, `GET` (the list). A code is never deleted: its orders keep it.
// The diner's typed code travels on create-payment (`promoCode`) and on the cart's check.
import { z } from 'zod';
import { normalizePromoCode, type PromoRefusal } from '../promo-codes.js';

export const PROMO_LIMITS = {
  codeMin: 2,
  codeMax: 30,
  /** What create-payment takes as typed: longer is a bad request, never looked up. */
  typedMax: 64,
  linesMax: 200,
  maxUsesMax: 1_000_000,
  /** ₪100,000 in agorot: an owner's typo, not a promotion. */
  amountMax: 10_000_000,
} as const;

export const promoMessagesHe = {
  codeInvalid: `קוד הנחה הוא ${PROMO_LIMITS.codeMin} עד ${PROMO_LIMITS.codeMax} אותיות, ספרות, מקף או קו תחתון`,
  typedTooLong: 'קוד ההנחה ארוך מדי',
  percentInvalid: 'אחוז ההנחה הוא מספר שלם בין 1 ל־100',
  amountInvalid: 'סכום ההנחה הוא סכום חיובי באגורות',
  kindMismatch: 'הנחה באחוזים או בסכום: אחד מהשניים',
  amountAboveMinimum: 'הנחה בסכום צריכה הזמנת מינימום גבוהה מסכום ההנחה, כדי שאף הזמנה לא תהיה בחינם',
  minOrderInvalid: 'הזמנת המינימום היא סכום באגורות, 0 ומעלה',
  dateInvalid: 'תאריך בתבנית YYYY-MM-DD',
  datesReversed: 'תאריך הסיום לפני תאריך ההתחלה',
  hoursInvalid: 'שעה בתבנית HH:MM',
  hoursEqual: 'שעת ההתחלה ושעת הסיום זהות',
  maxUsesInvalid: 'מספר השימושים הוא מספר שלם חיובי',
  listInvalid: 'רשימת המוצרים או הקטגוריות אינה תקינה',
} as const;

/** The diner's reason, in the error envelope's `fields.promoCode`. `minOrder` is the least order, in shekels. */
export function promoRefusalHe(reason: PromoRefusal, minOrder?: string): string {
  switch (reason) {
    case 'unknown':
      return 'קוד ההנחה לא נמצא';
    case 'expired':
      return 'תוקף קוד ההנחה פג';
    case 'not_yet':
      return 'קוד ההנחה עוד לא בתוקף';
    case 'outside_hours':
      return 'קוד ההנחה תקף רק בשעות מסוימות, לא עכשיו';
    case 'below_minimum':
      return `קוד ההנחה תקף מהזמנה של ${minOrder ?? ''} ₪ ומעלה`;
    case 'no_eligible_line':
      return 'קוד ההנחה אינו חל על אף פריט בעגלה';
    case 'used_up':
      return 'קוד ההנחה נוצל עד תומו';
    case 'already_used':
      return 'כבר השתמשתם בקוד ההנחה הזה';
  }
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A code as the owner names it; stored and compared in upper case. */
export const promoCodeNameSchema = z
  .string({ message: promoMessagesHe.codeInvalid })
  .trim()
  .regex(/^[\p{L}\p{N}_-]+$/u, promoMessagesHe.codeInvalid)
  .min(PROMO_LIMITS.codeMin, promoMessagesHe.codeInvalid)
  .max(PROMO_LIMITS.codeMax, promoMessagesHe.codeInvalid)
  .transform(normalizePromoCode);

/** The code as the diner typed it: trimmed, compared case-insensitive; absent, null or blank: none. */
export const typedPromoCodeSchema = z
  .string({ message: promoMessagesHe.typedTooLong })
  .max(PROMO_LIMITS.typedMax, promoMessagesHe.typedTooLong)
  .transform((code) => (code.trim() === '' ? null : normalizePromoCode(code)));

const dateField = z.string({ message: promoMessagesHe.dateInvalid }).regex(DATE, promoMessagesHe.dateInvalid);
const timeField = z.string({ message: promoMessagesHe.hoursInvalid }).regex(TIME, promoMessagesHe.hoursInvalid);
const ids = z
  .array(z.number({ message: promoMessagesHe.listInvalid }).int().positive(), { message: promoMessagesHe.listInvalid })
  .max(PROMO_LIMITS.linesMax, promoMessagesHe.listInvalid);

/** A code's rules: the body of an edit, and with `code` of a create. Amounts in agorot. */
export const promoRulesSchema = z
  .object({
    kind: z.enum(['percent', 'amount'], { message: promoMessagesHe.kindMismatch }),
    percent: z
      .number({ message: promoMessagesHe.percentInvalid })
      .int(promoMessagesHe.percentInvalid)
      .min(1, promoMessagesHe.percentInvalid)
      .max(100, promoMessagesHe.percentInvalid)
      .nullish()
      .transform((value) => value ?? null),
    amountAgorot: z
      .number({ message: promoMessagesHe.amountInvalid })
      .int(promoMessagesHe.amountInvalid)
      .min(1, promoMessagesHe.amountInvalid)
      .max(PROMO_LIMITS.amountMax, promoMessagesHe.amountInvalid)
      .nullish()
      .transform((value) => value ?? null),
    minOrderAgorot: z
      .number({ message: promoMessagesHe.minOrderInvalid })
      .int(promoMessagesHe.minOrderInvalid)
      .min(0, promoMessagesHe.minOrderInvalid)
      .max(PROMO_LIMITS.amountMax, promoMessagesHe.minOrderInvalid)
      .default(0),
    validFrom: dateField.nullish().transform((value) => value ?? null),
    validUntil: dateField.nullish().transform((value) => value ?? null),
    hours: z
      .object({ from: timeField, until: timeField })
      .refine((hours) => hours.from !== hours.until, { message: promoMessagesHe.hoursEqual, path: ['until'] })
      .nullish()
      .transform((value) => value ?? null),
    productIds: ids.default([]),
    categoryIds: ids.default([]),
    maxUses: z
      .number({ message: promoMessagesHe.maxUsesInvalid })
      .int(promoMessagesHe.maxUsesInvalid)
      .min(1, promoMessagesHe.maxUsesInvalid)
      .max(PROMO_LIMITS.maxUsesMax, promoMessagesHe.maxUsesInvalid)
      .nullish()
      .transform((value) => value ?? null),
    oncePerDiner: z.boolean().default(false),
  })
  .strict()
  .superRefine((rules, context) => {
    if (rules.kind === 'percent' && (rules.percent === null || rules.amountAgorot !== null)) {
      context.addIssue({ code: 'custom', path: ['percent'], message: promoMessagesHe.percentInvalid });
    }
    if (rules.kind === 'amount' && (rules.amountAgorot === null || rules.percent !== null)) {
      context.addIssue({ code: 'custom', path: ['amountAgorot'], message: promoMessagesHe.amountInvalid });
    }
    // An amount off at least the least order could make an order free, which no payment page opens for.
    if (rules.kind === 'amount' && rules.amountAgorot !== null && rules.amountAgorot >= rules.minOrderAgorot) {
      context.addIssue({ code: 'custom', path: ['amountAgorot'], message: promoMessagesHe.amountAboveMinimum });
    }
    if (rules.validFrom !== null && rules.validUntil !== null && rules.validUntil < rules.validFrom) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: promoMessagesHe.datesReversed });
    }
  });
export type PromoRulesInput = z.output<typeof promoRulesSchema>;

export const createPromoCodeSchema = z.object({ code: promoCodeNameSchema, rules: promoRulesSchema }).strict();
export type CreatePromoCodeInput = z.output<typeof createPromoCodeSchema>;

/** A code as the owner's list shows it. */
export interface PromoCodeAnswer extends PromoRulesInput {
  id: string;
  code: string;
  active: boolean;
  createdAt: string;
}

/** The owner's screens parse the answers with this; annotated with the plain type so the two never drift apart. */
export const promoCodeAnswerSchema: z.ZodType<PromoCodeAnswer> = z.object({
  id: z.string(),
  code: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  kind: z.enum(['percent', 'amount']),
  percent: z.number().nullable(),
  amountAgorot: z.number().nullable(),
  minOrderAgorot: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  hours: z.object({ from: z.string(), until: z.string() }).nullable(),
  productIds: z.array(z.number()),
  categoryIds: z.array(z.number()),
  maxUses: z.number().nullable(),
  oncePerDiner: z.boolean(),
});

/** `POST /api/menu/{departmentId}/promo-check`: the diner's cart and typed code, priced by the server. */
export const promoCheckSchema = z
  .object({
    promoCode: z
      .string({ message: promoMessagesHe.typedTooLong })
      .max(PROMO_LIMITS.typedMax, promoMessagesHe.typedTooLong)
      .transform(normalizePromoCode),
    items: z
      .array(
        z.object({
          productId: z.number().int().positive(),
          quantity: z.number().int().min(1).max(99),
          options: z.array(z.string().max(64)).max(50).optional(),
        }),
      )
      .min(1)
      .max(PROMO_LIMITS.linesMax),
  })
  .strict();
export type PromoCheckInput = z.output<typeof promoCheckSchema>;

/** The check's answer: the discount in agorot (the refusal comes as 409 `order.promo_invalid`). */
export interface PromoCheckAnswer {
  code: string;
  discountAgorot: number;
}
