import { describe, expect, it } from 'vitest';
import { zodIssuesToFields } from '../validation.js';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  contactFormSchema,
  contactMessagesHe,
  isHoneypotFilled,
} from './contact.schemas.js';

const valid = { name: ' דנה כהן ', email: ' dana@example.co.il ', message: '  שלום, אשמח לשמוע עוד על השירות.  ' };

const fieldsOf = (value: unknown) => {
  const result = contactFormSchema.safeParse(value);
  return result.success ? {} : zodIssuesToFields(result.error);
};

describe('the contact form schema', () => {
  it('accepts a valid message and trims every field', () => {
    expect(contactFormSchema.parse(valid)).toEqual({
      name: 'דנה כהן',
      email: 'dana@example.co.il',
      message: 'שלום, אשמח לשמוע עוד על השירות.',
    });
  });

  it('keeps the limits of the issue: name 2-100, message 10-2,000', () => {
    expect(CONTACT_LIMITS).toMatchObject({ nameMin: 2, nameMax: 100, messageMin: 10, messageMax: 2000 });
  });

  it.each([
    ['name', '', contactMessagesHe.nameRequired],
    ['name', '   ', contactMessagesHe.nameRequired],
    ['name', 'ד', contactMessagesHe.nameTooShort],
    ['name', 'א'.repeat(101), contactMessagesHe.nameTooLong],
    ['email', '', contactMessagesHe.invalidEmail],
    ['email', 'dana@', contactMessagesHe.invalidEmail],
    ['email', 'dana example.co.il', contactMessagesHe.invalidEmail],
    ['email', `${'a'.repeat(250)}@x.co.il`, contactMessagesHe.invalidEmail],
    ['message', '', contactMessagesHe.messageRequired],
    ['message', 'קצר מדי', contactMessagesHe.messageTooShort],
    ['message', 'א'.repeat(2001), contactMessagesHe.messageTooLong],
  ])('refuses %s = %j with a Hebrew message', (field, value, message) => {
    expect(fieldsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts the edges: a 2-letter name, a 100-letter name, a 10- and a 2,000-character message', () => {
    expect(fieldsOf({ ...valid, name: 'דן' })).toEqual({});
    expect(fieldsOf({ ...valid, name: 'א'.repeat(100) })).toEqual({});
    expect(fieldsOf({ ...valid, message: 'א'.repeat(10) })).toEqual({});
    expect(fieldsOf({ ...valid, message: 'א'.repeat(2000) })).toEqual({});
  });

  it('reports every missing field at once, in Hebrew', () => {
    expect(fieldsOf({})).toEqual({
      name: contactMessagesHe.nameRequired,
      email: contactMessagesHe.invalidEmail,
      message: contactMessagesHe.messageRequired,
    });
    expect(Object.values(fieldsOf({})).every((text) => /[\u0590-\u05FF]/.test(text))).toBe(true);
  });

  it('drops unknown fields, the honeypot included', () => {
    expect(contactFormSchema.parse({ ...valid, [CONTACT_HONEYPOT_FIELD]: 'x', admin: true })).not.toHaveProperty(
      CONTACT_HONEYPOT_FIELD,
    );
  });
});

describe('the honeypot', () => {
  it('is the field named website', () => {
    expect(CONTACT_HONEYPOT_FIELD).toBe('website');
  });

  it.each([
    [{ website: 'https://spam.example' }, true],
    [{ website: 'x' }, true],
    [{ website: 1 }, true],
    [{ website: ['x'] }, true],
    [{ website: '' }, false],
    [{ website: '   ' }, false],
    [{ website: null }, false],
    [{}, false],
    [null, false],
    ['website', false],
  ])('%j is filled: %s', (body, filled) => {
    expect(isHoneypotFilled(body)).toBe(filled);
  });
});
