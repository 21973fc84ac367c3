// The documents waiting for an allocation number (decision 049): the list (`reports.read`) and the owner's answer
// for one (`refunds`): a number typed from the Tax Authority's personal area, or after a refusal the document issued
// without a number, or the deal cancelled and refunded whole.
import {
  awaitingDocumentsAnswerSchema,
  type AllocationChoice,
  type AwaitingDocument,
} from '@tafrit/contracts/http/allocation.schemas';
import { z } from 'zod';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const ALLOCATIONS_URL = '/api/orders/allocations';
export const allocationsQueryKey = [ALLOCATIONS_URL] as const;

export type { AllocationChoice, AwaitingDocument };

// The decision's answer: the order's invoice state after it (issued, or still waiting when another answer won).
const allocationAnswerSchema = z.object({ invoiceStatus: z.string() });
export type AllocationAnswer = z.infer<typeof allocationAnswerSchema>;

export async function fetchAwaitingDocuments(signal?: AbortSignal): Promise<AwaitingDocument[]> {
  const response = await ownerRequest('GET', ALLOCATIONS_URL, undefined, { signal });
  return dataOf(awaitingDocumentsAnswerSchema, response).documents;
}

export async function decideAllocation(orderId: string, choice: AllocationChoice): Promise<AllocationAnswer> {
  const response = await ownerRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/allocation`, choice);
  return dataOf(allocationAnswerSchema, response);
}
