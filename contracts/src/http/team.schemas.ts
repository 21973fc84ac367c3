// The café's team (issue 31): people the owner invites, kitchen screens paired by a code, staff PINs, who did what.
// Not in the product specification, which knows one person per business.
import { z } from 'zod';
import '../zod-he.js';
import { withoutDirectionControls } from '../text.js';
import { pairingCodeSchema } from '../printing.js';
import { INVITABLE_ROLES, ROLES } from '../roles.js';
import { israeliMobileSchema } from './sign-in.schemas.js';

export const TEAM_LIMITS = {
  nameMax: 60,
  screenNameMax: 40,
  /** People and screens of one business, removed ones aside. */
  membersMax: 50,
  pinMinDigits: 4,
  pinMaxDigits: 6,
  /** Wrong PINs in a row before a member's PIN is locked... */
  pinFailuresBeforeLock: 5,
  /** ...for this long. */
  pinLockMs: 15 * 60_000,
  /** A PIN typed on a screen makes the next action that person's, within this long. */
  pinGrantMs: 2 * 60_000,
  /** A person's sign-in ends after this long without use (the owner may choose 1 to 72 hours). */
  idleHoursDefault: 12,
  idleHoursMin: 1,
  idleHoursMax: 72,
} as const;

export const teamMessagesHe = {
  nameRequired: 'נא להזין שם',
  nameTooLong: `השם ארוך מדי (עד ${TEAM_LIMITS.nameMax} תווים)`,
  screenNameRequired: 'נא לתת שם למסך, למשל "מטבח"',
  screenNameTooLong: `שם המסך ארוך מדי (עד ${TEAM_LIMITS.screenNameMax} תווים)`,
  roleRequired: 'נא לבחור תפקיד: מנהל/ת, מטבח או הנהלת חשבונות',
  pinFormat: `קוד אישי הוא ${TEAM_LIMITS.pinMinDigits} עד ${TEAM_LIMITS.pinMaxDigits} ספרות`,
  idleHours: `בין ${TEAM_LIMITS.idleHoursMin} ל־${TEAM_LIMITS.idleHoursMax} שעות`,
  memberRequired: 'נא לבחור מי מקליד את הקוד',
  businessRequired: 'נא לבחור עסק',
} as const;

const personName = (required: string, tooLong: string, max: number) =>
  z.string({ message: required }).overwrite(withoutDirectionControls).trim().min(1, required).max(max, tooLong);

const instant = z.string();

/** `POST /api/team`: invite a person by their own Israeli mobile number. */
export const inviteMemberSchema = z.object({
  phone: israeliMobileSchema,
  name: personName(teamMessagesHe.nameRequired, teamMessagesHe.nameTooLong, TEAM_LIMITS.nameMax),
  role: z.enum(INVITABLE_ROLES, { message: teamMessagesHe.roleRequired }),
});
export type InviteMemberRequest = z.input<typeof inviteMemberSchema>;

/** `PATCH /api/team/{id}`: a person's new role; their sign-ins end at once. */
export const changeMemberRoleSchema = z.object({
  role: z.enum(INVITABLE_ROLES, { message: teamMessagesHe.roleRequired }),
});
export type ChangeMemberRoleRequest = z.input<typeof changeMemberRoleSchema>;

/** `PUT /api/team/settings`: how long a person's sign-in lives without use. */
export const teamSettingsSchema = z.object({
  idleHours: z
    .number({ message: teamMessagesHe.idleHours })
    .int(teamMessagesHe.idleHours)
    .min(TEAM_LIMITS.idleHoursMin, teamMessagesHe.idleHours)
    .max(TEAM_LIMITS.idleHoursMax, teamMessagesHe.idleHours),
});
export type TeamSettings = z.output<typeof teamSettingsSchema>;

/** One sign-in of a team row: a browser or a screen where it is signed in now. */
export const teamSignInSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  signedInAt: instant,
  lastUsedAt: instant,
  /** Opened by an administrator (support), not by the owner. */
  impersonated: z.boolean(),
});
export type TeamSignIn = z.infer<typeof teamSignInSchema>;

/**
 * One row of `GET /api/team`: the owner (the business's phone), a person or a paired screen. `phone` is a person's
 * own number (null for a screen); `pinSet` says whether the person chose a staff PIN (never the PIN).
 */
export const teamMemberSchema = z.object({
  id: z.string(),
  kind: z.enum(['owner', 'person', 'screen']),
  name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  addedAt: instant,
  /** The latest use of any of its sign-ins; null before the first. */
  lastActiveAt: instant.nullable(),
  pinSet: z.boolean(),
  signIns: z.array(teamSignInSchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** `GET /api/team`: the owner first, then people and screens by when they were added. */
export const teamAnswerSchema = z.object({
  members: z.array(teamMemberSchema),
  settings: z.object({ idleHours: z.number().int() }),
});
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

/** `POST /api/team/pairing-codes`: a single-use code, shown as XXXX-XXXX, for ten minutes. */
export const screenPairingCodeSchema = z.object({ code: z.string(), expiresAt: instant });
export type ScreenPairingCode = z.infer<typeof screenPairingCodeSchema>;

/** `POST /api/devices/pair`: the code from Settings, and what the screen is called in the team list. */
export const pairDeviceSchema = z.object({
  code: pairingCodeSchema,
  name: personName(teamMessagesHe.screenNameRequired, teamMessagesHe.screenNameTooLong, TEAM_LIMITS.screenNameMax),
});
export type PairDeviceRequest = z.input<typeof pairDeviceSchema>;

/** Answer of `POST /api/devices/pair`: the screen's refresh credential (also set as its HttpOnly cookie). */
export const devicePairedSchema = z.object({ token: z.string() });
export type DevicePaired = z.infer<typeof devicePairedSchema>;

const pinSchema = z
  .string({ message: teamMessagesHe.pinFormat })
  .trim()
  .regex(/^\d{4,6}$/, teamMessagesHe.pinFormat);

/** `PUT /api/team/me/pin`: a person chooses (or changes) their own staff PIN. */
export const setStaffPinSchema = z.object({ pin: pinSchema });
export type SetStaffPinRequest = z.input<typeof setStaffPinSchema>;

/** `POST /api/team/pin-grants`, from a paired screen: who is typing, and their PIN. */
export const staffPinGrantRequestSchema = z.object({
  /** A person's team id, or `owner`. */
  memberId: z
    .string({ message: teamMessagesHe.memberRequired })
    .min(1, teamMessagesHe.memberRequired)
    .max(64, teamMessagesHe.memberRequired),
  pin: pinSchema,
});
export type StaffPinGrantRequest = z.input<typeof staffPinGrantRequestSchema>;

/** The header a screen sends with the one action a PIN grant covers. */
export const STAFF_GRANT_HEADER = 'x-staff-grant';

/** Answer of `POST /api/team/pin-grants`: send `grant` in `x-staff-grant` with the next action, before `expiresAt`. */
export const staffPinGrantSchema = z.object({
  grant: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  expiresAt: instant,
});
export type StaffPinGrant = z.infer<typeof staffPinGrantSchema>;

/** Who may type a PIN on this screen: the people with a PIN (`GET /api/team/pin-people`). */
export const pinPeopleAnswerSchema = z.object({
  people: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) })),
});
export type PinPeopleAnswer = z.infer<typeof pinPeopleAnswerSchema>;

/** One business a person may work in, offered after the code (`verify-otp`) and to `switch-business`. */
export const businessChoiceSchema = z.object({
  /** `own` for the business whose phone this is; else the person's team id in that business. */
  id: z.string(),
  businessName: z.string(),
  role: z.enum(ROLES),
});
export type BusinessChoice = z.infer<typeof businessChoiceSchema>;

/** `POST /api/auth/switch-business`. */
export const switchBusinessSchema = z.object({
  id: z.string({ message: teamMessagesHe.businessRequired }).min(1, teamMessagesHe.businessRequired).max(64),
});
export type SwitchBusinessRequest = z.input<typeof switchBusinessSchema>;

/** Who is signed in, beside the business, in every session answer (verify-otp, refresh, switch-business). */
export const sessionMemberSchema = z.object({
  role: z.enum(ROLES),
  kind: z.enum(['owner', 'person', 'screen']),
  /** The team id; `owner` for the business's phone. */
  id: z.string(),
  name: z.string(),
});
export type SessionMember = z.infer<typeof sessionMemberSchema>;

export const ACTIVITY_KINDS = ['orders', 'refunds', 'menu', 'settings', 'team', 'printing'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** `GET /api/team/activity?member=&kind=&before=`: the latest acts first, 50 at a time. */
export const activityQuerySchema = z.object({
  member: z.string().max(64).optional(),
  kind: z.enum(ACTIVITY_KINDS).optional(),
  before: z.coerce.number().int().positive().optional(),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** One act: when, who (as recorded then), what kind and which event. */
export const activityItemSchema = z.object({
  position: z.number().int(),
  at: instant,
  kind: z.enum(ACTIVITY_KINDS),
  type: z.string(),
  actor: z.object({
    kind: z.string(),
    id: z.string().nullable(),
    name: z.string(),
    role: z.enum(ROLES).nullable(),
  }),
  /** The order's number when the act concerns an order. */
  orderNumber: z.number().int().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityAnswerSchema = z.object({
  items: z.array(activityItemSchema),
  /** Pass as `before` for the next page; null at the start of the log. */
  nextBefore: z.number().int().nullable(),
});
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;
