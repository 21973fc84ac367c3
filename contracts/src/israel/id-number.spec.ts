import { describe, expect, it } from 'vitest';
import {
  isValidCompanyNumber,
  isValidIdOrCompanyNumber,
  isValidIsraeliId,
  isValidTaxId,
  taxIdDigits,
} from './id-number.js';

// Check digits worked out by hand with the 1,2,1,2... rule, e.g. 123456782:
// 1 4 3 8 5 (12->3) 7 (16->7) 2 = 40.
describe('isValidIsraeliId', () => {
  it.each(['123456782', '039337423', '314159260', '000000018', '18', '99999997', '12345678-2', ' 123 456 782 '])(
    'accepts %j',
    (text) => {
      expect(isValidIsraeliId(text)).toBe(true);
    },
  );

  it.each([
    '123456789',
    '123456780',
    '039337424',
    '000000000',
    '0',
    '',
    '1234567820',
    '12345678a',
    'abcdefghi',
    '12.345678',
    '+123456782',
    '-123456782-',
  ])('refuses %j', (text) => {
    expect(isValidIsraeliId(text)).toBe(false);
  });

  it('catches every single-digit typo in a valid number', () => {
    const valid = '123456782';
    const accepted: string[] = [];
    for (let index = 0; index < 9; index += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        const typo = valid.slice(0, index) + String(digit) + valid.slice(index + 1);
        if (typo !== valid && isValidIsraeliId(typo)) accepted.push(typo);
      }
    }
    expect(accepted).toEqual([]);
  });
});

describe('isValidCompanyNumber', () => {
  it.each(['512345679', '520000001', '580001238', '516000007'])('accepts %j', (text) => {
    expect(isValidCompanyNumber(text)).toBe(true);
  });

  it.each([
    ['a personal ID number', '123456782'],
    ['a wrong check digit', '512345670'],
    ['eight digits', '51234567'],
    ['ten digits', '5123456790'],
    ['a number padded from a short one', '059'],
    ['letters', '51234567x'],
    ['nothing', ''],
  ])('refuses %s', (_label, text) => {
    expect(isValidCompanyNumber(text)).toBe(false);
  });
});

describe('isValidIdOrCompanyNumber', () => {
  it.each([
    ['123456782', true],
    ['512345679', true],
    ['123456789', false],
    ['512345670', false],
    ['', false],
  ])('%j -> %s', (text, expected) => {
    expect(isValidIdOrCompanyNumber(text)).toBe(expected);
  });
});

describe('taxIdDigits and isValidTaxId', () => {
  it.each([
    ['a company number', '512345679', '512345679'],
    ['a company number typed with dashes', '51-234567-9', '512345679'],
    ['an עוסק מורשה (a nine-digit ID number)', '123456782', '123456782'],
    ['an ID number with spaces around it', ' 123456782 ', '123456782'],
  ])('accepts %s', (_label, text, digits) => {
    expect(taxIdDigits(text)).toBe(digits);
    expect(isValidTaxId(text)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '512345670'],
    ['a short ID number (a tax invoice prints all nine digits)', '12345674'],
    ['ten digits', '5123456790'],
    ['all zeros', '000000000'],
    ['letters', '51234567x'],
    ['nothing', ''],
  ])('refuses %s', (_label, text) => {
    expect(taxIdDigits(text)).toBeNull();
    expect(isValidTaxId(text)).toBe(false);
  });
});
