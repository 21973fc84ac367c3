import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PAIRING_CODE_ALPHABET } from '@tafrit/contracts';

/**
 * Pairing codes and agent secrets are stored only as SHA-256 hashes. A slow password hash would add nothing: a secret
 * is 32 random bytes, and a code lives 10 minutes, is used once and is tried behind a per-IP limit.
 */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Eight characters from the look-alike-free alphabet: about 40 bits, typed once by the owner into the agent. */
export function newPairingCode(): string {
  return Array.from({ length: 8 }, () => PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)]).join('');
}

/** Shown as XXXX-XXXX so it is easy to read aloud and type. */
export const displayPairingCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

export const newAgentId = (): string => `agt_${randomBytes(12).toString('base64url')}`;
export const newAgentSecret = (): string => randomBytes(32).toString('base64url');

export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(sha256(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
