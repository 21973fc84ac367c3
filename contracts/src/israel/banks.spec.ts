import { describe, expect, it } from 'vitest';
import { ISRAELI_BANKS, bankName, isBankCode } from './banks.js';

describe('Israeli banks', () => {
  it('lists exactly the banks of ISRAEL-NOTES.md', () => {
    expect(ISRAELI_BANKS.map((bank) => bank.code)).toEqual([
      '04',
      '09',
      '10',
      '11',
      '12',
      '13',
      '14',
      '17',
      '18',
      '20',
      '22',
      '23',
      '31',
      '34',
      '46',
      '52',
      '54',
    ]);
  });

  it('names every bank in Hebrew (HSBC keeps its Latin name)', () => {
    for (const bank of ISRAELI_BANKS) {
      if (bank.code === '23') expect(bank.name).toBe('HSBC');
      else expect(bank.name).toMatch(/^[\u05d0-\u05ea ]+$/);
    }
  });

  it.each([
    ['12', 'בנק הפועלים'],
    ['10', 'בנק לאומי'],
    ['20', 'בנק מזרחי טפחות'],
    ['31', 'הבנק הבינלאומי הראשון'],
    ['04', 'בנק יהב'],
  ])('bank %s is %s', (code, name) => {
    expect(isBankCode(code)).toBe(true);
    expect(bankName(code)).toBe(name);
  });

  it.each(['4', '004', '99', '00', '', ' 12', 12, null])('refuses %j as a bank code', (value) => {
    expect(isBankCode(value)).toBe(false);
  });

  it('has no name for an unknown code', () => {
    expect(bankName('99')).toBeUndefined();
    expect(bankName('toString')).toBeUndefined();
  });
});
