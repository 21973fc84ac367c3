// The owner's activity page (issue 31): `GET /api/team/activity?member=&kind=&before=`, the latest acts first, a page
// of 50 at a time; the next page starts before the oldest act shown.
import { activityAnswerSchema, type ActivityAnswer, type ActivityKind } from '@tafrit/contracts/http/activity.schemas';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { tokenFor } from '@/lib/api-client';
import { dataOf } from '../shared/api/responses';
import { ownerRequest } from '../shared/api/session-request';

export const ACTIVITY_URL = '/api/team/activity';

export interface ActivityFilter {
  /** A team id, or `owner`; absent: everyone. */
  member?: string;
  kind?: ActivityKind;
}

export function activityPath(filter: ActivityFilter, before?: number): string {
  const params = new URLSearchParams();
  if (filter.member) params.set('member', filter.member);
  if (filter.kind) params.set('kind', filter.kind);
  if (before !== undefined) params.set('before', String(before));
  const query = params.toString();
  return query ? `${ACTIVITY_URL}?${query}` : ACTIVITY_URL;
}

export async function getActivity(
  filter: ActivityFilter,
  before?: number,
  signal?: AbortSignal,
): Promise<ActivityAnswer> {
  return dataOf(activityAnswerSchema, await ownerRequest('GET', activityPath(filter, before), undefined, { signal }));
}

export function activityQueryOptions(filter: ActivityFilter) {
  return infiniteQueryOptions({
    queryKey: [ACTIVITY_URL, { member: filter.member ?? null, kind: filter.kind ?? null }],
    queryFn: ({ pageParam, signal }) => getActivity(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}

export function useActivity(filter: ActivityFilter) {
  // The page's code loads after the console: by then a logout may have taken the token.
  return useInfiniteQuery({
    ...activityQueryOptions(filter),
    enabled: tokenFor(ACTIVITY_URL) !== null,
    placeholderData: keepPreviousData,
  });
}
