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

/** One name for every tab of this origin: the browser grants it to one tab at a time. */
export const OWNER_REFRESH_LOCK = 'tafrit-owner-refresh';

/**
 * Runs `task` while holding the refresh lock (Web Locks API), so that of several tabs only one refreshes and the others,
 * waiting their turn, find its token in the shared storage. Without the API (old browsers, tests) the task runs at
 * once; the server's grace window (decision 003) still keeps two simultaneous refreshes from ending the sign-in.
 */
function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return task();
  return locks.request(OWNER_REFRESH_LOCK, task);
}

/**
 * POST /api/auth/refresh with the HttpOnly cookie; stores the new access token. Concurrent callers in this tab share
 * one call, and tabs take turns: when the stored token is no longer the one that was refused (`staleToken`), another
 * tab has refreshed meanwhile and its token is used as is, without presenting the cookie again.
 */
export function refreshOwnerSession(staleToken: string | null = authToken.get()): Promise<boolean> {
  refreshing ??= oneTabAtATime(async () => {
    const stored = authToken.get();
    if (stored && stored !== staleToken) return true;
    return apiRequest<unknown>('POST', '/api/auth/refresh', { audience: 'owner' }).then((response) => {
      const data = (response as { data?: { token?: unknown } } | undefined)?.data;
      if (typeof data?.token !== 'string' || data.token === '') return false;
      authToken.set(data.token);
      return true;
    });
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
  const sent = authToken.get();
  try {
    return await call();
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    if (!adminImpersonating.get() && (await refreshOwnerSession(sent))) {
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
