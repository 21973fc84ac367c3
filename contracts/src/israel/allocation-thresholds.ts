// Allocation numbers (מספר הקצאה, the Tax Authority's "Israel Invoices", issue 32): a tax invoice to a VAT-registered
// business above a threshold needs a number from the Tax Authority, or the buyer may not deduct its VAT. The threshold
// falls by steps, each from a date: a document is judged by the threshold in force on its own date (its Israel
// calendar day), never by today's, so an invoice of May 2026 keeps the ₪10,000 threshold whenever it is looked at.
import { isValidTaxId } from './id-number.js';

export interface AllocationThreshold {
  /** The first Israel calendar day it is in force, 'YYYY-MM-DD'. */
  from: string;
  /** An amount before VAT strictly above this, in agorot, needs a number (exactly this does not). */
  aboveAgorot: number;
}

/** The thresholds in force from each date, oldest first; before the first there was no such requirement. */
export const ALLOCATION_THRESHOLDS: readonly AllocationThreshold[] = [
  { from: '2024-05-05', aboveAgorot: 2_500_000 },
  { from: '2025-01-01', aboveAgorot: 2_000_000 },
  { from: '2026-01-01', aboveAgorot: 1_000_000 },
  { from: '2026-06-01', aboveAgorot: 500_000 },
];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function assertDate(date: string): void {
  const match = DATE.exec(date);
  // A real calendar day: '2026-02-30' would compare as a date between others and pick a threshold silently.
  const valid =
    match !== null &&
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === date;
  if (!valid) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
}

/**
 * The threshold in force on an Israel calendar day ('YYYY-MM-DD'), in agorot before VAT; null before allocation numbers
 * began (2024-05-05). Throws a RangeError for a text that is no such day.
 */
export function allocationThresholdOn(date: string): number | null {
  assertDate(date);
  let inForce: number | null = null;
  // 'YYYY-MM-DD' texts compare as their days do.
  for (const threshold of ALLOCATION_THRESHOLDS) if (threshold.from <= date) inForce = threshold.aboveAgorot;
  return inForce;
}

export interface AllocationQuestion {
  /** The document's date: its Israel calendar day, 'YYYY-MM-DD' (months.ts israelDateOf). */
  issuedOn: string;
  beforeVatAgorot: number;
  vatAgorot: number;
  /** The buyer the document names (the diner asked for an invoice in a business's name); null: a private diner. */
  buyer: { taxId: string } | null;
}

/**
 * Whether a tax invoice needs an allocation number: its amount before VAT is above the threshold in force on its
 * date, it charges VAT, and its buyer is a VAT-registered business that asked for the invoice in its name (a buyer
 * with a ח.פ. or עוסק מורשה number: giving one is asking). A private diner's document never needs one.
 */
export function allocationNumberRequired({ issuedOn, beforeVatAgorot, vatAgorot, buyer }: AllocationQuestion): boolean {
  const threshold = allocationThresholdOn(issuedOn);
  if (threshold === null || buyer === null || !isValidTaxId(buyer.taxId)) return false;
  return vatAgorot > 0 && beforeVatAgorot > threshold;
}
