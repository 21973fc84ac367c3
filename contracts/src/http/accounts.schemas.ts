// Accounts and sign-in contracts (product-spec §5, issue 3): one schema serves the owner's forms and the server.
import { z } from 'zod';
import '../zod-he.js';
import { isBankCode } from '../israel/banks.js';
import { isValidIdOrCompanyNumber } from '../israel/id-number.js';
import { isIsraeliLocality } from '../israel/localities.js';
import { isIsraeliMobile, toE164 } from '../israel/phone.js';
import { israeliMobileSchema, ownerBusinessSchema, ownerSessionSchema } from './sign-in.schemas.js';
import { validationMessagesHe as m } from '../messages.he.js';
import { withoutDirectionControls } from '../text.js';
import { dinerLanguages, offerableLanguages } from '../languages.js';

export * from './sign-in.schemas.js';

// Names are free text: without direction controls (text.ts, issue 29) before the length is counted.
const name = (message: string, max = 100) =>
  z.string({ message }).overwrite(withoutDirectionControls).trim().min(2, message).max(max, `עד ${max} תווים`);

export const cardcomSettingsShape = {
  // No default here: a settings form without these fields keeps the stored terminal (registration defaults to off).
  cardcomEnabled: z.boolean().optional(),
  cardcomTerminalNumber: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'מספר מסוף ספרות בלבד')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  cardcomApiName: z
    .string()
    .trim()
    .max(100)
    .optional()
    .or(z.literal('').transform(() => undefined)),
};

export const businessDetailsShape = {
  fullName: name(m.fullNameRequired),
  businessName: name(m.businessNameRequired),
  email: z
    .string({ message: m.invalidEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: m.invalidEmail }).max(254, m.invalidEmail)),
  idNumber: z
    .string({ message: m.idNumberInvalid })
    .trim()
    .refine((value) => /^\d{9}$/.test(value) && isValidIdOrCompanyNumber(value), m.idNumberInvalid),
  bankName: z.string({ message: m.bankRequired }).trim().refine(isBankCode, m.bankRequired),
  branch: z
    .string({ message: m.branchRequired })
    .trim()
    .regex(/^\d{1,3}$/, m.branchRequired),
  accountNumber: z
    .string({ message: m.accountNumberRequired })
    .trim()
    .regex(/^\d{1,9}$/, m.accountNumberRequired),
  beneficiaryName: name(m.beneficiaryNameRequired),
  /** Where the SMS receipt (bon) of each paid order goes; empty means none. */
  // Optional, and an empty field means "none": one string schema keeps the Hebrew message (a union would answer
  // zod's generic English "Invalid input" for a bad number).
  receiptPhone: z
    .string({ message: m.invalidMobile })
    .trim()
    .refine((value) => value === '' || isIsraeliMobile(value), m.invalidMobile)
    .transform((value) => (value === '' ? undefined : (toE164(value) as string)))
    .optional(),
  ...cardcomSettingsShape,
};

/**
 * The business's address as its tax documents print it (issue 17): street and number, and the city as the CBS list of
 * localities spells it (the form offers only those).
 */
export const businessAddressShape = {
  street: z
    .string({ message: m.streetRequired })
    .overwrite(withoutDirectionControls)
    .trim()
    .min(2, m.streetRequired)
    .max(100, 'עד 100 תווים'),
  city: z
    .string({ message: m.cityRequired })
    .overwrite(withoutDirectionControls)
    .trim()
    .transform((value) => value.replace(/\s+/g, ' '))
    .refine(isIsraeliLocality, m.cityRequired),
};

/** `PUT /api/business/address` (settings): the address alone, so a business registered before it can add it. */
export const businessAddressSchema = z.object(businessAddressShape);
export type BusinessAddressRequest = z.input<typeof businessAddressSchema>;
export type BusinessAddressInput = z.output<typeof businessAddressSchema>;

/**
 * `PUT /api/business/cardcom-password` (settings): the `ApiPassword` of the business's own Cardcom terminal, used
 * only to refund. Stored encrypted and never answered back; `null` removes it.
 */
export const cardcomApiPasswordSchema = z.object({
  apiPassword: z
    .string({ message: m.cardcomApiPasswordRequired })
    .trim()
    .min(1, m.cardcomApiPasswordRequired)
    .max(100, 'עד 100 תווים')
    .nullable(),
});
export type CardcomApiPasswordRequest = z.input<typeof cardcomApiPasswordSchema>;

function requireCardcomWhenEnabled(
  value: { cardcomEnabled?: boolean; cardcomTerminalNumber?: string | undefined; cardcomApiName?: string | undefined },
  context: z.RefinementCtx,
) {
  if (!value.cardcomEnabled) return;
  if (!value.cardcomTerminalNumber) {
    context.addIssue({ code: 'custom', path: ['cardcomTerminalNumber'], message: 'נא להזין מספר מסוף קארדקום' });
  }
  if (!value.cardcomApiName) {
    context.addIssue({ code: 'custom', path: ['cardcomApiName'], message: 'נא להזין שם משתמש API של קארדקום' });
  }
}

/** `POST /api/register`. */
export const registerBusinessSchema = z
  .object({
    ...businessDetailsShape,
    ...businessAddressShape,
    phone: israeliMobileSchema,
    cardcomEnabled: z.boolean().optional().default(false),
  })
  .superRefine(requireCardcomWhenEnabled);
export type RegisterBusinessRequest = z.input<typeof registerBusinessSchema>;
export type RegisterBusinessInput = z.output<typeof registerBusinessSchema>;

export const PHONE_CANNOT_CHANGE_HE = 'לא ניתן לשנות את מספר הטלפון, הוא המזהה הייחודי של החשבון';

/** `PUT /api/business/profile`: the registration fields without the phone, which never changes. */
export const businessProfileSchema = z
  .object(businessDetailsShape)
  .extend({ phone: z.never({ message: PHONE_CANNOT_CHANGE_HE }).optional() })
  .superRefine(requireCardcomWhenEnabled);
export type BusinessProfileRequest = z.input<typeof businessProfileSchema>;
export type BusinessProfileInput = z.output<typeof businessProfileSchema>;

/** Answer of `GET /api/business/profile`, `PUT /api/business/profile` and `POST /api/business/logo`. */
export const ownerBusinessResponseSchema = z.object({ business: ownerBusinessSchema });
export type OwnerBusinessResponse = z.infer<typeof ownerBusinessResponseSchema>;

/**
 * Answer of `POST /api/business/regenerate-qr` (owner, no body): the business's new public address. The old one stops
 * answering at once; every printed QR code and poster must be printed again.
 */
export const regenerateQrResponseSchema = z.object({ departmentId: z.string().min(1) });
export type RegenerateQrResponse = z.infer<typeof regenerateQrResponseSchema>;

/**
 * `POST /api/auth/refresh` and `POST /api/auth/logout`: which session's cookie to use. The owner's and the admin's
 * sessions live in separate cookies, so one browser can hold both; the body may be empty (owner).
 */
export const sessionAudienceSchema = z
  .object({ audience: z.enum(['owner', 'admin']).optional().default('owner') })
  .optional()
  .transform((value) => value?.audience ?? 'owner');
export type SessionAudience = z.output<typeof sessionAudienceSchema>;

/** Answer of `POST /api/admin/impersonate/{phone}`: an owner session opened by an administrator. */
export const impersonationSessionSchema = ownerSessionSchema;

/**
 * `PUT /api/business/diner-languages` (settings): the languages the business offers its diners besides Hebrew, which is
 * always offered. Each at most once; an empty list offers Hebrew alone.
 */
export const dinerLanguagesRequestSchema = z.object({
  languages: z
    .array(z.enum(offerableLanguages, { message: m.dinerLanguageUnknown }))
    .max(offerableLanguages.length)
    .refine((languages) => new Set(languages).size === languages.length, m.dinerLanguageTwice),
});
export type DinerLanguagesRequest = z.input<typeof dinerLanguagesRequestSchema>;

/** Answer of `GET` and `PUT /api/business/diner-languages`: every language offered, Hebrew first. */
/**
 * How the business serves a ready order (issue 18): `table`, brought to the diner's table; `pickup`, collected at the
 * counter. The diner's thank-you page words a ready order by it.
 */
export const SERVICE_MODES = ['table', 'pickup'] as const;
export type ServiceMode = (typeof SERVICE_MODES)[number];
export const serviceModeSchema = z
  .object({ serviceMode: z.enum(SERVICE_MODES, { message: 'נא לבחור הגשה לשולחן או איסוף מהדלפק' }) })
  .strict();
export type ServiceModeRequest = z.input<typeof serviceModeSchema>;
export type ServiceModeResponse = z.output<typeof serviceModeSchema>;

export const dinerLanguagesResponseSchema = z.object({ languages: z.array(z.enum(dinerLanguages)) });
export type DinerLanguagesResponse = z.infer<typeof dinerLanguagesResponseSchema>;

/**
 * `PUT /api/business/payment-options` (settings, issue 17): the ways to pay beside a card and the optional tip, each
 * off until the owner turns it on. Google Pay shows inside the payment page once Cardcom enabled it on the terminal.
 */
export const paymentOptionsSchema = z
  .object({
    tipsEnabled: z.boolean({ message: 'נא לבחור אם להציע טיפ' }),
    bitEnabled: z.boolean({ message: 'נא לבחור אם להציע ביט' }),
    googlePayEnabled: z.boolean({ message: 'נא לבחור אם להציע Google Pay' }),
  })
  .strict();
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;
export const PAYMENT_OPTIONS_OFF: PaymentOptions = { tipsEnabled: false, bitEnabled: false, googlePayEnabled: false };

/**
 * The owner's "accept new orders automatically" (issue 18, decision 032): when on, each newly paid order is accepted
 * by the server with this estimate (null: no estimate), exactly as if the kitchen had pressed "אישור הזמנה".
 */
export const AUTO_ACCEPT_MAX_MINUTES = 240;
export const autoAcceptSchema = z
  .object({
    enabled: z.boolean({ message: 'נא לבחור אם לאשר הזמנות אוטומטית' }),
    readyInMinutes: z
      .number({ message: 'זמן ההכנה הוא מספר דקות' })
      .int({ message: 'זמן ההכנה הוא מספר דקות שלם' })
      .min(1, { message: 'זמן ההכנה הוא דקה לפחות' })
      .max(AUTO_ACCEPT_MAX_MINUTES, { message: `זמן ההכנה הוא ${AUTO_ACCEPT_MAX_MINUTES} דקות לכל היותר` })
      .nullable(),
  })
  .strict();
export type AutoAcceptRequest = z.input<typeof autoAcceptSchema>;
export type AutoAccept = z.output<typeof autoAcceptSchema>;
