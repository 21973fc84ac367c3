import {
  israelMonthRange,
  type MonthString,
  type PlatformInvoiceEvent,
  type PlatformInvoiceEventData,
  type PlatformIssuer,
} from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';

/**
 * The platform's commission invoice of one business and month (decision 025): none yet, or issued, with what its
 * credit documents have taken back since.
 */
export interface PlatformInvoiceState {
  invoice: PlatformInvoiceEventData['PlatformInvoiceIssued'] | null;
  creditedAgorot: number;
}

/** What every document of the stream names; the number is taken by the handler, last, in the same transaction. */
interface DocumentFacts {
  businessPhone: string;
  businessName: string;
  month: MonthString;
  issuer: PlatformIssuer;
  vatRatePercent: number;
  issuedAt: string;
}

export type PlatformInvoiceCommand =
  /** `commissionAgorot`: the month's commission on what was kept (after refunds), VAT included. */
  | { type: 'IssuePlatformInvoice'; facts: DocumentFacts; commissionAgorot: number; invoiceNumber: number }
  /** `commissionAgorot`: the month's commission now; a credit document covers what refunds have lowered it by. */
  | { type: 'CreditPlatformInvoice'; facts: DocumentFacts; commissionAgorot: number; creditNumber: number };

/** The month is not over in Israel: its commission may still grow. */
export class PlatformInvoiceMonthNotEnded extends Error {
  constructor(readonly month: string) {
    super(`the month ${month} has not ended yet`);
    this.name = 'PlatformInvoiceMonthNotEnded';
  }
}

/** The VAT included in a total, as the specification puts it: round(total * vat / (100 + vat)), half up. */
export function includedVat(totalAgorot: number, ratePercent: number): number {
  const denominator = 100 + ratePercent;
  return Math.floor((2 * totalAgorot * ratePercent + denominator) / (2 * denominator));
}

function amounts(totalAgorot: number, vatRatePercent: number) {
  const vatAgorot = includedVat(totalAgorot, vatRatePercent);
  return { totalAgorot, beforeVatAgorot: totalAgorot - vatAgorot, vatAgorot, vatRatePercent };
}

/**
 * Issue once, only after the month ended, only for a commission above zero; asking again decides nothing, so the
 * sweep and the admin may both ask. A credit only after the invoice, only for what the commission went down by since
 * (the invoice less its credits less the commission now), at the invoice's VAT rate; nothing when it did not.
 */
export const platformInvoiceDecider: Decider<PlatformInvoiceCommand, PlatformInvoiceEvent, PlatformInvoiceState> = {
  initialState: () => ({ invoice: null, creditedAgorot: 0 }),

  evolve(state, event) {
    switch (event.type) {
      case 'PlatformInvoiceIssued':
        return { ...state, invoice: event.data };
      case 'PlatformCreditIssued':
        return { ...state, creditedAgorot: state.creditedAgorot + event.data.totalAgorot };
    }
  },

  decide(command, state) {
    const { facts } = command;
    if (Date.parse(facts.issuedAt) < israelMonthRange(facts.month).end.getTime()) {
      throw new PlatformInvoiceMonthNotEnded(facts.month);
    }
    switch (command.type) {
      case 'IssuePlatformInvoice': {
        if (state.invoice || command.commissionAgorot <= 0) return [];
        return [
          {
            type: 'PlatformInvoiceIssued',
            data: {
              ...facts,
              ...amounts(command.commissionAgorot, facts.vatRatePercent),
              invoiceNumber: command.invoiceNumber,
            },
          },
        ];
      }
      case 'CreditPlatformInvoice': {
        const { invoice } = state;
        if (!invoice) return [];
        const due = invoice.totalAgorot - state.creditedAgorot - Math.max(0, command.commissionAgorot);
        if (due <= 0) return [];
        return [
          {
            type: 'PlatformCreditIssued',
            data: {
              ...facts,
              ...amounts(due, invoice.vatRatePercent),
              creditNumber: command.creditNumber,
              invoiceNumber: invoice.invoiceNumber,
            },
          },
        ];
      }
    }
  },
};

export function foldPlatformInvoice(events: readonly { type: string; data: unknown }[]): PlatformInvoiceState {
  return events.reduce(
    (state, event) => platformInvoiceDecider.evolve(state, event as PlatformInvoiceEvent),
    platformInvoiceDecider.initialState(),
  );
}
