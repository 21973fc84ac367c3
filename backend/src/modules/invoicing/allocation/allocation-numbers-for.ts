import { type AllocationNumbers, NotConnectedAllocationNumbers } from './allocation.port.js';

/**
 * Whose grant a request for an allocation number is made under (decision 047): a café's own (the seller of its
 * diners' invoices) or the platform's (the seller of the monthly commission invoices).
 */
export type AllocationSeller = { businessPhone: string } | 'platform';

/** Nest injection token of the process's `AllocationNumbersFor`. */
export const ALLOCATION_NUMBERS_FOR = Symbol('ALLOCATION_NUMBERS_FOR');

/**
 * The `AllocationNumbers` acting on one seller's grant. Each seller grants access once at the Tax Authority; the
 * adapter for a seller without a grant answers `unavailable` / `grant_needed` (or `not_connected` when this server has
 * no TAX_AUTHORITY_* configuration at all).
 */
export interface AllocationNumbersFor {
  of(seller: AllocationSeller): AllocationNumbers;
}

/** No TAX_AUTHORITY_* configuration: every seller's request answers `not_connected`. */
export class NotConnectedAllocationNumbersFor implements AllocationNumbersFor {
  private readonly none = new NotConnectedAllocationNumbers();
  of(): AllocationNumbers {
    return this.none;
  }
}
