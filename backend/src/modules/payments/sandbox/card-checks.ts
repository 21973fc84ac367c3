// The sandbox card form's checks, as a real payment page makes them before it asks the card network.

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "12/30", "12/2030" or "1230": valid through the end of that month. */
export function parseExpiry(text: string, now: Date): { month: number; year: number } | 'invalid' | 'expired' {
  const match = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return 'invalid';
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'invalid';
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth <= now.getTime() ? 'expired' : { month, year };
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Isracard';
}

/** The sandbox's test cards: one that pays and one that the "bank" declines. Anything else is declined too. */
export const SANDBOX_CARDS = { approved: '4580000000000000', declined: '4000000000000002' } as const;
