// Israeli bank codes for payout details (ISRAEL-NOTES.md). Branch and account check digits are per bank (Masav's
// bdikat_hukiot_heshbon) and not checked here yet.
export const ISRAELI_BANKS = [
  { code: '04', name: 'בנק יהב' },
  { code: '09', name: 'בנק הדואר' },
  { code: '10', name: 'בנק לאומי' },
  { code: '11', name: 'בנק דיסקונט' },
  { code: '12', name: 'בנק הפועלים' },
  { code: '13', name: 'בנק אגוד' },
  { code: '14', name: 'בנק אוצר החייל' },
  { code: '17', name: 'בנק מרכנתיל דיסקונט' },
  { code: '18', name: 'וואן זירו הבנק הדיגיטלי' },
  { code: '20', name: 'בנק מזרחי טפחות' },
  { code: '22', name: 'סיטיבנק' },
  { code: '23', name: 'HSBC' },
  { code: '31', name: 'הבנק הבינלאומי הראשון' },
  { code: '34', name: 'בנק ערבי ישראלי' },
  { code: '46', name: 'בנק מסד' },
  { code: '52', name: 'בנק פועלי אגודת ישראל' },
  { code: '54', name: 'בנק ירושלים' },
] as const;

export type BankCode = (typeof ISRAELI_BANKS)[number]['code'];

const namesByCode: ReadonlyMap<string, string> = new Map(ISRAELI_BANKS.map((bank) => [bank.code, bank.name]));

/** Exactly two digits as the list writes them: '04', not '4', so a stored code has one spelling. */
export function isBankCode(value: unknown): value is BankCode {
  return typeof value === 'string' && namesByCode.has(value);
}

/** The Hebrew name of a bank, or undefined for a code not on the list. */
export function bankName(code: string): string | undefined {
  return namesByCode.get(code);
}
