import type { PlatformInvoiceEvent } from '@tafrit/contracts';
import {
  includedVat,
  type PlatformInvoiceCommand,
  platformInvoiceDecider,
  PlatformAllocationStillWaiting,
  PlatformInvoiceMonthNotEnded,
} from '../../src/modules/commissions/domain/platform-invoice.decider.js';
import { deciderSpec } from '../support/decider-spec.js';

const { given } = deciderSpec(platformInvoiceDecider);

const facts = {
  businessPhone: '+972521234567',
  businessName: 'קפה תמר',
  month: '2026-10',
  issuer: { name: 'תפריט בע"מ', dealerNumber: '515151515', address: 'הרצל 1, תל אביב' },
  vatRatePercent: 18,
  // November 1st, 00:30 in Israel: October has ended.
  issuedAt: '2026-10-31T22:30:00.000Z',
};
const issue = (
  commissionAgorot: number,
  invoiceNumber = 7,
): Extract<PlatformInvoiceCommand, { type: 'IssuePlatformInvoice' }> => ({
  type: 'IssuePlatformInvoice',
  facts,
  commissionAgorot,
  invoiceNumber,
});
const credit = (commissionAgorot: number, creditNumber = 3, at = facts.issuedAt): PlatformInvoiceCommand => ({
  type: 'CreditPlatformInvoice',
  facts: { ...facts, issuedAt: at },
  commissionAgorot,
  creditNumber,
});
// ₪59.00 of commission, VAT included: 59.00 * 18 / 118 = 9.00 of VAT.
const issued: PlatformInvoiceEvent = {
  type: 'PlatformInvoiceIssued',
  data: { ...facts, totalAgorot: 5_900, beforeVatAgorot: 5_000, vatAgorot: 900, invoiceNumber: 7 },
};

describe('the platform’s monthly commission invoice', () => {
  it('is issued for the month’s commission, the VAT included in it shown apart', () =>
    given([]).when(issue(5_900)).then([issued]));

  it('is issued once: asking again decides nothing (the sweep and the admin may both ask)', () =>
    given([issued]).when(issue(6_100, 8)).then([]));

  it('is not issued before the month ended in Israel (23:30 on the 31st is still October)', () =>
    given([])
      .when({ ...issue(5_900), facts: { ...facts, issuedAt: '2026-10-31T21:30:00.000Z' } })
      .thenThrows(PlatformInvoiceMonthNotEnded));

  it('is not issued for a month whose commission was all refunded', () => given([]).when(issue(0)).then([]));

  it('rounds the included VAT half up, as the specification says: round(c * vat / (100 + vat))', () => {
    // 1 agora of VAT in 7 agorot: 7 * 18 / 118 = 1.07; 59 agorot: exactly 9.00; 413 * 18 / 118 = 63.0 -> 63.
    expect([7, 59, 413, 100].map((total) => includedVat(total, 18))).toEqual([1, 9, 63, 15]);
    // Exactly half an agora rounds up: 59 * 1 / 118 = 0.5.
    expect(includedVat(59, 18 - 17)).toBe(1);
  });
});

describe('a credit document after the invoice', () => {
  it('credits what a later refund lowered the commission by, at the invoice’s rate', () =>
    given([issued])
      .when(credit(4_720))
      .then([
        {
          type: 'PlatformCreditIssued',
          data: {
            ...facts,
            totalAgorot: 1_180,
            beforeVatAgorot: 1_000,
            vatAgorot: 180,
            vatRatePercent: 18,
            creditNumber: 3,
            invoiceNumber: 7,
          },
        },
      ]));

  it('credits each further refund only for its own part', () =>
    given([
      issued,
      {
        type: 'PlatformCreditIssued',
        data: {
          ...facts,
          totalAgorot: 1_180,
          beforeVatAgorot: 1_000,
          vatAgorot: 180,
          creditNumber: 3,
          invoiceNumber: 7,
        },
      },
    ])
      .when(credit(4_000, 4))
      .then([
        {
          type: 'PlatformCreditIssued',
          data: {
            ...facts,
            totalAgorot: 720,
            beforeVatAgorot: 610,
            vatAgorot: 110,
            vatRatePercent: 18,
            creditNumber: 4,
            invoiceNumber: 7,
          },
        },
      ]));

  it('is nothing when the commission did not go down', () => given([issued]).when(credit(5_900)).then([]));

  it('is nothing before the invoice: the invoice itself will be on what was kept', () =>
    given([]).when(credit(100)).then([]));
});

describe('the platform invoice that needs an allocation number (decision 049)', () => {
  // A commission of ₪6,962 with VAT: ₪5,900 before it, above the ₪5,000 threshold.
  const big = { ...issue(696_200), allocationFor: '512345679' };
  const awaiting: PlatformInvoiceEvent = {
    type: 'PlatformInvoiceAwaitingAllocation',
    data: {
      ...facts,
      totalAgorot: 696_200,
      beforeVatAgorot: 590_000,
      vatAgorot: 106_200,
      invoiceNumber: 7,
      buyerTaxId: '512345679',
      issueWithoutBy: '2026-10-31T22:45:00.000Z',
    },
  };
  const document = { ...facts, totalAgorot: 696_200, beforeVatAgorot: 590_000, vatAgorot: 106_200, invoiceNumber: 7 };
  const refused: PlatformInvoiceEvent = {
    type: 'PlatformAllocationRefused',
    data: {
      businessPhone: facts.businessPhone,
      month: facts.month,
      code: '460',
      reason: '460: not approved',
      options: ['cancel', 'issue_without_number'],
      refusedAt: '2026-10-31T22:31:00.000Z',
    },
  };
  const number = {
    number: '123456789',
    source: 'tax_authority' as const,
    confirmationNumber: '2026103112345678123456789',
  };

  it('is decided and numbered, and waits', () => given([]).when(big).then([awaiting]));

  it('is not decided twice while it waits', () => given([awaiting]).when(big).then([]));

  it('is issued as decided with the number that came, and only once', () => {
    given([awaiting])
      .when({ type: 'IssueAllocatedPlatformInvoice', now: '2026-10-31T22:31:00.000Z', allocation: number })
      .then([{ type: 'PlatformInvoiceIssued', data: { ...document, allocation: number } }]);
    given([awaiting, { type: 'PlatformInvoiceIssued', data: { ...document, allocation: number } }])
      .when({ type: 'IssueAllocatedPlatformInvoice', now: '2026-10-31T22:32:00.000Z', allocation: number })
      .then([]);
  });

  it('goes out without a number at the end of the wait, not before', () => {
    const without = { why: 'no_answer' as const, cause: 'server' };
    given([awaiting])
      .when({ type: 'IssuePlatformInvoiceWithoutAllocation', now: '2026-10-31T22:40:00.000Z', without })
      .thenThrows(PlatformAllocationStillWaiting);
    given([awaiting])
      .when({ type: 'IssuePlatformInvoiceWithoutAllocation', now: '2026-10-31T22:45:00.000Z', without })
      .then([{ type: 'PlatformInvoiceIssued', data: { ...document, withoutAllocation: without } }]);
  });

  it('after a refusal waits for the administrator, whose choice issues it without a number', () => {
    given([awaiting])
      .when({
        type: 'RecordPlatformAllocationRefusal',
        now: '2026-10-31T22:31:00.000Z',
        code: '460',
        reason: '460: not approved',
      })
      .then([refused]);
    given([awaiting, refused])
      .when({
        type: 'IssuePlatformInvoiceWithoutAllocation',
        now: '2026-10-31T23:00:00.000Z',
        without: { why: 'no_answer' },
      })
      .then([]);
    const chosen = { why: 'refused' as const, choice: 'issue_without_number' as const };
    given([awaiting, refused])
      .when({ type: 'IssuePlatformInvoiceWithoutAllocation', now: '2026-10-31T23:00:00.000Z', without: chosen })
      .then([{ type: 'PlatformInvoiceIssued', data: { ...document, withoutAllocation: chosen } }]);
  });

  it('takes no credit before it is issued', () => given([awaiting]).when(credit(100)).then([]));
});
