import { type BusinessProfileInput, type OwnerBusiness, ownerBusinessSchema } from '@tafrit/contracts';
import type { BusinessProfile, PayoutAccount } from '../domain/business.events.js';
import type { Business } from '../projections/business.entity.js';

export const CARDCOM_OFF: PayoutAccount['cardcom'] = { enabled: false, terminalNumber: null, apiName: null };

/** The settings form as the contract schema parsed it, split into what the events record. */
export function toProfileAndPayout(input: Omit<BusinessProfileInput, 'phone'>): {
  profile: BusinessProfile;
  payout: Omit<PayoutAccount, 'cardcom'> & { cardcom?: PayoutAccount['cardcom'] };
} {
  return {
    profile: {
      fullName: input.fullName,
      businessName: input.businessName,
      email: input.email,
      idNumber: input.idNumber,
      receiptPhone: input.receiptPhone ?? null,
    },
    payout: {
      bankName: input.bankName,
      branch: input.branch,
      accountNumber: input.accountNumber,
      beneficiaryName: input.beneficiaryName,
      // Absent from the form: the decider keeps the stored Cardcom settings.
      ...(input.cardcomEnabled === undefined
        ? {}
        : {
            cardcom: {
              enabled: input.cardcomEnabled,
              terminalNumber: input.cardcomTerminalNumber ?? null,
              apiName: input.cardcomApiName ?? null,
            },
          }),
    },
  };
}

/**
 * The business as its owner sees it, shaped by the contract schema: a read-model column that the schema does not
 * name (the Cardcom API name, the stream version) never leaves the server, even if someone adds it to the row.
 */
export function toOwnerBusiness(row: Business): OwnerBusiness {
  return ownerBusinessSchema.parse({
    phone: row.phone,
    fullName: row.fullName,
    businessName: row.businessName,
    email: row.email,
    idNumber: row.idNumber,
    bankName: row.bankName,
    branch: row.branch,
    accountNumber: row.accountNumber,
    beneficiaryName: row.beneficiaryName,
    receiptPhone: row.receiptPhone ?? null,
    street: row.street ?? null,
    city: row.city ?? null,
    logo: row.logo ?? null,
    departmentId: row.departmentId,
    isActive: row.isActive,
    cardcomEnabled: row.cardcomEnabled,
    cardcomTerminalNumber: row.cardcomTerminalNumber ?? null,
    cardcomApiPasswordSet: row.cardcomApiPasswordSet ?? false,
    createdAt: row.createdAt.toISOString(),
  });
}
