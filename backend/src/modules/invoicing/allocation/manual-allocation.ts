import { messageFor } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';

/**
 * A number typed by hand (decision 047): the owner, or the administrator for the platform's own invoices, asks the
 * Tax Authority's personal area ("בקשת מספר הקצאה לחשבונית מס") for it when the API is not connected, is down or the
 * grant lapsed, and types it here. Nothing can check it against the Authority from this side, so the record says who
 * typed it and when.
 */
export interface ManualAllocation {
  number: string;
  source: 'manual';
  enteredBy: { role: 'owner' | 'admin'; id: string };
  /** ISO timestamp. */
  enteredAt: string;
}

/**
 * The 9 digits of a typed allocation number. People copy numbers with spaces or dashes between groups; those go, and
 * nothing else is tolerated. All zeros is the API's "no number" and never a real one. Anything else throws
 * `invoice.allocation_number_invalid` (400) with the Hebrew message of the contracts' catalogue, on the field.
 */
export function validateManualAllocationNumber(typed: string): string {
  const trimmed = typed.trim();
  const digits = /^\d+(?:[\s-]\d+)*$/.test(trimmed) ? trimmed.replace(/[\s-]/g, '') : '';
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) {
    throw new AppError('invoice.allocation_number_invalid', {
      fields: { allocationNumber: messageFor('invoice.allocation_number_invalid') },
    });
  }
  return digits;
}

/** The record kept with the document; pure, so the caller brings the time and who typed it. */
export function manualAllocation(input: {
  typed: string;
  enteredBy: ManualAllocation['enteredBy'];
  at: Date;
}): ManualAllocation {
  return {
    number: validateManualAllocationNumber(input.typed),
    source: 'manual',
    enteredBy: input.enteredBy,
    enteredAt: input.at.toISOString(),
  };
}
