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
  /**
   * The sign-in (session family) an open session belongs to, or undefined when it is not open. A socket joins its
   * sign-in's room, so ending the sign-in (whichever refresh of it the socket started with) drops the socket.
   */
  signInOf(session: { audience: Audience; userId: string; sessionId: string }): Promise<string | undefined>;
}
