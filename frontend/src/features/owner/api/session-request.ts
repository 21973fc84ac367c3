// Calls made with the business session. Access tokens live 15 minutes (DESIGN.md §5): on a 401 the refresh cookie
// is tried once and the call repeated; if that fails too, the session is over: it is cleared and the console goes to
// /login (the console layout listens through onOwnerSessionExpired).
import { apiRequest, isApiError, type HttpMethod } from '@/lib/api-client';
import { adminImpersonating, authToken, clearBusinessSession } from '@/lib/storage';

type Listener = () => void;
const expiredListeners = new Set<Listener>();

/** Called when the business session ended on its own (401 that a refresh could not cure). Returns an unsubscribe. */
export function onOwnerSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

function endExpiredSession(): void {
  clearBusinessSession();
  for (const listener of expiredListeners) listener();
}

let refreshing: Promise<boolean> | null = null;

/** POST /api/auth/refresh with the HttpOnly cookie; stores the new access token. Concurrent callers share one call. */
export function refreshOwnerSession(): Promise<boolean> {
  refreshing ??= apiRequest<unknown>('POST', '/api/auth/refresh', { audience: 'owner' })
    .then((response) => {
      const data = (response as { data?: { token?: unknown } } | undefined)?.data;
      if (typeof data?.token !== 'string' || data.token === '') return false;
      authToken.set(data.token);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * Runs `call` with the business session: once more after a successful refresh when it fails with 401. An
 * administrator's impersonation token is never refreshed: the cookie in this browser may belong to another session.
 */
export async function withOwnerSession<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    if (!adminImpersonating.get() && (await refreshOwnerSession())) {
      try {
        return await call();
      } catch (retryError) {
        if (!isUnauthorized(retryError)) throw retryError;
      }
    }
    endExpiredSession();
    throw error;
  }
}

export function ownerRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  return withOwnerSession(() => apiRequest<T>(method, url, body, options));
}
