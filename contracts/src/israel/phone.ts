// Israeli mobile numbers, by libphonenumber's full ("max") metadata, the one that can tell a mobile number from a
// landline, cut to Israel (phone-metadata.ts): a number of another country is no Israeli mobile whatever it is.
import { type MetadataJson, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { israelPhoneMetadata } from './phone-metadata.js';

const metadata = israelPhoneMetadata as unknown as MetadataJson;

// Digits with the separators people type; the library alone would also pull a number out of surrounding prose.
const PHONE_TEXT = /^\+?[\d\s\-().]+$/;

function parseIsraeliMobile(text: string): PhoneNumber | null {
  const trimmed = text.trim();
  if (!PHONE_TEXT.test(trimmed)) return null;
  const phone = parsePhoneNumberFromString(trimmed, 'IL', metadata);
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
