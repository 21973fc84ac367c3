// The connection badge (spec §8, §9): the public health call, polled. Never throws: every outcome is a state.
import { healthAnswerSchema } from '@tafrit/contracts/http/admin-answers.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';

export const HEALTH_URL = '/api/health/database';

export type HealthState =
  | { status: 'ok'; timestamp: string | null }
  | { status: 'offline' }
  | { status: 'database'; message: string | null; timestamp: string | null };

export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The fields of a health answer (or of its error body); anything that is not an object reads as empty. */
function fieldsOf(body: unknown) {
  const parsed = healthAnswerSchema.safeParse(body);
  return parsed.success ? parsed.data : {};
}

export async function checkHealth(signal?: AbortSignal): Promise<HealthState> {
  if (isBrowserOffline()) return { status: 'offline' };
  try {
    const fields = fieldsOf(await apiRequest<unknown>('GET', HEALTH_URL, undefined, { signal }));
    if (fields.success === true) return { status: 'ok', timestamp: text(fields.timestamp) };
    return {
      status: 'database',
      message: text(fields.message) ?? text(fields.error),
      timestamp: text(fields.timestamp),
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    // Status 0: the server could not be reached at all, which is what the person sees as "no internet".
    if (!isApiError(error) || error.status === 0) return { status: 'offline' };
    const body = fieldsOf(error.body);
    return { status: 'database', message: text(body.message) ?? text(body.error), timestamp: text(body.timestamp) };
  }
}

export const HEALTH_BADGE_INTERVAL_MS = 5000;
export const HEALTH_DIALOG_INTERVAL_MS = 3000;

export function useHealth(where: 'badge' | 'dialog', enabled = true) {
  return useQuery({
    queryKey: [HEALTH_URL, where],
    queryFn: ({ signal }) => checkHealth(signal),
    enabled,
    staleTime: 0,
    refetchInterval: where === 'badge' ? HEALTH_BADGE_INTERVAL_MS : HEALTH_DIALOG_INTERVAL_MS,
    // The badge is a status line: keep polling while the tab is in the background too, so it is right on return.
    refetchIntervalInBackground: true,
  });
}
