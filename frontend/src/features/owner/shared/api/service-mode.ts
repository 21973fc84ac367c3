// How the business serves a ready order (issue 18): read and chosen in settings.
import { serviceModeSchema, type ServiceMode, type ServiceModeRequest } from '@tafrit/contracts/http/accounts.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const SERVICE_MODE_URL = '/api/business/service-mode';

export async function getServiceMode(signal?: AbortSignal): Promise<ServiceMode> {
  return dataOf(serviceModeSchema, await ownerRequest('GET', SERVICE_MODE_URL, undefined, { signal })).serviceMode;
}

export async function chooseServiceMode(request: ServiceModeRequest): Promise<ServiceMode> {
  return dataOf(serviceModeSchema, await ownerRequest('PUT', SERVICE_MODE_URL, request)).serviceMode;
}

export const serviceModeQueryOptions = queryOptions({
  queryKey: [SERVICE_MODE_URL],
  queryFn: ({ signal }) => getServiceMode(signal),
});

export const useServiceMode = () => useQuery(serviceModeQueryOptions);
