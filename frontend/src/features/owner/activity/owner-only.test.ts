import { describe, expect, it } from 'vitest';
import { isOwnerSession } from './owner-only';

// Only the owner's console links to the activity page: the access token's role claim says whose console it is.

const token = (claims: Record<string, unknown>) =>
  `h.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

describe('whose console it is', () => {
  it('is the owner’s without a role claim (the owner, and tokens from before roles)', () => {
    expect(isOwnerSession(token({ sub: '+972521234567', sid: 's' }))).toBe(true);
  });

  it('is not the owner’s with a member’s role', () => {
    expect(isOwnerSession(token({ sub: '+972521234567', rol: 'manager', mid: 'm', mk: 'person' }))).toBe(false);
    expect(isOwnerSession(token({ sub: '+972521234567', rol: 'kitchen', mid: 's', mk: 'screen' }))).toBe(false);
  });

  it('is nobody’s without a token, or with one that cannot be read', () => {
    expect(isOwnerSession(null)).toBe(false);
    expect(isOwnerSession('not-a-token')).toBe(false);
    expect(isOwnerSession('a.%%%.b')).toBe(false);
  });
});
