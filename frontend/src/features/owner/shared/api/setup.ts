// The first-run checklist (issue 18, decision 034): its state, the owner's small actions only the browser sees, and
// the owner's test order.
import {
  setupChecklistSchema,
  testOrderAnswerSchema,
  type OwnerSetupAction,
  type SetupChecklist,
  type TestOrderAnswer,
} from '@tafrit/contracts/http/setup.schemas';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const SETUP_URL = '/api/setup';

export async function getSetupChecklist(signal?: AbortSignal): Promise<SetupChecklist> {
  return dataOf(setupChecklistSchema, await ownerRequest('GET', SETUP_URL, undefined, { signal }));
}

export async function recordSetupAction(action: OwnerSetupAction): Promise<SetupChecklist> {
  return dataOf(setupChecklistSchema, await ownerRequest('POST', `${SETUP_URL}/actions`, { action }));
}

export async function dismissSetupChecklist(): Promise<SetupChecklist> {
  return dataOf(setupChecklistSchema, await ownerRequest('POST', `${SETUP_URL}/dismiss`, {}));
}

export async function placeTestOrder(productId?: number): Promise<TestOrderAnswer> {
  const body = productId === undefined ? {} : { productId };
  return dataOf(testOrderAnswerSchema, await ownerRequest('POST', '/api/test-orders', body));
}

export const setupChecklistQueryOptions = queryOptions({
  queryKey: [SETUP_URL],
  queryFn: ({ signal }) => getSetupChecklist(signal),
});

export const useSetupChecklist = () => useQuery(setupChecklistQueryOptions);

/**
 * Tells the server of a step done in this browser (the QR downloaded, browser printing on) and refreshes the card.
 * Quiet: the step itself succeeded whatever this answers, and the card asks again on its next visit.
 */
export function noteSetupAction(queryClient: QueryClient, action: OwnerSetupAction): void {
  recordSetupAction(action)
    .then((checklist) => queryClient.setQueryData(setupChecklistQueryOptions.queryKey, checklist))
    .catch(() => undefined);
}
