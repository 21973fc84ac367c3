import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A sign-in lasts at most 30 days however often it is refreshed... */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
/** ...and ends after 7 days without a refresh (access tokens last 15 minutes, so any use refreshes far sooner). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
/** A paired screen's credential lives until revoked; this is only the row's far expiry (ten years). */
export const DEVICE_SESSION_MS = 10 * 365 * 24 * 60 * 60_000;

/**
 * For this long after a refresh token was rotated, presenting it again yields the session it rotated into instead of
 * counting as reuse: two tabs (or a tablet reconnecting) that refresh with the same cookie at the same moment both keep
 * the sign-in. A copy used later than this still revokes the whole family (decision 003).
 */
export const ROTATION_GRACE_MS = 30_000;

/** 256 random bits, URL-safe: the refresh token a sign-in starts with. */
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

/**
 * The token a refresh token rotates into: HMAC-SHA256 of it under a key derived from JWT_SECRET. Deriving it (rather
 * than drawing it at random) lets a second refresh with the same token, inside the grace window, hand out the very same
 * successor although only hashes are stored; without the key nobody can compute a successor from a stolen token.
 */
export function successorRefreshToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token, 'utf8').digest('base64url');
}

export interface StoredSession {
  isRevoked: boolean;
  revokedReason: string | null | undefined;
  revokedAt?: Date | null | undefined;
  expiresAt: Date;
  lastActive: Date;
  impersonatedBy: string | null | undefined;
  /** How long this sign-in may go unused (a team member's, issue 31); absent: SESSION_IDLE_MS. */
  idleMs?: number | null | undefined;
  /** A paired screen's credential: presented again and again, never rotated (issue 31). */
  device?: boolean | undefined;
}

export type RefreshVerdict =
  | { outcome: 'rotate' }
  /** A paired screen's credential: the same row goes on, with a new access token. */
  | { outcome: 'keep' }
  /** Rotated a moment ago (within the grace window): answer with the session it rotated into. */
  | { outcome: 'rejoin' }
  /** A token that was already rotated came back: someone holds a copy. The whole family is revoked. */
  | { outcome: 'reuse' }
  | { outcome: 'refuse'; revokeAs?: 'expired' | 'idle' };

/** What presenting this refresh token means. */
export function refreshVerdict(session: StoredSession | undefined, now: Date): RefreshVerdict {
  if (!session) return { outcome: 'refuse' };
  if (session.isRevoked) {
    if (session.revokedReason !== 'rotated') return { outcome: 'refuse' };
    const rotatedAt = session.revokedAt?.getTime();
    const justRotated = rotatedAt !== undefined && now.getTime() - rotatedAt < ROTATION_GRACE_MS;
    return justRotated ? { outcome: 'rejoin' } : { outcome: 'reuse' };
  }
  // An administrator's visit inside a business is never extended: a new visit is a new, recorded opening.
  if (session.impersonatedBy) return { outcome: 'refuse' };
  if (session.expiresAt.getTime() <= now.getTime()) return { outcome: 'refuse', revokeAs: 'expired' };
  // A screen stays signed in until it is revoked, however long the café is closed.
  if (session.device) return { outcome: 'keep' };
  const idleMs = session.idleMs ?? SESSION_IDLE_MS;
  if (session.lastActive.getTime() + idleMs <= now.getTime()) return { outcome: 'refuse', revokeAs: 'idle' };
  return { outcome: 'rotate' };
}
