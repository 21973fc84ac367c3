import { createHash, randomBytes } from 'node:crypto';

/** A sign-in lasts at most 30 days however often it is refreshed... */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
/** ...and ends after 7 days without a refresh (access tokens last 15 minutes, so any use refreshes far sooner). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;

/** 256 random bits, URL-safe: the refresh token the cookie carries. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this hash is stored. The token already has 256 bits of entropy, so a plain SHA-256 (no key, no stretching) is
 * enough: nothing can be guessed from a leaked table, and the lookup by hash stays a unique-index hit.
 */
export function refreshTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface StoredSession {
  isRevoked: boolean;
  revokedReason: string | null | undefined;
  expiresAt: Date;
  lastActive: Date;
  impersonatedBy: string | null | undefined;
}

export type RefreshVerdict =
  | { outcome: 'rotate' }
  /** A token that was already rotated came back: someone holds a copy. The whole family is revoked. */
  | { outcome: 'reuse' }
  | { outcome: 'refuse'; revokeAs?: 'expired' | 'idle' };

/** What presenting this refresh token means. */
export function refreshVerdict(session: StoredSession | undefined, now: Date): RefreshVerdict {
  if (!session) return { outcome: 'refuse' };
  if (session.isRevoked) return session.revokedReason === 'rotated' ? { outcome: 'reuse' } : { outcome: 'refuse' };
  // An administrator's visit inside a business is never extended: a new visit is a new, recorded opening.
  if (session.impersonatedBy) return { outcome: 'refuse' };
  if (session.expiresAt.getTime() <= now.getTime()) return { outcome: 'refuse', revokeAs: 'expired' };
  if (session.lastActive.getTime() + SESSION_IDLE_MS <= now.getTime()) return { outcome: 'refuse', revokeAs: 'idle' };
  return { outcome: 'rotate' };
}
