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
  /** The invoice decided and numbered, waiting for its allocation number (decision 049); null once issued. */
  awaiting: PlatformInvoiceEventData['PlatformInvoiceAwaitingAllocation'] | null;
  /** The Authority refused that number: the administrator chooses. */
  refused: boolean;
}

/** How long the platform's invoice waits for its allocation number before it goes out without one (decision 049). */
export const PLATFORM_ALLOCATION_WAIT_MS = 15 * 60 * 1000;

type Allocation = NonNullable<PlatformInvoiceEventData['PlatformInvoiceIssued']['allocation']>;
type WithoutAllocation = NonNullable<PlatformInvoiceEventData['PlatformInvoiceIssued']['withoutAllocation']>;

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
  /**
   * `commissionAgorot`: the month's commission on what was kept (after refunds), VAT included. `allocationFor`: the
   * café's dealer number when the invoice needs an allocation number (the handler judges it by the threshold on the
   * document's date), else null.
   */
  | {
      type: 'IssuePlatformInvoice';
      facts: DocumentFacts;
      commissionAgorot: number;
      invoiceNumber: number;
      allocationFor?: string | null;
    }
  /** `commissionAgorot`: the month's commission now; a credit document covers what refunds have lowered it by. */
  | { type: 'CreditPlatformInvoice'; facts: DocumentFacts; commissionAgorot: number; creditNumber: number }
  /** The waiting invoice's number came (the Authority's, or typed by the administrator). */
  | { type: 'IssueAllocatedPlatformInvoice'; now: string; allocation: Allocation }
  | { type: 'RecordPlatformAllocationRefusal'; now: string; code: string; reason: string }
  /** The wait ended with no answer (`no_answer`), or the administrator chose after a refusal (`refused`). */
  | { type: 'IssuePlatformInvoiceWithoutAllocation'; now: string; without: WithoutAllocation };

/** The waiting invoice, issued as it was decided: same number, amounts and date; only the number's part is added. */
function issuedFromAwaiting(
  awaiting: PlatformInvoiceEventData['PlatformInvoiceAwaitingAllocation'],
  extra: Pick<PlatformInvoiceEventData['PlatformInvoiceIssued'], 'allocation' | 'withoutAllocation'>,
): PlatformInvoiceEvent {
  const { buyerTaxId: _buyer, issueWithoutBy: _by, ...document } = awaiting;
  return { type: 'PlatformInvoiceIssued', data: { ...document, ...extra } };
}

/** What became of a waiting invoice; nothing once it is issued (an issued document never changes). */
function decideAllocation(
  command: Exclude<PlatformInvoiceCommand, { facts: DocumentFacts }>,
  state: PlatformInvoiceState,
): PlatformInvoiceEvent[] {
  const { awaiting } = state;
  if (!awaiting || state.invoice) return [];
  switch (command.type) {
    case 'IssueAllocatedPlatformInvoice':
      return [issuedFromAwaiting(awaiting, { allocation: command.allocation })];
    case 'RecordPlatformAllocationRefusal':
      if (state.refused) return [];
      return [
        {
          type: 'PlatformAllocationRefused',
          data: {
            businessPhone: awaiting.businessPhone,
            month: awaiting.month,
            code: command.code,
            reason: command.reason,
            options: ['cancel', 'issue_without_number'],
            refusedAt: command.now,
          },
        },
      ];
    case 'IssuePlatformInvoiceWithoutAllocation': {
      const { without } = command;
      if (without.why === 'no_answer') {
        // After a refusal the administrator chooses; before the end of the wait there is still time for an answer.
        if (state.refused) return [];
        if (Date.parse(command.now) < Date.parse(awaiting.issueWithoutBy)) throw new PlatformAllocationStillWaiting();
      } else if (!state.refused || !without.choice) {
        throw new PlatformAllocationStillWaiting();
      }
      return [issuedFromAwaiting(awaiting, { withoutAllocation: without })];
    }
  }
}

/** A "without a number" before the wait is over, or a choice where there was no refusal. */
export class PlatformAllocationStillWaiting extends Error {
  readonly code = 'conflict';
  constructor() {
    super('the invoice still waits for its allocation number');
    this.name = 'PlatformAllocationStillWaiting';
  }
}

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
  initialState: () => ({ invoice: null, creditedAgorot: 0, awaiting: null, refused: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'PlatformInvoiceIssued':
        return { ...state, invoice: event.data, awaiting: null, refused: false };
      case 'PlatformCreditIssued':
        return { ...state, creditedAgorot: state.creditedAgorot + event.data.totalAgorot };
      case 'PlatformInvoiceAwaitingAllocation':
        return { ...state, awaiting: event.data };
      case 'PlatformAllocationRefused':
        return { ...state, refused: true };
    }
  },

  decide(command, state) {
    if (!('facts' in command)) return decideAllocation(command, state);
    const { facts } = command;
    if (Date.parse(facts.issuedAt) < israelMonthRange(facts.month).end.getTime()) {
      throw new PlatformInvoiceMonthNotEnded(facts.month);
    }
    switch (command.type) {
      case 'IssuePlatformInvoice': {
        if (state.invoice || state.awaiting || command.commissionAgorot <= 0) return [];
        const document = {
          ...facts,
          ...amounts(command.commissionAgorot, facts.vatRatePercent),
          invoiceNumber: command.invoiceNumber,
        };
        if (command.allocationFor) {
          const issueWithoutBy = new Date(Date.parse(facts.issuedAt) + PLATFORM_ALLOCATION_WAIT_MS).toISOString();
          return [
            {
              type: 'PlatformInvoiceAwaitingAllocation',
              data: { ...document, buyerTaxId: command.allocationFor, issueWithoutBy },
            },
          ];
        }
        return [{ type: 'PlatformInvoiceIssued', data: document }];
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
