// Opening hours (settings) and the console's pause of new orders (decision 028).
import {
  openingHoursResponseSchema,
  type OpeningHours,
  type OpeningHoursResponse,
} from '@tafrit/contracts/http/opening-hours.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const OPENING_HOURS_URL = '/api/business/opening-hours';
const PAUSE_URL = '/api/business/ordering-pause';

export async function getOpeningHours(signal?: AbortSignal): Promise<OpeningHoursResponse> {
  return dataOf(openingHoursResponseSchema, await ownerRequest('GET', OPENING_HOURS_URL, undefined, { signal }));
}

export async function setOpeningHours(hours: OpeningHours): Promise<OpeningHoursResponse> {
  return dataOf(openingHoursResponseSchema, await ownerRequest('PUT', OPENING_HOURS_URL, hours));
}

/** 15, 30 or 60 minutes, or null: until resumed. */
export async function pauseOrdering(minutes: 15 | 30 | 60 | null): Promise<OpeningHoursResponse> {
  return dataOf(openingHoursResponseSchema, await ownerRequest('POST', PAUSE_URL, { minutes }));
}

export async function resumeOrdering(): Promise<OpeningHoursResponse> {
  return dataOf(openingHoursResponseSchema, await ownerRequest('DELETE', PAUSE_URL));
}

export const openingHoursQueryOptions = queryOptions({
  queryKey: [OPENING_HOURS_URL],
  queryFn: ({ signal }) => getOpeningHours(signal),
});

export const useOpeningHours = () => useQuery(openingHoursQueryOptions);
