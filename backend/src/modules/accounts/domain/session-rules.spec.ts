import { newRefreshToken, refreshTokenHash, refreshVerdict, SESSION_IDLE_MS } from './session-rules.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const live = {
  isRevoked: false,
  revokedReason: null,
  expiresAt: new Date(now.getTime() + 1000),
  lastActive: now,
  impersonatedBy: null,
};

describe('refresh tokens', () => {
  it('are 256 random bits, stored only as their SHA-256', () => {
    const token = newRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newRefreshToken()).not.toBe(token);
    expect(refreshTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rotate while live; a rotated one coming back is reuse; anything else is refused', () => {
    expect(refreshVerdict(live, now)).toEqual({ outcome: 'rotate' });
    expect(refreshVerdict({ ...live, isRevoked: true, revokedReason: 'rotated' }, now)).toEqual({ outcome: 'reuse' });
    expect(refreshVerdict({ ...live, isRevoked: true, revokedReason: 'logout' }, now)).toEqual({ outcome: 'refuse' });
    expect(refreshVerdict(undefined, now)).toEqual({ outcome: 'refuse' });
    expect(refreshVerdict({ ...live, impersonatedBy: '+972547654321' }, now)).toEqual({ outcome: 'refuse' });
  });

  it('end after their absolute expiry and after 7 idle days', () => {
    expect(refreshVerdict({ ...live, expiresAt: now }, now)).toEqual({ outcome: 'refuse', revokeAs: 'expired' });
    const idle = new Date(now.getTime() - SESSION_IDLE_MS);
    expect(refreshVerdict({ ...live, lastActive: idle }, now)).toEqual({ outcome: 'refuse', revokeAs: 'idle' });
  });
});
