import { type ActivityKind, isActingKind, PRINTER_EVENT_TYPES, type Role } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { TEAM_EVENT_TYPES } from './team.events.js';

/**
 * The events a person (the owner, a member, a screen, support inside the business) records with an action, which the
 * activity page lists (issue 31). The types are named here rather than taken from each module, which this one may not
 * import; `activity-acts.spec.ts` holds the list against the modules' own lists, so a new setting or menu event
 * that is missing here fails it.
 *
 * The diner's order events are left out on purpose, so that a diner's order costs the activity nothing: the owner's
 * test order (an `OrderPlaced` of theirs) is not listed. The kitchen's steps and refunds are.
 */
export const ACTIVITY_EVENT_TYPES: readonly string[] = [
  // ordering: the kitchen and refunds
  'OrderAccepted',
  'OrderReady',
  'OrderServed',
  'OrderDeclined',
  'RefundRequested',
  'CreditRetryRequested',
  // menu: plain-state edits, option groups, translations
  'MenuChanged',
  'OptionGroupCreated',
  'OptionGroupEdited',
  'OptionGroupDeleted',
  'OptionAdded',
  'OptionEdited',
  'OptionRemoved',
  'OptionAvailabilityChanged',
  'OptionsReordered',
  'OptionGroupAttached',
  'OptionGroupDetached',
  'ProductOptionGroupsReordered',
  'MenuItemTranslated',
  'MenuTranslationsRemoved',
  // accounts: the business's settings and details, and what support did to it
  'BusinessRegistered',
  'BusinessProfileChanged',
  'BusinessAddressChanged',
  'CardcomApiPasswordChanged',
  'PayoutAccountChanged',
  'LogoChanged',
  'DepartmentIdRegenerated',
  'DinerLanguagesChosen',
  'ServiceModeChosen',
  'AutoAcceptChosen',
  'OpeningHoursSet',
  'OrderingPaused',
  'OrderingResumed',
  'PaymentOptionsChosen',
  // Issue 33: the readable menu address and order ahead.
  'MenuAddressChosen',
  'OrderAheadChosen',
  'BusinessImpersonated',
  'BusinessPaused',
  'BusinessActivated',
  'BusinessClosed',
  'BusinessReopened',
  ...TEAM_EVENT_TYPES,
  ...PRINTER_EVENT_TYPES,
  // promotions: the business's promo codes (issue 33)
  'PromoCodeCreated',
  'PromoCodeChanged',
  'PromoCodeTurnedOff',
  'PromoCodeTurnedOn',
  // tables: the café's shared tables (issue 34); the diners' cart events are no one's act of the business
  'TablesChosen',
  'TableKeysRenewed',
];

/** Which kind of act the events of a stream are, by the stream's category (the longest prefix first). */
const STREAM_KINDS: ReadonlyArray<readonly [prefix: string, kind: ActivityKind]> = [
  ['menu-translations-', 'menu'],
  ['options-', 'menu'],
  ['menu-', 'menu'],
  ['business-', 'settings'],
  ['team-', 'team'],
  ['printer-', 'printing'],
  // A promo code is a price of the menu's (decision 052).
  ['promos-', 'menu'],
  // The shared tables are a setting (decision 055); a cart's stream (`tablecart-`) is the diners'.
  ['tables-', 'settings'],
];

const REFUND_TYPES = new Set(['RefundRequested', 'CreditRetryRequested']);
/** The acts whose line names what they concerned: a person of the team, an option group or option, a translation. */
const WITH_SUBJECT = new Set([
  'TeamMemberInvited',
  'TeamMemberRoleChanged',
  'TeamMemberRemoved',
  'OptionGroupCreated',
  'OptionGroupEdited',
  'OptionAdded',
  'OptionEdited',
  'MenuItemTranslated',
]);
const ROLES_GIVEN = new Set(['manager', 'kitchen', 'accountant']);

/** One act as the activity keeps it: whose business, who, what, and what it concerned. */
export interface Act {
  position: string;
  businessPhone: string;
  at: string;
  kind: ActivityKind;
  type: string;
  change: string | null;
  actorKind: 'owner' | 'admin' | 'member' | 'screen';
  /** A team id, `owner`, or null (an administrator). */
  actorId: string | null;
  actorRole: Role | null;
  /** The screen a staff PIN was typed on. */
  screenId: string | null;
  orderId: string | null;
  amountAgorot: number | null;
  /** A team member the act concerned (a change of role, a removal, a PIN), named when the page is read. */
  subjectId: string | null;
  /** A name the event itself carries (a person invited, a screen paired, an option group). */
  subjectName: string | null;
  role: Role | null;
}

interface Data {
  businessPhone?: unknown;
  orderId?: unknown;
  amountAgorot?: unknown;
  change?: unknown;
  memberId?: unknown;
  name?: unknown;
  role?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The business an event belongs to: its stream's, or for an order's event the business its data names. */
function placeOf(event: RecordedEvent, data: Data): { businessPhone: string; kind: ActivityKind } | undefined {
  if (event.streamId.startsWith('order-')) {
    const businessPhone = text(data.businessPhone);
    if (!businessPhone) return undefined;
    return { businessPhone, kind: REFUND_TYPES.has(event.type) ? 'refunds' : 'orders' };
  }
  const match = STREAM_KINDS.find(([prefix]) => event.streamId.startsWith(prefix));
  if (!match) return undefined;
  return { businessPhone: event.streamId.slice(match[0].length), kind: match[1] };
}

/**
 * The act an event records, or undefined when it is none: nobody of the business did it (a diner, the system, the
 * printing agent), or it is not about one business (payouts, terms). Pure, so a rebuild gives the same rows.
 */
export function actOf(event: RecordedEvent): Act | undefined {
  const { actor } = event.metadata;
  if (!isActingKind(actor.kind)) return undefined;
  const data = (event.data ?? {}) as Data;
  const place = placeOf(event, data);
  if (!place) return undefined;
  const memberId = text(data.memberId);
  return {
    position: event.globalPosition,
    businessPhone: place.businessPhone,
    at: event.metadata.occurredAt,
    kind: place.kind,
    type: event.type,
    change: event.type === 'MenuChanged' ? text(data.change) : null,
    actorKind: actor.kind,
    actorId: actor.kind === 'owner' ? 'owner' : actor.kind === 'admin' ? null : (actor.id ?? null),
    actorRole: actor.kind === 'admin' ? null : (actor.role ?? (actor.kind === 'owner' ? 'owner' : null)),
    screenId: actor.screenId ?? null,
    orderId: text(data.orderId),
    amountAgorot: typeof data.amountAgorot === 'number' ? data.amountAgorot : null,
    subjectId: WITH_SUBJECT.has(event.type) && place.kind === 'team' ? memberId : null,
    subjectName: WITH_SUBJECT.has(event.type) ? text(data.name) : null,
    role: typeof data.role === 'string' && ROLES_GIVEN.has(data.role) ? (data.role as Role) : null,
  };
}
