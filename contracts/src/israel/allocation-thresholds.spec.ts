import { describe, expect, it } from 'vitest';
import { israelDateOf } from '../months.js';
import { ALLOCATION_THRESHOLDS, allocationNumberRequired, allocationThresholdOn } from './allocation-thresholds.js';

const BUSINESS = { taxId: '512345679' };
// ₪7,000 before VAT and its 18% VAT.
const SEVEN_THOUSAND = { beforeVatAgorot: 700_000, vatAgorot: 126_000 };

describe('allocationThresholdOn', () => {
  it.each([
    ['2024-05-04', null],
    ['2024-05-05', 2_500_000],
    ['2024-12-31', 2_500_000],
    ['2025-01-01', 2_000_000],
    ['2025-12-31', 2_000_000],
    ['2026-01-01', 1_000_000],
    ['2026-05-31', 1_000_000],
    ['2026-06-01', 500_000],
    ['2031-01-01', 500_000],
  ])('on %s is %s agorot', (date, threshold) => {
    expect(allocationThresholdOn(date)).toBe(threshold);
  });

  it('keeps its steps as data, oldest first, each lower than the one before', () => {
    const dates = ALLOCATION_THRESHOLDS.map((threshold) => threshold.from);
    expect([...dates].sort()).toEqual(dates);
    for (let index = 1; index < ALLOCATION_THRESHOLDS.length; index += 1) {
      expect(ALLOCATION_THRESHOLDS[index]!.aboveAgorot).toBeLessThan(ALLOCATION_THRESHOLDS[index - 1]!.aboveAgorot);
    }
  });

  it.each(['2026-6-1', '2026-02-30', '01/06/2026', '', '2026-06-01T00:00:00Z'])('refuses %j', (date) => {
    expect(() => allocationThresholdOn(date)).toThrow(RangeError);
  });
});

describe('allocationNumberRequired', () => {
  it('an invoice of May 2026 at ₪7,000 before VAT needs none; of June 2026 it does, when the business asked', () => {
    expect(allocationNumberRequired({ issuedOn: '2026-05-31', ...SEVEN_THOUSAND, buyer: BUSINESS })).toBe(false);
    expect(allocationNumberRequired({ issuedOn: '2026-06-01', ...SEVEN_THOUSAND, buyer: BUSINESS })).toBe(true);
  });

  it('judges the document by its Israel date: 23:30 UTC on 31 May is already 1 June in Israel', () => {
    const issuedOn = israelDateOf('2026-05-31T23:30:00.000Z');
    expect(issuedOn).toBe('2026-06-01');
    expect(allocationNumberRequired({ issuedOn, ...SEVEN_THOUSAND, buyer: BUSINESS })).toBe(true);
  });

  it.each([
    ['2024-05-05', 2_500_000],
    ['2025-01-01', 2_000_000],
    ['2026-01-01', 1_000_000],
    ['2026-06-01', 500_000],
  ])('on %s: exactly the threshold (%s agorot) is not above it; one agora more is', (issuedOn, threshold) => {
    const vatAgorot = Math.round(threshold * 0.18);
    expect(allocationNumberRequired({ issuedOn, beforeVatAgorot: threshold, vatAgorot, buyer: BUSINESS })).toBe(false);
    expect(allocationNumberRequired({ issuedOn, beforeVatAgorot: threshold + 1, vatAgorot, buyer: BUSINESS })).toBe(
      true,
    );
  });

  it('needs none before allocation numbers began, whatever the amount', () => {
    expect(
      allocationNumberRequired({ issuedOn: '2024-05-04', beforeVatAgorot: 9_000_000, vatAgorot: 1, buyer: BUSINESS }),
    ).toBe(false);
  });

  it('a private diner’s document never needs one', () => {
    expect(
      allocationNumberRequired({ issuedOn: '2026-06-01', beforeVatAgorot: 9_000_000, vatAgorot: 1, buyer: null }),
    ).toBe(false);
  });

  it('a document that charges no VAT needs none', () => {
    expect(
      allocationNumberRequired({ issuedOn: '2026-06-01', beforeVatAgorot: 9_000_000, vatAgorot: 0, buyer: BUSINESS }),
    ).toBe(false);
  });

  it('a buyer whose number is no ח.פ. or עוסק מורשה is not a VAT-registered business', () => {
    const buyer = { taxId: '512345670' };
    expect(allocationNumberRequired({ issuedOn: '2026-06-01', ...SEVEN_THOUSAND, buyer })).toBe(false);
    // An עוסק מורשה: a nine-digit ID number.
    expect(allocationNumberRequired({ issuedOn: '2026-06-01', ...SEVEN_THOUSAND, buyer: { taxId: '123456782' } })).toBe(
      true,
    );
  });
});
