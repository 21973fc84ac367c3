// The sign-in contracts (product-spec §5): the phone and the one-time code, and the session a sign-in answers with.
// Apart from the rest of the accounts' schemas because the sign-in page evaluates them before it can take input:
// every zod schema costs its construction when the module loads, and a slow phone feels each one (issue 15).
import { z } from 'zod';
import '../zod-he.js';
import { isIsraeliMobile, toE164 } from '../israel/phone.js';
import { validationMessagesHe as m } from '../messages.he.js';

/** An Israeli mobile in any common spelling (054-765-4321, +972547654321), normalised to E.164. */
export const israeliMobileSchema = z
  .string({ message: m.phoneRequired })
  .trim()
  .min(1, m.phoneRequired)
  .refine((value) => /^[\d\s+()-]+$/.test(value), m.phoneDigitsOnly)
  .refine(isIsraeliMobile, m.phoneIsAccountId)
  .transform((value) => toE164(value) as string);

/** `POST /api/send-otp` and `POST /api/admin/send-otp`. */
export const sendOtpSchema = z.object({ phone: israeliMobileSchema });

/** `POST /api/verify-otp` and `POST /api/admin/verify-otp`: 4 or 6 digits by the spec; we send 6. */
export const verifyOtpSchema = z.object({
  phone: israeliMobileSchema,
  code: z
    .string({ message: m.verificationCodeRequired })
    .trim()
    .min(1, m.verificationCodeRequired)
    .regex(/^(\d{4}|\d{6})$/, m.codeFormat),
});
export type VerifyOtpRequest = z.input<typeof verifyOtpSchema>;

/** The business as its owner (or an admin opening it) sees it. Never sent to diners: see the public menu schema. */
export const ownerBusinessSchema = z.object({
  phone: z.string(),
  fullName: z.string(),
  businessName: z.string(),
  email: z.string(),
  idNumber: z.string(),
  bankName: z.string(),
  branch: z.string(),
  accountNumber: z.string(),
  beneficiaryName: z.string(),
  receiptPhone: z.string().nullable(),
  /** The address on the tax documents; null for a business registered before addresses were asked (issue 17). */
  street: z.string().nullable(),
  city: z.string().nullable(),
  logo: z.string().nullable(),
  departmentId: z.string(),
  isActive: z.boolean(),
  cardcomEnabled: z.boolean(),
  cardcomTerminalNumber: z.string().nullable(),
  /** Whether the own terminal's ApiPassword is stored (encrypted); the password itself never leaves the server. */
  cardcomApiPasswordSet: z.boolean(),
  createdAt: z.string(),
});
export type OwnerBusiness = z.infer<typeof ownerBusinessSchema>;

/**
 * Answer of register, verify-otp, refresh, switch-business and impersonate: `{ success: true, data: { business,
 * token } }`. `member` says who is signed in and with which role (issue 31; absent means the owner). For anyone but
 * the owner, `business` carries none of the owner's private fields: the ID number, the bank account, the e-mail and
 * the owner's name are empty. `businesses` lists, after a code, every business this phone may open (more than one:
 * the client lets the person choose and calls switch-business).
 */
export const ownerSessionSchema = z.object({
  business: ownerBusinessSchema,
  token: z.string(),
  member: z
    .object({
      role: z.enum(['owner', 'manager', 'kitchen', 'accountant']),
      kind: z.enum(['owner', 'person', 'screen']),
      id: z.string(),
      name: z.string(),
    })
    .optional(),
  businesses: z
    .array(
      z.object({
        id: z.string(),
        businessName: z.string(),
        role: z.enum(['owner', 'manager', 'kitchen', 'accountant']),
      }),
    )
    .optional(),
});
export type OwnerSession = z.infer<typeof ownerSessionSchema>;

/** Answer of admin verify-otp: `{ success: true, data: { token } }`. */
export const adminSessionSchema = z.object({ token: z.string() });
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** Answer of send-otp (owner and admin): the same constant whether or not the phone has an account. */
export const otpSentSchema = z.object({ sent: z.literal(true) });
export type OtpSent = z.infer<typeof otpSentSchema>;
