/** Events of the `business-{phone}` stream (schema version 1). Plain data: dates as ISO strings. */
import type { OfferableLanguage } from '@tafrit/contracts/languages';
import type { OpeningHours, OrderAheadSettings } from '@tafrit/contracts';

/** What the owner tells about themselves and the business (settings' "business details"). */
export interface BusinessProfile {
  fullName: string;
  businessName: string;
  email: string;
  idNumber: string;
  /** Where the SMS receipt of each paid order goes; null for none. */
  receiptPhone: string | null;
}

/**
 * Where the money goes: the bank account of the monthly transfer and the card-clearing terminal. Kept apart from the
 * profile because a change here is the one worth an alert (it is what a hijacked account would change).
 */
export interface PayoutAccount {
  bankName: string;
  branch: string;
  accountNumber: string;
  beneficiaryName: string;
  cardcom: { enabled: boolean; terminalNumber: string | null; apiName: string | null };
}

/** Where the business is, as its tax documents print it (issue 17); the city is a CBS locality's name. */
export interface BusinessAddress {
  street: string;
  city: string;
}

export interface BusinessRegistered {
  type: 'BusinessRegistered';
  data: BusinessProfile &
    PayoutAccount & {
      phone: string;
      departmentId: string;
      registeredAt: string;
      /** Asked from 2026-11-27 (issue 17); registrations before it lack it until `BusinessAddressChanged`. */
      address?: BusinessAddress;
    };
}

/** The owner gave or changed the business's address; documents issued before keep the address they printed. */
export interface BusinessAddressChanged {
  type: 'BusinessAddressChanged';
  data: BusinessAddress & { phone: string; changedAt: string };
}

/**
 * The owner stored (`set`) or removed the `ApiPassword` of the business's own Cardcom terminal. The password itself is
 * never in the log: it is kept encrypted in `business_secrets` (decision 026), written in this event's transaction.
 */
export interface CardcomApiPasswordChanged {
  type: 'CardcomApiPasswordChanged';
  data: { phone: string; set: boolean; changedAt: string };
}

export interface BusinessProfileChanged {
  type: 'BusinessProfileChanged';
  data: BusinessProfile & { phone: string; changedAt: string };
}

export interface PayoutAccountChanged {
  type: 'PayoutAccountChanged';
  data: PayoutAccount & { phone: string; changedAt: string };
}

export interface LogoChanged {
  type: 'LogoChanged';
  /** `logo` is the public path of the new file (`/uploads/logos/<name>.webp`). */
  data: { phone: string; logo: string; previousLogo: string | null; changedAt: string };
}

/**
 * The owner replaced the business's public address (the `departmentId` every QR code and poster carries), for a code
 * that leaked or is misused: the old address stops answering at once. Orders keep the address they were placed with.
 * `ip` is where the request came from (the audit's line); null when unknown.
 */
export interface DepartmentIdRegenerated {
  type: 'DepartmentIdRegenerated';
  data: { phone: string; departmentId: string; previousDepartmentId: string; at: string; ip: string | null };
}

/**
 * The owner chose the languages the business offers its diners besides Hebrew (always offered): the diner's switcher
 * offers these, and a diner's choice of another falls back (decision 023). Before the first choice, all are offered.
 */
export interface DinerLanguagesChosen {
  type: 'DinerLanguagesChosen';
  data: { phone: string; languages: OfferableLanguage[]; changedAt: string };
}

/**
 * The owner chose the readable menu address (`/menu/{address}`, issue 33; null: none, only the random one) and the
 * line link previews show (null: the first categories' names). The random address keeps working; an address the
 * business had before (`previousAddress`) redirects to the current one and is never given to another business (the
 * `menu_addresses` table, written in this event's transaction, refuses it). Added 2026-11-29.
 */
export interface MenuAddressChosen {
  type: 'MenuAddressChosen';
  data: {
    phone: string;
    address: string | null;
    previousAddress: string | null;
    shareLine: string | null;
    changedAt: string;
  };
}

/** The owner chose how a ready order reaches the diner: at the table, or collected at the counter (issue 18). */
export interface ServiceModeChosen {
  type: 'ServiceModeChosen';
  data: { phone: string; serviceMode: 'table' | 'pickup'; changedAt: string };
}

/**
 * The owner turned automatic acceptance of new orders on or off (issue 18, decision 032). `readyInMinutes` is the
 * estimate each accepted order carries (null: none); `enabled: false` keeps the last estimate for the next time.
 */
export interface AutoAcceptChosen {
  type: 'AutoAcceptChosen';
  data: { phone: string; enabled: boolean; readyInMinutes: number | null; changedAt: string };
}

/**
 * The owner's order-ahead settings (issue 33): the switch, the slot length, orders per slot, the least time ahead,
 * the last pickup before closing and the kitchen's default estimate.
 */
export interface OrderAheadChosen {
  type: 'OrderAheadChosen';
  data: { phone: string; settings: OrderAheadSettings; changedAt: string };
}

/** The owner set the opening hours, closed dates, the Shabbat switch and its city, and the optional days (decision 028). */
export interface OpeningHoursSet {
  type: 'OpeningHoursSet';
  data: { phone: string; hours: OpeningHours; changedAt: string };
}

/** The owner stopped new orders from the live console: until `until`, or (null) until resumed. */
export interface OrderingPaused {
  type: 'OrderingPaused';
  data: { phone: string; until: string | null; at: string };
}

/** The owner resumed new orders before the pause ended. */
export interface OrderingResumed {
  type: 'OrderingResumed';
  data: { phone: string; at: string };
}

/**
 * The owner chose what the checkout offers beside a card (issue 17): the optional tip, Bit, Google Pay. Before the
 * first choice, all are off.
 */
export interface PaymentOptionsChosen {
  type: 'PaymentOptionsChosen';
  data: { phone: string; tipsEnabled: boolean; bitEnabled: boolean; googlePayEnabled: boolean; changedAt: string };
}

/** An administrator opened an owner session of this business (the audit trail of impersonation). */
export interface BusinessImpersonated {
  type: 'BusinessImpersonated';
  data: { phone: string; adminPhone: string; at: string; ip: string | null };
}

/** What every administrator's status change records: who did it, from where, and when. */
export interface AdminActionData {
  phone: string;
  adminPhone: string;
  /** The administrator's address as the server saw it (behind the trusted proxy); null when unknown. */
  ip: string | null;
  at: string;
}

/** An administrator paused the account: its public menu and payments stop; its owner may still sign in. */
export interface BusinessPaused {
  type: 'BusinessPaused';
  data: AdminActionData;
}

/** An administrator activated a paused account again. */
export interface BusinessActivated {
  type: 'BusinessActivated';
  data: AdminActionData;
}

/**
 * An administrator closed the account for good: no sign-in, no menu, no payments. Its orders, invoices and this
 * stream are kept (tax records); see docs/decisions/006-closed-accounts-and-personal-data.md.
 */
export interface BusinessClosed {
  type: 'BusinessClosed';
  data: AdminActionData;
}

/**
 * An administrator reopened a closed account (issue 15): the owner signs in again with the same phone and e-mail and
 * finds the orders and invoices that were kept; the menu was removed at closing and starts empty. The account comes
 * back active, as a new registration does. See docs/decisions/006-closed-accounts-and-personal-data.md.
 */
export interface BusinessReopened {
  type: 'BusinessReopened';
  data: AdminActionData;
}

export type BusinessEvent =
  | BusinessRegistered
  | BusinessProfileChanged
  | BusinessAddressChanged
  | CardcomApiPasswordChanged
  | PayoutAccountChanged
  | LogoChanged
  | DepartmentIdRegenerated
  | DinerLanguagesChosen
  | MenuAddressChosen
  | ServiceModeChosen
  | AutoAcceptChosen
  | OrderAheadChosen
  | OpeningHoursSet
  | OrderingPaused
  | OrderingResumed
  | PaymentOptionsChosen
  | BusinessImpersonated
  | BusinessPaused
  | BusinessActivated
  | BusinessClosed
  | BusinessReopened;

export const BUSINESS_EVENT_TYPES = [
  'BusinessRegistered',
  'BusinessProfileChanged',
  'BusinessAddressChanged',
  'CardcomApiPasswordChanged',
  'PayoutAccountChanged',
  'LogoChanged',
  'DepartmentIdRegenerated',
  'DinerLanguagesChosen',
  'MenuAddressChosen',
  'ServiceModeChosen',
  'AutoAcceptChosen',
  'OrderAheadChosen',
  'OpeningHoursSet',
  'OrderingPaused',
  'OrderingResumed',
  'PaymentOptionsChosen',
  'BusinessImpersonated',
  'BusinessPaused',
  'BusinessActivated',
  'BusinessClosed',
  'BusinessReopened',
] as const satisfies readonly BusinessEvent['type'][];

export const businessStreamId = (phone: string): string => `business-${phone}`;
