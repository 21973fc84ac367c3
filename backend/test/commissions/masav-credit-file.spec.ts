import {
  MASAV_RECORD_LENGTH,
  masavCreditFile,
  masavCreditRecords,
  MasavFieldError,
  masavText,
} from '../../src/modules/commissions/masav/masav-credit-file.js';

const institution = { institutionCode: '12345678', sendingInstitution: '54321', institutionName: 'תפריט' };
const payees = [
  {
    bankCode: '12',
    branch: '600',
    accountNumber: '123456',
    idNumber: '515678902',
    name: 'דנה כהן',
    amountAgorot: 123_456,
    reference: '0521234567',
  },
  {
    bankCode: '4',
    branch: '15',
    accountNumber: '987654321',
    idNumber: '12345674',
    name: 'Cafe 2 טעמים',
    amountAgorot: 5,
    reference: '0549876543',
  },
];
const input = { institution, paymentDate: '2026-11-20', createdOn: '2026-11-02', period: '2026-10', payees };

/** Positions as the layout in masav-credit-file.ts lists them: 1-based and inclusive. */
const field = (record: string, from: number, to: number) => record.slice(from - 1, to);

describe('the Masav credit file', () => {
  it('has a K header, one 1 record per payee, a 5 totals record and the 9s end record, each 128 bytes + CRLF', () => {
    const file = masavCreditFile(input);
    const records = file.toString('latin1').split('\r\n');
    expect(records.pop()).toBe('');
    expect(records.map((record) => record[0])).toEqual(['K', '1', '1', '5', '9']);
    for (const record of records) expect(Buffer.byteLength(record, 'latin1')).toBe(MASAV_RECORD_LENGTH);
    expect(file.length).toBe(5 * (MASAV_RECORD_LENGTH + 2));
    expect(records[4]).toBe('9'.repeat(128));
  });

  it('puts every field of the header in its place', () => {
    const [header = ''] = masavCreditRecords(input);
    expect(field(header, 2, 9)).toBe('12345678');
    expect(field(header, 10, 11)).toBe('00');
    expect(field(header, 12, 17)).toBe('261120');
    expect(field(header, 19, 21)).toBe('001');
    expect(field(header, 23, 28)).toBe('261102');
    expect(field(header, 29, 33)).toBe('54321');
    expect(field(header, 40, 69)).toBe(masavText('תפריט', 30));
    expect(field(header, 126, 128)).toBe('KOT');
  });

  it('puts every field of a payment record in its place', () => {
    const [, first = '', second = ''] = masavCreditRecords(input);
    expect(field(first, 2, 9)).toBe('12345678');
    expect(field(first, 18, 19)).toBe('12');
    expect(field(first, 20, 22)).toBe('600');
    expect(field(first, 27, 35)).toBe('000123456');
    expect(field(first, 37, 45)).toBe('515678902');
    expect(field(first, 46, 61)).toBe(masavText('דנה כהן', 16));
    // 11 digits of shekels and 2 of agorot: ₪1,234.56.
    expect(field(first, 62, 72)).toBe('00000001234');
    expect(field(first, 73, 74)).toBe('56');
    expect(field(first, 75, 94)).toBe('00000000000521234567');
    expect(field(first, 95, 102)).toBe('10261026');
    expect(field(first, 106, 108)).toBe('006');
    expect(field(second, 18, 22)).toBe('04015');
    expect(field(second, 37, 45)).toBe('012345674');
    expect(field(second, 62, 74)).toBe('0000000000005');
  });

  it('totals the amounts and counts the payment records', () => {
    const records = masavCreditRecords(input);
    const totals = records[3] ?? '';
    expect(totals[0]).toBe('5');
    expect(field(totals, 2, 9)).toBe('12345678');
    expect(field(totals, 12, 17)).toBe('261120');
    expect(field(totals, 22, 36)).toBe(String(123_456 + 5).padStart(15, '0'));
    expect(field(totals, 52, 58)).toBe('0000002');
  });

  it('writes Hebrew names in CP862, in visual order, right-aligned; digits and Latin keep their order', () => {
    // א..ת are 0x80..0x9A in CP862: ד=0x83, נ=0x90, ה=0x84, כ=0x8B, ן=0x8F.
    expect(masavText('דנה כהן', 10)).toBe(`   ${String.fromCharCode(0x8f, 0x84, 0x8b, 0x20, 0x84, 0x90, 0x83)}`);
    const mixed = masavText('Cafe 2 טעמים', 16);
    expect(mixed).toHaveLength(16);
    expect(mixed.trimStart().startsWith(String.fromCharCode(0x8d))).toBe(true);
    expect(mixed.endsWith('Cafe')).toBe(true);
    expect(masavText('Latin Only', 12)).toBe('Latin Only  ');
    // A name longer than the field keeps its beginning.
    expect(masavText('אבגדהוזחטיכלמנסעפצקרשת', 4)).toBe(String.fromCharCode(0x83, 0x82, 0x81, 0x80));
  });

  it('refuses a value wider than its field instead of cutting it', () => {
    expect(() => masavCreditRecords({ ...input, payees: [{ ...payees[0]!, accountNumber: '1234567890' }] })).toThrow(
      MasavFieldError,
    );
    expect(() => masavCreditRecords({ ...input, payees: [{ ...payees[0]!, bankCode: 'לאומי' }] })).toThrow(
      MasavFieldError,
    );
  });
});
