import { queryOptions, useQuery } from '@tanstack/react-query';

// GET /api/terms (product spec §7): `{ success, data: { content } }`, read through the default fetcher.
export const termsQueryOptions = queryOptions({
  queryKey: ['/api/terms'] as const,
  select: (body: unknown): string => {
    const content = (body as { data?: { content?: unknown } } | null)?.data?.content;
    return typeof content === 'string' ? content : '';
  },
});

export function useTerms() {
  return useQuery(termsQueryOptions);
}
