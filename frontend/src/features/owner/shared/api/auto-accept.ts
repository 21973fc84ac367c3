// "Accept new orders automatically" (issue 18, decision 032): read and chosen in Settings and on the live console.
import { autoAcceptSchema, type AutoAccept, type AutoAcceptRequest } from '@tafrit/contracts/http/accounts.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const AUTO_ACCEPT_URL = '/api/business/auto-accept';

export async function getAutoAccept(signal?: AbortSignal): Promise<AutoAccept> {
  return dataOf(autoAcceptSchema, await ownerRequest('GET', AUTO_ACCEPT_URL, undefined, { signal }));
}

export async function chooseAutoAccept(request: AutoAcceptRequest): Promise<AutoAccept> {
  return dataOf(autoAcceptSchema, await ownerRequest('PUT', AUTO_ACCEPT_URL, request));
}

export const autoAcceptQueryOptions = queryOptions({
  queryKey: [AUTO_ACCEPT_URL],
  queryFn: ({ signal }) => getAutoAccept(signal),
});

export const useAutoAccept = () => useQuery(autoAcceptQueryOptions);
