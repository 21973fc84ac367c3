// The platform's commission invoices waiting for an allocation number (decision 049): the list, and the
// administrator's answer for one: a number typed from the Tax Authority's personal area, or after a refusal the
// invoice issued without a number.
import {
  platformAwaitingInvoicesAnswerSchema,
  type AllocationChoice,
  type PlatformAwaitingInvoice,
} from '@tafrit/contracts/http/allocation.schemas';
import { z } from 'zod';
import { adminRequest, dataOf } from './session';

export const PLATFORM_ALLOCATIONS_URL = '/api/admin/platform-allocations';
export const platformAllocationsQueryKey = [PLATFORM_ALLOCATIONS_URL] as const;

export type { PlatformAwaitingInvoice };

/** What the administrator may choose here: there is no deal to cancel (the commission was earned). */
export type PlatformAllocationChoice =
  | Extract<AllocationChoice, { choice: 'manual' }>
  | { choice: Extract<AllocationChoice['choice'], 'issue_without_number'> };

// Issued, or still waiting when another answer (the Authority's number) came first.
const platformAllocationAnswerSchema = z.object({ issued: z.boolean() });
export type PlatformAllocationAnswer = z.infer<typeof platformAllocationAnswerSchema>;

export async function fetchPlatformAwaitingInvoices(signal?: AbortSignal): Promise<PlatformAwaitingInvoice[]> {
  const response = await adminRequest('GET', PLATFORM_ALLOCATIONS_URL, undefined, signal);
  return dataOf(platformAwaitingInvoicesAnswerSchema, response).invoices;
}

export async function decidePlatformAllocation(
  invoice: Pick<PlatformAwaitingInvoice, 'businessPhone' | 'month'>,
  choice: PlatformAllocationChoice,
): Promise<PlatformAllocationAnswer> {
  const url = `${PLATFORM_ALLOCATIONS_URL}/${encodeURIComponent(invoice.businessPhone)}/${encodeURIComponent(invoice.month)}`;
  return dataOf(platformAllocationAnswerSchema, await adminRequest('POST', url, choice));
}
