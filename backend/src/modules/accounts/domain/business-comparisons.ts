// Whether two versions of the settings form differ, part by part: the decider records only what changed.
import type { BusinessProfile, PayoutAccount } from './business.events.js';

export function sameProfile(a: BusinessProfile, b: BusinessProfile): boolean {
  return (
    a.fullName === b.fullName &&
    a.businessName === b.businessName &&
    a.email === b.email &&
    a.idNumber === b.idNumber &&
    a.receiptPhone === b.receiptPhone
  );
}

/** Where the payouts go: the fields a session needs a fresh code to change. */
export function sameBankDetails(
  a: Pick<PayoutAccount, 'bankName' | 'branch' | 'accountNumber' | 'beneficiaryName'>,
  b: Pick<PayoutAccount, 'bankName' | 'branch' | 'accountNumber' | 'beneficiaryName'>,
): boolean {
  return (
    a.bankName === b.bankName &&
    a.branch === b.branch &&
    a.accountNumber === b.accountNumber &&
    a.beneficiaryName === b.beneficiaryName
  );
}

export function samePayout(a: PayoutAccount, b: PayoutAccount): boolean {
  return (
    sameBankDetails(a, b) &&
    a.cardcom.enabled === b.cardcom.enabled &&
    a.cardcom.terminalNumber === b.cardcom.terminalNumber &&
    a.cardcom.apiName === b.cardcom.apiName
  );
}
