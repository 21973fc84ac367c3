/** Events of the `business-{phone}` stream (schema version 1). Plain data: dates as ISO strings. */
export interface BusinessRegistered {
  type: 'BusinessRegistered';
  data: {
    phone: string;
    fullName: string;
    businessName: string;
    email: string;
    idNumber: string;
    bankName: string;
    branch: string;
    accountNumber: string;
    beneficiaryName: string;
    departmentId: string;
    receiptPhone: string | null;
    cardcom: { enabled: boolean; terminalNumber: string | null; apiName: string | null };
    registeredAt: string;
  };
}

export type BusinessEvent = BusinessRegistered;

export const BUSINESS_EVENT_TYPES = ['BusinessRegistered'] as const satisfies readonly BusinessEvent['type'][];

export const businessStreamId = (phone: string): string => `business-${phone}`;
