import type { Audience } from './principals.js';

/** Nest injection token of the `SessionDirectory` (provided by the accounts module). */
export const SESSION_DIRECTORY = Symbol('SESSION_DIRECTORY');

/**
 * Asked by the guards on every request, after the token's signature: is the session behind this access token still
 * open (not logged out, not revoked by reuse detection), and for owners, is the business still open? So a logout, a
 * detected theft or a closed business takes effect at once instead of when the 15-minute token runs out.
 */
export interface SessionDirectory {
  isActive(session: { audience: Audience; userId: string; sessionId: string }): Promise<boolean>;
}
