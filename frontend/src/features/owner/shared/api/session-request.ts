// Calls made with the business session. Access tokens live 15 minutes (DESIGN.md §5): on a 401 the refresh cookie
// is tried once and the call repeated; if that fails too, the session is over: it is cleared and the console goes to
// /login (the console layout listens through onOwnerSessionExpired).
import type { SessionMember, StaffPinGrant } from '@tafrit/contracts/http/team.schemas';
import { messageFor } from '@tafrit/contracts/messages.he';
import { he } from '@/i18n/he';
import { ApiError, apiRequest, isApiError, type HttpMethod } from '@/lib/api-client';
import { adminImpersonating, authToken, clearBusinessSession } from '@/lib/storage';
import { sessionMember } from '../../sign-in/handover';

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

/** What a refresh came to: a new token, a refusal (the sign-in is over), or no answer (the network, not the session). */
export type RefreshOutcome = 'renewed' | 'refused' | 'unreachable';

let refreshing: Promise<RefreshOutcome> | null = null;

/** One name for every tab of this origin: the browser grants it to one tab at a time. */
export const OWNER_REFRESH_LOCK = 'tafrit-owner-refresh';

/** A refresh that hangs (a dead Wi-Fi) gives the lock up after this long, so the other tabs are not held with it. */
const REFRESH_TIMEOUT_MS = 20_000;

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

/** No answer at all: offline, a dropped connection, or our own timeout. Not a reason to end the sign-in. */
function isUnreachable(error: unknown): boolean {
  return (isApiError(error) && error.status === 0) || error instanceof DOMException;
}

/**
 * POST /api/auth/refresh with the HttpOnly cookie; stores the new access token. Concurrent callers in this tab share
 * one call, and tabs take turns: when the stored token is no longer the one that was refused (`staleToken`), another
 * tab has refreshed meanwhile and its token is used as is, without presenting the cookie again.
 */
export function refreshOwnerSessionOutcome(staleToken: string | null = authToken.get()): Promise<RefreshOutcome> {
  refreshing ??= oneTabAtATime(async (): Promise<RefreshOutcome> => {
    const stored = authToken.get();
    if (stored && stored !== staleToken) return 'renewed';
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REFRESH_TIMEOUT_MS) : undefined;
    const response = await apiRequest<unknown>('POST', '/api/auth/refresh', { audience: 'owner' }, { signal });
    const data = (response as { data?: { token?: unknown; member?: SessionMember } } | undefined)?.data;
    if (typeof data?.token !== 'string' || data.token === '') return 'refused';
    authToken.set(data.token);
    // Who is signed in comes with every renewal (a paired screen learns it here first).
    if (data.member) sessionMember.set(data.member);
    return 'renewed';
  })
    .catch((error: unknown): RefreshOutcome => (isUnreachable(error) ? 'unreachable' : 'refused'))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** True when the session was renewed (here or by another tab). */
export function refreshOwnerSession(staleToken: string | null = authToken.get()): Promise<boolean> {
  return refreshOwnerSessionOutcome(staleToken).then((outcome) => outcome === 'renewed');
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
  // No session on this device any more (a logout here or in another tab, an impersonation window closing): the call
  // is not sent, and the cookie is not asked to bring back a sign-in that was ended on purpose.
  if (sent === null) {
    endExpiredSession();
    throw new ApiError({ message: messageFor('auth.unauthenticated'), status: 401 });
  }
  try {
    return await call();
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    if (!adminImpersonating.get()) {
      const outcome = await refreshOwnerSessionOutcome(sent);
      // A refresh that got no answer says nothing about the sign-in: keep it, and let the call fail as offline.
      if (outcome === 'unreachable') throw new ApiError({ message: he.errors.network, status: 0 });
      if (outcome === 'renewed') {
        try {
          return await call();
        } catch (retryError) {
          if (!isUnauthorized(retryError)) throw retryError;
        }
      }
    }
    endExpiredSession();
    throw error;
  }
}

/**
 * A staff PIN typed on a paired kitchen screen (issue 31): the grant the server gave for it, which makes the screen's
 * next action that person's. The header's name is the contracts' STAFF_GRANT_HEADER (a test keeps them equal); it is
 * written out here so the sign-in page's chunk, which holds this file, builds none of the team's schemas.
 */
export const STAFF_GRANT_HEADER_NAME = 'x-staff-grant';
let activeGrant: StaffPinGrant | null = null;
let grantTimer: ReturnType<typeof setTimeout> | undefined;
const grantListeners = new Set<Listener>();

export const staffGrant = {
  /** The grant waiting for the next action, until it is used, cancelled or runs out. */
  get: (): StaffPinGrant | null => activeGrant,
  set: (grant: StaffPinGrant | null): void => {
    activeGrant = grant;
    clearTimeout(grantTimer);
    // The server refuses a grant past its time; the screen stops showing whose it is at the same moment.
    if (grant)
      grantTimer = setTimeout(() => staffGrant.set(null), Math.max(0, Date.parse(grant.expiresAt) - Date.now()));
    for (const listener of grantListeners) listener();
  },
  subscribe: (listener: Listener): (() => void) => {
    grantListeners.add(listener);
    return () => grantListeners.delete(listener);
  },
};

export function ownerRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  // An action (never a read: the list refreshing itself must not use the grant up) carries the grant, once.
  const grant = method === 'GET' ? null : staffGrant.get();
  if (grant) staffGrant.set(null);
  const headers = grant ? { [STAFF_GRANT_HEADER_NAME]: grant.grant } : undefined;
  return withOwnerSession(() => apiRequest<T>(method, url, body, headers ? { ...options, headers } : options));
}
