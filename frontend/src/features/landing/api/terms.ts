import type { ApiSuccess } from '@tafrit/contracts/envelope';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import { adminPhone, adminToken } from '@/lib/storage';

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

export interface SavedTerms {
  content: string;
  version: number;
}

/**
 * PUT /api/admin/terms with the admin token (lib/api-client attaches it on /api/admin paths). A 401 means the admin
 * session is over: it is forgotten here (features do not import each other, so not through the admin feature).
 */
export async function saveTerms(content: string): Promise<SavedTerms> {
  try {
    const answer = await apiRequest<ApiSuccess<SavedTerms>>('PUT', '/api/admin/terms', { content });
    return answer.data;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      adminToken.clear();
      adminPhone.clear();
    }
    throw error;
  }
}

/** Saves, then puts the saved text into the public terms query so the page shows it without a refetch. */
export function useSaveTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTerms,
    onSuccess: (saved) => {
      client.setQueryData(termsQueryOptions.queryKey, { success: true, data: { content: saved.content } });
    },
  });
}
