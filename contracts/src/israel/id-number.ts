// Israeli identity (teudat zehut) and company (ח.פ.) numbers share one check digit: pad to 9 digits, multiply by
// 1,2,1,2,..., take the digit sum of each product (subtract 9 when above 9), and the sum must divide by 10.

// People type these with spaces or dashes (e.g. 12345678-2); nothing else is tolerated.
function digitsOf(text: string): string | null {
  const trimmed = text.trim();
  return /^\d+(?:[\s-]\d+)*$/.test(trimmed) ? trimmed.replace(/[\s-]/g, '') : null;
}

function passesCheckDigit(nineDigits: string): boolean {
  let sum = 0;
  for (let index = 0; index < 9; index += 1) {
    const product = Number(nineDigits[index]) * ((index % 2) + 1);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}

/** A teudat zehut number; shorter numbers are padded with leading zeros, as older IDs are printed without them. */
export function isValidIsraeliId(text: string): boolean {
  const digits = digitsOf(text);
  if (digits === null || digits.length > 9) return false;
  // All zeros passes the arithmetic but is never issued.
  if (/^0+$/.test(digits)) return false;
  return passesCheckDigit(digits.padStart(9, '0'));
}

/** A company or association number: exactly 9 digits starting with 5 (51..., 52..., 58... for non-profits). */
export function isValidCompanyNumber(text: string): boolean {
  const digits = digitsOf(text);
  return digits !== null && /^5\d{8}$/.test(digits) && passesCheckDigit(digits);
}

/** What registration's idNumber accepts: an owner registers with either. */
export function isValidIdOrCompanyNumber(text: string): boolean {
  return isValidIsraeliId(text) || isValidCompanyNumber(text);
}

/**
 * A dealer's number as a tax invoice names its buyer (issue 32): a company number (ח.פ., 5...) or an עוסק מורשה's, which
 * is the owner's ID number. Both are printed with all nine digits, so a shorter number is refused here rather than
 * padded. Spaces and dashes as people type them are dropped; null: not such a number.
 */
export function taxIdDigits(text: string): string | null {
  const digits = digitsOf(text);
  return digits !== null && digits.length === 9 && isValidIdOrCompanyNumber(digits) ? digits : null;
}

/** Whether `text` is a buyer's ח.פ. or עוסק מורשה number (see taxIdDigits). */
export function isValidTaxId(text: string): boolean {
  return taxIdDigits(text) !== null;
}
