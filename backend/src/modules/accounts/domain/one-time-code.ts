import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** The rules of sign-in codes (DESIGN.md §6), in one place. */
export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 5 * 60_000;
/** The fifth wrong try cancels the code; a sixth try fails even with the right digits. */
export const MAX_WRONG_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 30_000;
export const SENDS_PER_HOUR = 5;
export const HOUR_MS = 60 * 60_000;

// 'step_up': the owner's fresh code before a sensitive change (decision 036); fits the column's ten characters.
export type CodePurpose = 'owner' | 'admin' | 'step_up';

/** Six digits from the operating system's cryptographic generator, zero-padded ("004217" is a code too). */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/**
 * HMAC-SHA256 under a key derived from JWT_SECRET, over the phone, purpose and code. A leaked table gives nothing to
 * try offline (10^6 codes hash in a second without the key), and a code can never serve another phone or purpose.
 */
export function codeHash(key: Buffer, { phone, purpose, code }: { phone: string; purpose: CodePurpose; code: string }) {
  return createHmac('sha256', key).update(`${purpose}\u0000${phone}\u0000${code}`).digest('hex');
}

/** Compares two hex hashes in constant time; a missing stored hash still costs the same comparison. */
export function hashesMatch(presented: string, stored: string | undefined): boolean {
  const a = Buffer.from(presented, 'hex');
  const b = stored === undefined ? Buffer.alloc(a.length) : Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) && stored !== undefined;
}

export type SendVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Whether another code may be sent, given when the codes of the last hour were created: at most one per 30 seconds
 * and five per hour. The answer says when to try again (for Retry-After).
 */
export function sendVerdict(recentSends: readonly Date[], now: Date, perHour = SENDS_PER_HOUR): SendVerdict {
  const at = now.getTime();
  const newestFirst = recentSends
    .map((sent) => sent.getTime())
    .filter((sent) => sent > at - HOUR_MS)
    .sort((a, b) => b - a);
  const [newest] = newestFirst;
  if (newest === undefined) return { allowed: true };
  const waits = [newest + RESEND_INTERVAL_MS - at];
  // With five sends in the hour, the fifth newest must leave the hour before a sixth may go.
  const fifthNewest = newestFirst[perHour - 1];
  if (fifthNewest !== undefined) waits.push(fifthNewest + HOUR_MS - at);
  const wait = Math.max(...waits);
  return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
}

export interface StoredCode {
  codeHash: string;
  expiresAt: Date;
  isUsed: boolean;
  attempts: number;
}

/**
 * What one verification attempt means for the phone's latest code. Order matters: a used or cancelled code says
 * nothing more; a locked code stays locked even for the right digits; an expired code is not worth counting.
 */
export type AttemptVerdict =
  | { outcome: 'accepted' }
  | { outcome: 'wrong'; attempts: number; locked: boolean }
  | { outcome: 'invalid' | 'locked' | 'expired' };

export function attemptVerdict(stored: StoredCode | undefined, presentedHash: string, now: Date): AttemptVerdict {
  const matches = hashesMatch(presentedHash, stored?.codeHash);
  if (!stored || stored.isUsed) return { outcome: 'invalid' };
  if (stored.attempts >= MAX_WRONG_ATTEMPTS) return { outcome: 'locked' };
  if (stored.expiresAt.getTime() <= now.getTime()) return { outcome: 'expired' };
  if (matches) return { outcome: 'accepted' };
  const attempts = stored.attempts + 1;
  return { outcome: 'wrong', attempts, locked: attempts >= MAX_WRONG_ATTEMPTS };
}
