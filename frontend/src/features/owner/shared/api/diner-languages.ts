// The languages the business offers its diners (decision 023): read and chosen in settings.
import { dinerLanguagesResponseSchema, type DinerLanguagesRequest } from '@tafrit/contracts/http/accounts.schemas';
import type { DinerLanguage } from '@tafrit/contracts/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const DINER_LANGUAGES_URL = '/api/business/diner-languages';

export async function getDinerLanguages(signal?: AbortSignal): Promise<DinerLanguage[]> {
  return dataOf(dinerLanguagesResponseSchema, await ownerRequest('GET', DINER_LANGUAGES_URL, undefined, { signal }))
    .languages;
}

export async function chooseDinerLanguages(request: DinerLanguagesRequest): Promise<DinerLanguage[]> {
  return dataOf(dinerLanguagesResponseSchema, await ownerRequest('PUT', DINER_LANGUAGES_URL, request)).languages;
}

export const dinerLanguagesQueryOptions = queryOptions({
  queryKey: [DINER_LANGUAGES_URL],
  queryFn: ({ signal }) => getDinerLanguages(signal),
});

export const useDinerLanguages = () => useQuery(dinerLanguagesQueryOptions);
