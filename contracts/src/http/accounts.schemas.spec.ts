import { describe, expect, it } from 'vitest';
import { isIsraeliLocality, israeliLocalities } from '../israel/localities.js';
import {
  businessAddressSchema,
  paymentOptionsSchema,
  businessProfileSchema,
  cardcomApiPasswordSchema,
  PHONE_CANNOT_CHANGE_HE,
  registerBusinessSchema,
  sendOtpSchema,
  verifyOtpSchema,
  dinerLanguagesRequestSchema,
} from './accounts.schemas.js';
import { zodIssuesToFields } from '../validation.js';

const valid = {
  fullName: '  דנה כהן ',
  businessName: 'קפה דנה',
  email: ' Dana@Example.CO.IL ',
  idNumber: '515678902',
  phone: '054-765-4321',
  bankName: '12',
  branch: '600',
  accountNumber: '123456',
  beneficiaryName: 'דנה כהן',
  street: ' הרצל 12 ',
  city: 'תל  אביב-יפו',
};

const fieldsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : zodIssuesToFields(result.error as never);

describe('registration', () => {
  it('normalises a valid registration: trimmed text, lower-case e-mail, E.164 phone, Cardcom off', () => {
    expect(registerBusinessSchema.parse(valid)).toEqual({
      ...valid,
      fullName: 'דנה כהן',
      email: 'dana@example.co.il',
      phone: '+972547654321',
      street: 'הרצל 12',
      city: 'תל אביב-יפו',
      cardcomEnabled: false,
    });
  });

  it.each([
    ['fullName', 'ד', 'נא להזין שם מלא'],
    ['email', 'not-an-email', 'כתובת האימייל אינה תקינה'],
    ['idNumber', '123456789', 'מספר תעודת הזהות או ח.פ. אינו תקין'],
    ['phone', '0501234567', 'נא להזין מספר טלפון נייד תקין, הוא המזהה הייחודי של החשבון'],
    ['phone', '05476a4321', 'מספר הטלפון יכול להכיל ספרות בלבד'],
    ['bankName', '99', 'נא לבחור בנק'],
    ['branch', '1234', 'נא להזין מספר סניף'],
    ['accountNumber', '1234567890', 'נא להזין מספר חשבון'],
    ['beneficiaryName', ' ', 'נא להזין את שם המוטב'],
    ['street', ' ', 'נא להזין רחוב ומספר בית'],
    ['city', 'Tel Aviv', 'נא לבחור יישוב מהרשימה'],
    ['city', '', 'נא לבחור יישוב מהרשימה'],
  ])('refuses a bad %s with its Hebrew message', (field, value, message) => {
    expect(fieldsOf(registerBusinessSchema.safeParse({ ...valid, [field]: value }))[field]).toBe(message);
  });

  it('requires the terminal number and API name when Cardcom is enabled', () => {
    const fields = fieldsOf(registerBusinessSchema.safeParse({ ...valid, cardcomEnabled: true }));
    expect(Object.keys(fields).sort()).toEqual(['cardcomApiName', 'cardcomTerminalNumber']);
    expect(
      registerBusinessSchema.safeParse({
        ...valid,
        cardcomEnabled: true,
        cardcomTerminalNumber: '1000',
        cardcomApiName: 'test2025',
      }).success,
    ).toBe(true);
  });
});

describe('the receipt phone', () => {
  it('is optional, empty means none, and a bad number gets the Hebrew message', () => {
    expect(registerBusinessSchema.parse({ ...valid, receiptPhone: '' }).receiptPhone).toBeUndefined();
    expect(registerBusinessSchema.parse({ ...valid, receiptPhone: '052-345-6789' }).receiptPhone).toBe('+972523456789');
    expect(fieldsOf(registerBusinessSchema.safeParse({ ...valid, receiptPhone: '12345' })).receiptPhone).toBe(
      'מספר הטלפון הנייד אינו תקין',
    );
  });
});

describe('profile', () => {
  it('refuses a phone in the body with a clear message', () => {
    const { phone: _phone, ...profile } = valid;
    expect(businessProfileSchema.safeParse(profile).success).toBe(true);
    expect(fieldsOf(businessProfileSchema.safeParse({ ...profile, phone: '0547654321' })).phone).toBe(
      PHONE_CANNOT_CHANGE_HE,
    );
  });
});

describe('one-time codes', () => {
  it('accepts 4 or 6 digits and nothing else', () => {
    expect(verifyOtpSchema.safeParse({ phone: '0547654321', code: '123456' }).success).toBe(true);
    expect(verifyOtpSchema.safeParse({ phone: '0547654321', code: '1234' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12a456']) {
      expect(fieldsOf(verifyOtpSchema.safeParse({ phone: '0547654321', code })).code).toMatch(/4 or 6 digits/);
    }
    expect(sendOtpSchema.parse({ phone: '+972 54 765 4321' })).toEqual({ phone: '+972547654321' });
  });
});

describe('dinerLanguagesRequestSchema', () => {
  it('takes the languages besides Hebrew, each once, and none at all', () => {
    expect(dinerLanguagesRequestSchema.parse({ languages: ['ru', 'ar'] })).toEqual({ languages: ['ru', 'ar'] });
    expect(dinerLanguagesRequestSchema.parse({ languages: [] })).toEqual({ languages: [] });
  });

  it('refuses Hebrew (always offered), an unknown language, one twice, and a missing list, in Hebrew', () => {
    for (const body of [{ languages: ['he'] }, { languages: ['fr'] }, { languages: ['en', 'en'] }, {}]) {
      const result = dinerLanguagesRequestSchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/[\u0590-\u05ff]/);
    }
  });
});

describe("the business's address and its terminal's password (issue 17)", () => {
  it('takes a street and a city from the CBS list of localities, alone (settings) as in registration', () => {
    expect(businessAddressSchema.parse({ street: 'יפו 3', city: 'ירושלים' })).toEqual({
      street: 'יפו 3',
      city: 'ירושלים',
    });
    expect(fieldsOf(businessAddressSchema.safeParse({ street: 'יפו 3' }))).toEqual({
      city: 'נא לבחור יישוב מהרשימה',
    });
    expect(
      fieldsOf(businessAddressSchema.safeParse({ street: 'א'.repeat(101), city: 'ירושלים' })).street,
    ).toBeDefined();
  });

  it('the list holds the CBS localities by their Hebrew names, once each', () => {
    const names = israeliLocalities();
    expect(names.length).toBeGreaterThan(1200);
    expect(new Set(names).size).toBe(names.length);
    for (const city of ['ירושלים', 'תל אביב-יפו', 'חיפה', 'באר שבע', 'זכרון יעקב', 'אום אל-פחם']) {
      expect(isIsraeliLocality(city)).toBe(true);
    }
    expect(isIsraeliLocality('Haifa')).toBe(false);
  });

  it('a password is required text up to 100 characters, or null to remove it', () => {
    expect(cardcomApiPasswordSchema.parse({ apiPassword: ' s3cret ' })).toEqual({ apiPassword: 's3cret' });
    expect(cardcomApiPasswordSchema.parse({ apiPassword: null })).toEqual({ apiPassword: null });
    expect(fieldsOf(cardcomApiPasswordSchema.safeParse({ apiPassword: '' })).apiPassword).toBe(
      'נא להזין את סיסמת ה-API של מסוף קארדקום',
    );
    expect(cardcomApiPasswordSchema.safeParse({}).success).toBe(false);
  });
});

describe('payment options (issue 17)', () => {
  it('takes the three switches and nothing else', () => {
    const options = { tipsEnabled: true, bitEnabled: false, googlePayEnabled: true };
    expect(paymentOptionsSchema.parse(options)).toEqual(options);
    expect(paymentOptionsSchema.safeParse({ ...options, applePayEnabled: true }).success).toBe(false);
    expect(
      paymentOptionsSchema.safeParse({ tipsEnabled: 'yes', bitEnabled: false, googlePayEnabled: false }).success,
    ).toBe(false);
  });
});
