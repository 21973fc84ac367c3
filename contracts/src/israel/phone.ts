// The only module that loads libphonenumber's full ("max") metadata, about 150 KB: it is the one that can tell a
// mobile number from a landline. Import it through '@tafrit/contracts/israel/phone' where it is needed, so bundles
// that only need money or months stay small.
import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';

// Digits with the separators people type; the library alone would also pull a number out of surrounding prose.
const PHONE_TEXT = /^\+?[\d\s\-().]+$/;

function parseIsraeliMobile(text: string): PhoneNumber | null {
  const trimmed = text.trim();
  if (!PHONE_TEXT.test(trimmed)) return null;
  const phone = parsePhoneNumberFromString(trimmed, 'IL');
  if (!phone || phone.country !== 'IL' || !phone.isValid() || phone.getType() !== 'MOBILE') return null;
  return phone;
}

/** A valid Israeli mobile number per the metadata (05X plus 7 digits, in ranges actually allocated). */
export function isIsraeliMobile(text: string): boolean {
  return parseIsraeliMobile(text) !== null;
}

/** '054-765-4321' -> '+972547654321', the form phones are stored and keyed in; null when not an Israeli mobile. */
export function toE164(text: string): string | null {
  return parseIsraeliMobile(text)?.number ?? null;
}

/** '+972547654321' -> '054-7654321', the way Israelis write a mobile number; null when not an Israeli mobile. */
export function formatIsraeliMobile(text: string): string | null {
  const phone = parseIsraeliMobile(text);
  if (!phone) return null;
  const national = phone.nationalNumber;
  return `0${national.slice(0, 2)}-${national.slice(2)}`;
}
