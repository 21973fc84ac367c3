import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.js';
import {
  GENERIC_ERROR_HE,
  errorMessagesHe,
  httpErrorText,
  messageFor,
  serverErrorHe,
  uiMessagesHe,
  validationMessagesHe,
} from './messages.he.js';

const HEBREW_LETTER = /[\u05d0-\u05ea]/;

describe('Hebrew message catalogue', () => {
  it('has a Hebrew message for every error code', () => {
    expect(Object.keys(errorMessagesHe).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(errorMessagesHe[code]).toMatch(HEBREW_LETTER);
  });

  it('uses the spec text for DATABASE_UNAVAILABLE', () => {
    expect(messageFor('DATABASE_UNAVAILABLE')).toBe('שירות מסד הנתונים אינו זמין כרגע, נסו שוב בעוד מספר דקות');
  });

  it('falls back to a generic Hebrew error for unknown or missing codes', () => {
    expect(messageFor('something.new')).toBe(GENERIC_ERROR_HE);
    expect(messageFor('constructor')).toBe(GENERIC_ERROR_HE);
    expect(messageFor(undefined)).toBe(GENERIC_ERROR_HE);
    expect(messageFor(null)).toBe(GENERIC_ERROR_HE);
    expect(GENERIC_ERROR_HE).toMatch(HEBREW_LETTER);
  });

  it('gives different codes their own text', () => {
    expect(messageFor('otp.invalid')).not.toBe(messageFor('otp.expired'));
    expect(new Set(Object.values(errorMessagesHe)).size).toBe(ERROR_CODES.length);
  });

  it('writes every validation and interface message in Hebrew, with no stray whitespace', () => {
    for (const text of [...Object.values(validationMessagesHe), ...Object.values(uiMessagesHe)]) {
      expect(text).toMatch(HEBREW_LETTER);
      expect(text).toBe(text.trim());
    }
  });

  it('keeps the code-format message bilingual', () => {
    expect(validationMessagesHe.codeFormat).toContain('Code must be 4 or 6 digits');
    expect(validationMessagesHe.codeFormat).toMatch(HEBREW_LETTER);
  });

  it.each([
    ['cartEmpty', 'העגלה ריקה'],
    ['invalidEmail', 'אימייל'],
    ['phoneIsAccountId', 'המזהה הייחודי'],
    ['invalidImageFile', 'קובץ תמונה'],
  ] as const)('%s says what the spec asks', (key, fragment) => {
    expect(validationMessagesHe[key]).toContain(fragment);
  });

  it('formats the status messages', () => {
    expect(serverErrorHe(502)).toBe('שגיאת שרת (502)');
    expect(httpErrorText(404, 'Not Found')).toBe('HTTP 404: Not Found');
  });
});
