import { offerableLanguages, type OfferableLanguage } from '@tafrit/contracts/languages';
import type { OpeningHours, OrderingPause } from '@tafrit/contracts';
import { PAYMENT_OPTIONS_OFF, type PaymentOptions } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import {
  BusinessAlreadyRegisteredError,
  BusinessClosedError,
  BusinessNotFoundError,
  StepUpRequiredError,
} from './business.errors.js';
import type {
  BusinessAddress,
  BusinessEvent,
  BusinessProfile,
  BusinessRegistered,
  PayoutAccount,
} from './business.events.js';
import { sameBankDetails, sameProfile, samePayout } from './business-comparisons.js';
import { chooseMenuAddress, type ChooseMenuAddress, type MenuAddressState } from './menu-address.js';
export { sameBankDetails };

export interface RegisteredBusiness extends MenuAddressState {
  status: 'active' | 'paused' | 'closed';
  phone: string;
  departmentId: string;
  profile: BusinessProfile;
  payout: PayoutAccount;
  /** Null for a business registered before addresses were asked, until its owner gives one. */
  address: BusinessAddress | null;
  /** Whether the own Cardcom terminal's ApiPassword is stored (encrypted, outside the log). */
  cardcomApiPasswordSet: boolean;
  logo: string | null;
  /** The languages offered besides Hebrew; null until the owner first chooses (then all are offered). */
  dinerLanguages: OfferableLanguage[] | null;
  /** How a ready order reaches the diner; absent until first chosen (then, and in older snapshots: `table`). */
  serviceMode?: 'table' | 'pickup';
  /** Automatic acceptance of new orders (decision 032); absent until first chosen: off. */
  autoAccept?: { enabled: boolean; readyInMinutes: number | null };
  /** When ordering is open (decision 028); null until the owner first sets hours: open at every hour. */
  hours: OpeningHours | null;
  /** The live pause of new orders, if any (an ended pause may still be here: only `orderingAt` reads the clock). */
  pause: OrderingPause | null;
  /** The tip, Bit and Google Pay; all off until the owner turns one on (absent in older states: off). */
  paymentOptions?: PaymentOptions;
}

export type BusinessState = { status: 'unregistered' } | RegisteredBusiness;

/** Registration data as it arrives in the command: validated and normalised by the contract schema already. */
export type RegisterBusiness = {
  type: 'RegisterBusiness';
  data: Omit<BusinessRegistered['data'], 'registeredAt'> & { now: string };
};

/**
 * The whole settings form; only the parts that differ from the current state become events. A form without the
 * Cardcom fields (the owner's settings page today) keeps the stored terminal: absent never means "switch off".
 */
export type ChangeBusinessProfile = {
  type: 'ChangeBusinessProfile';
  data: {
    profile: BusinessProfile;
    payout: Omit<PayoutAccount, 'cardcom'> & { cardcom?: PayoutAccount['cardcom'] };
    /**
     * Whether this request may change where the payouts go (bank, branch, account, beneficiary): only an owner's
     * session with a fresh code (decision 036). 'keep' refuses any change of them, checked against the stream itself.
     */
    bankDetails: 'may_change' | 'keep';
    now: string;
  };
};

export type ChangeBusinessAddress = { type: 'ChangeBusinessAddress'; data: BusinessAddress & { now: string } };

/** `set` false removes the password; the handler stores or deletes the encrypted secret in the same transaction. */
export type ChangeCardcomApiPassword = {
  type: 'ChangeCardcomApiPassword';
  data: { set: boolean; now: string };
};

export type ChangeLogo = { type: 'ChangeLogo'; data: { logo: string; now: string } };

/** Settings' languages: validated by the contract (known languages, each once); kept in their fixed order. */
export type ChooseDinerLanguages = {
  type: 'ChooseDinerLanguages';
  data: { languages: readonly OfferableLanguage[]; now: string };
};

/** Settings' service: table service or pickup at the counter. */
export type ChooseServiceMode = {
  type: 'ChooseServiceMode';
  data: { serviceMode: 'table' | 'pickup'; now: string };
};
/** Settings' opening hours, validated by the contract; the same hours again record nothing. */
export type SetOpeningHours = { type: 'SetOpeningHours'; data: { hours: OpeningHours; now: string } };

/** The console's pause: `minutes` 15, 30 or 60, or null until resumed; the end is counted from `now`. */
export type PauseOrdering = { type: 'PauseOrdering'; data: { minutes: number | null; now: string } };
export type ResumeOrdering = { type: 'ResumeOrdering'; data: { now: string } };
/** Settings' payment options (issue 17), validated by the contract. */
export type ChoosePaymentOptions = { type: 'ChoosePaymentOptions'; data: PaymentOptions & { now: string } };
/** The owner's "accept new orders automatically", with the estimate each order gets (null: none). */
export type ChooseAutoAccept = {
  type: 'ChooseAutoAccept';
  data: { enabled: boolean; readyInMinutes: number | null; now: string };
};

/** A new public address; the id is made by the handler (random), so the decider stays pure. */
export type RegenerateDepartmentId = {
  type: 'RegenerateDepartmentId';
  data: { departmentId: string; ip: string | null; now: string };
};

export type RecordImpersonation = {
  type: 'RecordImpersonation';
  data: { adminPhone: string; ip: string | null; now: string };
};

/** The administrator's status changes; each records who asked, from where and when. */
export type PauseBusiness = { type: 'PauseBusiness'; data: AdminActionCommandData };
export type ActivateBusiness = { type: 'ActivateBusiness'; data: AdminActionCommandData };
export type CloseBusiness = { type: 'CloseBusiness'; data: AdminActionCommandData };
export type ReopenBusiness = { type: 'ReopenBusiness'; data: AdminActionCommandData };
export interface AdminActionCommandData {
  adminPhone: string;
  ip: string | null;
  now: string;
}

export type BusinessCommand =
  | RegisterBusiness
  | ChangeBusinessProfile
  | ChangeBusinessAddress
  | ChangeCardcomApiPassword
  | ChangeLogo
  | ChooseDinerLanguages
  | ChooseServiceMode
  | ChooseMenuAddress
  | ChooseAutoAccept
  | SetOpeningHours
  | PauseOrdering
  | ResumeOrdering
  | ChoosePaymentOptions
  | RegenerateDepartmentId
  | RecordImpersonation
  | PauseBusiness
  | ActivateBusiness
  | CloseBusiness
  | ReopenBusiness;

export const businessDecider: Decider<BusinessCommand, BusinessEvent, BusinessState> = {
  initialState: () => ({ status: 'unregistered' }),

  decide(command, state) {
    if (command.type === 'RegisterBusiness') {
      if (state.status !== 'unregistered') throw new BusinessAlreadyRegisteredError(state.phone);
      const { now, ...details } = command.data;
      return [{ type: 'BusinessRegistered', data: { ...details, registeredAt: now } }];
    }
    // Closing twice changes nothing: a repeated DELETE (say, after a failure in the clean-up) is not an error.
    if (command.type === 'CloseBusiness' && state.status === 'closed') return [];
    if (command.type === 'ReopenBusiness') {
      if (state.status === 'unregistered') throw new BusinessNotFoundError();
      // Reopening an account that is open changes nothing: a repeated click or request is not an error.
      return state.status === 'closed' ? [{ type: 'BusinessReopened', data: adminAction(state.phone, command) }] : [];
    }
    const business = openBusiness(state, command);
    const { phone } = business;
    if (command.type === 'ChooseMenuAddress') return chooseMenuAddress(business, command.data);
    switch (command.type) {
      case 'ChangeBusinessProfile': {
        const { profile, now } = command.data;
        const payout: PayoutAccount = {
          ...command.data.payout,
          cardcom: command.data.payout.cardcom ?? business.payout.cardcom,
        };
        if (command.data.bankDetails === 'keep' && !sameBankDetails(business.payout, payout)) {
          throw new StepUpRequiredError();
        }
        const events: BusinessEvent[] = [];
        if (!sameProfile(business.profile, profile)) {
          events.push({ type: 'BusinessProfileChanged', data: { phone, ...profile, changedAt: now } });
        }
        if (!samePayout(business.payout, payout)) {
          events.push({ type: 'PayoutAccountChanged', data: { phone, ...payout, changedAt: now } });
        }
        return events;
      }
      case 'ChangeBusinessAddress': {
        const { street, city, now } = command.data;
        // The same address again (a second click on save) records nothing.
        if (business.address?.street === street && business.address.city === city) return [];
        return [{ type: 'BusinessAddressChanged', data: { phone, street, city, changedAt: now } }];
      }
      case 'ChangeCardcomApiPassword': {
        const { set, now } = command.data;
        // A new password replaces the old one, so setting is always news; removing none that is stored is not.
        if (!set && !business.cardcomApiPasswordSet) return [];
        return [{ type: 'CardcomApiPasswordChanged', data: { phone, set, changedAt: now } }];
      }
      case 'ChangeLogo':
        return [
          {
            type: 'LogoChanged',
            data: { phone, logo: command.data.logo, previousLogo: business.logo, changedAt: command.data.now },
          },
        ];
      case 'ChooseDinerLanguages': {
        const languages = offerableLanguages.filter((language) => command.data.languages.includes(language));
        // The same choice again (a second click on save) records nothing.
        const current = business.dinerLanguages;
        if (current && current.length === languages.length && current.every((code, i) => code === languages[i])) {
          return [];
        }
        return [{ type: 'DinerLanguagesChosen', data: { phone, languages, changedAt: command.data.now } }];
      }
      case 'ChooseServiceMode': {
        const { serviceMode, now } = command.data;
        // Table service until first chosen: choosing it then, or the same again, records nothing.
        if ((business.serviceMode ?? 'table') === serviceMode) return [];
        return [{ type: 'ServiceModeChosen', data: { phone, serviceMode, changedAt: now } }];
      }
      case 'ChooseAutoAccept': {
        const { enabled, readyInMinutes, now } = command.data;
        const current = business.autoAccept ?? { enabled: false, readyInMinutes: null };
        // A second press of save records nothing, and so does "off" before any choice (off is the default).
        if (current.enabled === enabled && current.readyInMinutes === readyInMinutes) return [];
        return [{ type: 'AutoAcceptChosen', data: { phone, enabled, readyInMinutes, changedAt: now } }];
      }
      case 'SetOpeningHours': {
        const { hours, now } = command.data;
        if (business.hours !== null && JSON.stringify(business.hours) === JSON.stringify(hours)) return [];
        return [{ type: 'OpeningHoursSet', data: { phone, hours, changedAt: now } }];
      }
      case 'PauseOrdering': {
        const { minutes, now } = command.data;
        const until = minutes === null ? null : new Date(Date.parse(now) + minutes * 60_000).toISOString();
        return [{ type: 'OrderingPaused', data: { phone, until, at: now } }];
      }
      case 'ResumeOrdering': {
        const { now } = command.data;
        // Nothing to resume: no pause, or one that already ended by itself.
        const pause = business.pause;
        if (pause === null || (pause.until !== null && Date.parse(pause.until) <= Date.parse(now))) return [];
        return [{ type: 'OrderingResumed', data: { phone, at: now } }];
      }
      case 'ChoosePaymentOptions': {
        const { now, ...chosen } = command.data;
        const current = business.paymentOptions ?? PAYMENT_OPTIONS_OFF;
        // The same choice again records nothing.
        if (
          current.tipsEnabled === chosen.tipsEnabled &&
          current.bitEnabled === chosen.bitEnabled &&
          current.googlePayEnabled === chosen.googlePayEnabled
        ) {
          return [];
        }
        const { tipsEnabled, bitEnabled, googlePayEnabled } = chosen;
        return [
          {
            type: 'PaymentOptionsChosen',
            data: { phone, tipsEnabled, bitEnabled, googlePayEnabled, changedAt: now },
          },
        ];
      }
      case 'RegenerateDepartmentId': {
        const { departmentId, ip, now } = command.data;
        // The same id again would leave the leaked address working: the handler makes a fresh one, this guards it.
        if (departmentId === business.departmentId) throw new Error('the new department id must differ from the old');
        return [
          {
            type: 'DepartmentIdRegenerated',
            data: { phone, departmentId, previousDepartmentId: business.departmentId, at: now, ip },
          },
        ];
      }
      case 'RecordImpersonation': {
        const { adminPhone, ip, now } = command.data;
        return [{ type: 'BusinessImpersonated', data: { phone, adminPhone, at: now, ip } }];
      }
      // Pausing a paused business or activating an active one decides nothing: the admin's click is a no-op.
      case 'PauseBusiness':
        return business.status === 'paused' ? [] : [{ type: 'BusinessPaused', data: adminAction(phone, command) }];
      case 'ActivateBusiness':
        return business.status === 'active' ? [] : [{ type: 'BusinessActivated', data: adminAction(phone, command) }];
      case 'CloseBusiness':
        return [{ type: 'BusinessClosed', data: adminAction(phone, command) }];
    }
  },

  evolve(state, event) {
    if (event.type === 'BusinessRegistered') {
      const { phone, departmentId, fullName, businessName, email, idNumber, receiptPhone } = event.data;
      const { bankName, branch, accountNumber, beneficiaryName, cardcom, address } = event.data;
      return {
        status: 'active',
        phone,
        departmentId,
        profile: { fullName, businessName, email, idNumber, receiptPhone },
        payout: { bankName, branch, accountNumber, beneficiaryName, cardcom },
        address: address ? { street: address.street, city: address.city } : null,
        cardcomApiPasswordSet: false,
        logo: null,
        dinerLanguages: null,
        hours: null,
        pause: null,
      };
    }
    // Events of a stream that has no registration cannot exist: its first event is always BusinessRegistered.
    if (state.status === 'unregistered') return state;
    if (event.type === 'MenuAddressChosen') {
      return { ...state, menuAddress: event.data.address, shareLine: event.data.shareLine };
    }
    switch (event.type) {
      case 'BusinessProfileChanged': {
        const { fullName, businessName, email, idNumber, receiptPhone } = event.data;
        return { ...state, profile: { fullName, businessName, email, idNumber, receiptPhone } };
      }
      case 'PayoutAccountChanged': {
        const { bankName, branch, accountNumber, beneficiaryName, cardcom } = event.data;
        return { ...state, payout: { bankName, branch, accountNumber, beneficiaryName, cardcom } };
      }
      case 'BusinessAddressChanged':
        return { ...state, address: { street: event.data.street, city: event.data.city } };
      case 'CardcomApiPasswordChanged':
        return { ...state, cardcomApiPasswordSet: event.data.set };
      case 'LogoChanged':
        return { ...state, logo: event.data.logo };
      case 'DepartmentIdRegenerated':
        return { ...state, departmentId: event.data.departmentId };
      case 'DinerLanguagesChosen':
        return { ...state, dinerLanguages: event.data.languages };
      case 'ServiceModeChosen':
        return { ...state, serviceMode: event.data.serviceMode };
      case 'AutoAcceptChosen':
        return { ...state, autoAccept: { enabled: event.data.enabled, readyInMinutes: event.data.readyInMinutes } };
      case 'OpeningHoursSet':
        return { ...state, hours: event.data.hours };
      case 'OrderingPaused':
        return { ...state, pause: { until: event.data.until } };
      case 'OrderingResumed':
        return { ...state, pause: null };
      case 'PaymentOptionsChosen': {
        const { tipsEnabled, bitEnabled, googlePayEnabled } = event.data;
        return { ...state, paymentOptions: { tipsEnabled, bitEnabled, googlePayEnabled } };
      }
      case 'BusinessImpersonated':
      case 'OrderAheadChosen':
        return state;
      case 'BusinessPaused':
        return { ...state, status: 'paused' };
      case 'BusinessActivated':
        return { ...state, status: 'active' };
      case 'BusinessClosed':
        // The logo stays in the state: closing answers it so its file can be removed after the event.
        return { ...state, status: 'closed' };
      case 'BusinessReopened':
        // The logo's file was removed at closing (the projection's row already says null).
        return { ...state, status: 'active', logo: null };
    }
  },
};

function openBusiness(
  state: BusinessState,
  command: Exclude<BusinessCommand, RegisterBusiness | ReopenBusiness>,
): RegisteredBusiness {
  if (state.status === 'unregistered') throw new BusinessNotFoundError();
  // An administrator may still look into a closed business (its records stay); nobody may change it.
  if (state.status === 'closed' && command.type !== 'RecordImpersonation') throw new BusinessClosedError(state.phone);
  return state;
}

function adminAction(phone: string, { data }: PauseBusiness | ActivateBusiness | CloseBusiness | ReopenBusiness) {
  return { phone, adminPhone: data.adminPhone, ip: data.ip, at: data.now };
}
