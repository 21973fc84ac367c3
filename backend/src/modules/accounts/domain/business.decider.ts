import { offerableLanguages, type OfferableLanguage } from '@tafrit/contracts/languages';
import { PAYMENT_OPTIONS_OFF, type PaymentOptions } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import { BusinessAlreadyRegisteredError, BusinessClosedError, BusinessNotFoundError } from './business.errors.js';
import type { BusinessEvent, BusinessProfile, BusinessRegistered, PayoutAccount } from './business.events.js';

export interface RegisteredBusiness {
  status: 'active' | 'paused' | 'closed';
  phone: string;
  departmentId: string;
  profile: BusinessProfile;
  payout: PayoutAccount;
  logo: string | null;
  /** The languages offered besides Hebrew; null until the owner first chooses (then all are offered). */
  dinerLanguages: OfferableLanguage[] | null;
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
    now: string;
  };
};

export type ChangeLogo = { type: 'ChangeLogo'; data: { logo: string; now: string } };

/** Settings' languages: validated by the contract (known languages, each once); kept in their fixed order. */
export type ChooseDinerLanguages = {
  type: 'ChooseDinerLanguages';
  data: { languages: readonly OfferableLanguage[]; now: string };
};

/** Settings' payment options (issue 17), validated by the contract. */
export type ChoosePaymentOptions = { type: 'ChoosePaymentOptions'; data: PaymentOptions & { now: string } };

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
  | ChangeLogo
  | ChooseDinerLanguages
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
    switch (command.type) {
      case 'ChangeBusinessProfile': {
        const { profile, now } = command.data;
        const payout: PayoutAccount = {
          ...command.data.payout,
          cardcom: command.data.payout.cardcom ?? business.payout.cardcom,
        };
        const events: BusinessEvent[] = [];
        if (!sameProfile(business.profile, profile)) {
          events.push({ type: 'BusinessProfileChanged', data: { phone, ...profile, changedAt: now } });
        }
        if (!samePayout(business.payout, payout)) {
          events.push({ type: 'PayoutAccountChanged', data: { phone, ...payout, changedAt: now } });
        }
        return events;
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
      const { bankName, branch, accountNumber, beneficiaryName, cardcom } = event.data;
      return {
        status: 'active',
        phone,
        departmentId,
        profile: { fullName, businessName, email, idNumber, receiptPhone },
        payout: { bankName, branch, accountNumber, beneficiaryName, cardcom },
        logo: null,
        dinerLanguages: null,
      };
    }
    // Events of a stream that has no registration cannot exist: its first event is always BusinessRegistered.
    if (state.status === 'unregistered') return state;
    switch (event.type) {
      case 'BusinessProfileChanged': {
        const { fullName, businessName, email, idNumber, receiptPhone } = event.data;
        return { ...state, profile: { fullName, businessName, email, idNumber, receiptPhone } };
      }
      case 'PayoutAccountChanged': {
        const { bankName, branch, accountNumber, beneficiaryName, cardcom } = event.data;
        return { ...state, payout: { bankName, branch, accountNumber, beneficiaryName, cardcom } };
      }
      case 'LogoChanged':
        return { ...state, logo: event.data.logo };
      case 'DepartmentIdRegenerated':
        return { ...state, departmentId: event.data.departmentId };
      case 'DinerLanguagesChosen':
        return { ...state, dinerLanguages: event.data.languages };
      case 'PaymentOptionsChosen': {
        const { tipsEnabled, bitEnabled, googlePayEnabled } = event.data;
        return { ...state, paymentOptions: { tipsEnabled, bitEnabled, googlePayEnabled } };
      }
      case 'BusinessImpersonated':
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

function sameProfile(a: BusinessProfile, b: BusinessProfile): boolean {
  return (
    a.fullName === b.fullName &&
    a.businessName === b.businessName &&
    a.email === b.email &&
    a.idNumber === b.idNumber &&
    a.receiptPhone === b.receiptPhone
  );
}

function samePayout(a: PayoutAccount, b: PayoutAccount): boolean {
  return (
    a.bankName === b.bankName &&
    a.branch === b.branch &&
    a.accountNumber === b.accountNumber &&
    a.beneficiaryName === b.beneficiaryName &&
    a.cardcom.enabled === b.cardcom.enabled &&
    a.cardcom.terminalNumber === b.cardcom.terminalNumber &&
    a.cardcom.apiName === b.cardcom.apiName
  );
}
