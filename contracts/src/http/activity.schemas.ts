// Who did what (issue 31, item 4): an act's actor as the owner's screens name it, an order's timeline (the console
// and the report) and the owner's activity page. Not in the product specification, which knows one person per
// business.
import { z } from 'zod';
import { ACTOR_KINDS, type ActorKind } from '../events.js';
import { ROLES } from '../roles.js';

const instant = z.string();

/**
 * The words for an actor who is not named by the team: the owner is "the business's owner" (their own name is private
 * to them, and a kitchen screen reads these too), an administrator is support, and the rest say what they are.
 * `member` and `screen` are fallbacks for a team id the team does not know.
 */
export const actorLabelsHe = {
  owner: 'בעלי העסק',
  admin: 'תמיכה',
  member: 'איש צוות',
  screen: 'מסך',
  diner: 'הסועד',
  system: 'המערכת',
  agent: 'תוכנת ההדפסה',
} as const satisfies Record<ActorKind, string>;

/** The actors whose acts the activity page lists and whose name an order's step shows: people and screens. */
export const ACTING_KINDS = ['owner', 'admin', 'member', 'screen'] as const satisfies readonly ActorKind[];
export type ActingKind = (typeof ACTING_KINDS)[number];

export function isActingKind(kind: string): kind is ActingKind {
  return (ACTING_KINDS as readonly string[]).includes(kind);
}

/**
 * Who did something, as shown: `name` is a person's or screen's name in the team (kept after a removal, so an old
 * record keeps it), or the label of `actorLabelsHe`; `role` the role the act was done with (a later change of role
 * never rewrites it). `id` is a team id, `owner`, or null (an administrator's phone never leaves the server).
 */
export const actorViewSchema = z.object({
  kind: z.enum(ACTOR_KINDS),
  id: z.string().nullable(),
  name: z.string(),
  role: z.enum(ROLES).nullable(),
  /** A staff PIN typed on a shared screen: that screen's name. */
  screenName: z.string().nullable(),
});
export type ActorView = z.infer<typeof actorViewSchema>;

/** The events of an order's stream that its timeline shows, in the order they happened. */
export const TIMELINE_EVENT_TYPES = [
  'OrderPlaced',
  'OrderPaid',
  'PaymentFailed',
  'OrderExpired',
  'InvoiceIssued',
  'InvoiceFailed',
  'OrderAccepted',
  'OrderReady',
  'OrderServed',
  'OrderDeclined',
  'RefundRequested',
  'OrderRefunded',
  'RefundFailed',
  'CreditRetryRequested',
  'CreditIssued',
  'CreditFailed',
  'SlipPrinted',
  'PrintFailed',
  'ReceiptSmsSent',
  'ReadySmsSent',
] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

/**
 * One step of an order: what happened, when, and who did it. A refund's outcome (returned, refused, its credit
 * document) names the person who asked for it, not the provider that answered.
 */
export const orderTimelineStepSchema = z.object({
  type: z.enum(TIMELINE_EVENT_TYPES),
  at: instant,
  actor: actorViewSchema,
  /** A charge or a refund's amount; null for a step without money. */
  amountAgorot: z.number().int().nonnegative().nullable(),
  /**
   * A reason (declined, refunded, refused, failed), a document's number, or for an acceptance the time the kitchen
   * said the order would be ready (an instant); null when the step has none.
   */
  detail: z.string().nullable(),
});
export type OrderTimelineStep = z.infer<typeof orderTimelineStepSchema>;

/**
 * `GET /api/live-orders/{orderId}/timeline` (the console, `orders.live`) and
 * `GET /api/reports/orders/{orderId}/timeline` (the report, `reports.read`): the same answer.
 */
export const orderTimelineSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  /** The owner's test order (decision 034). */
  test: z.boolean(),
  steps: z.array(orderTimelineStepSchema),
});
export type OrderTimeline = z.infer<typeof orderTimelineSchema>;

export const ACTIVITY_KINDS = ['orders', 'refunds', 'menu', 'settings', 'team', 'printing'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** How many acts one page of the activity holds. */
export const ACTIVITY_PAGE_SIZE = 50;

/**
 * `GET /api/team/activity?member=&kind=&before=`: the latest acts first, a page at a time. `member` is a team id or
 * `owner` (a screen's id also finds the PINs typed on it); `before` the `nextBefore` of the previous page.
 */
export const activityQuerySchema = z.object({
  member: z.string().max(64).optional(),
  kind: z.enum(ACTIVITY_KINDS).optional(),
  before: z.coerce.number().int().positive().optional(),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** One act: when, who (with the role of then), what kind, which event, and what it concerned. */
export const activityItemSchema = z.object({
  /** The event's place in the log: unique, and what paging counts by. */
  position: z.number().int(),
  at: instant,
  kind: z.enum(ACTIVITY_KINDS),
  type: z.string(),
  /** The menu's change (`product.created`, `category.deleted`...); null for other events. */
  change: z.string().nullable(),
  actor: actorViewSchema,
  /** The order the act concerns, with its number (the console and the report open its timeline). */
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  /** A refund's amount. */
  amountAgorot: z.number().int().nullable(),
  /** Who or what the act concerned, by name: a person invited, changed or removed, a screen, an option group. */
  subject: z.string().nullable(),
  /** The role an invitation or a change of role gave. */
  role: z.enum(ROLES).nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** Someone whose acts are in the log, for the filter: the owner, people and screens, removed ones included. */
export const activityPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['owner', 'person', 'screen']),
  removed: z.boolean(),
});
export type ActivityPerson = z.infer<typeof activityPersonSchema>;

export const activityAnswerSchema = z.object({
  items: z.array(activityItemSchema),
  /** Pass as `before` for the next page; null when there is none. */
  nextBefore: z.number().int().nullable(),
  people: z.array(activityPersonSchema),
});
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;
