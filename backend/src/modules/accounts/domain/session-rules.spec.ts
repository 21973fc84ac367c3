import {
  DEVICE_SESSION_MS,
  newRefreshToken,
  refreshTokenHash,
  refreshVerdict,
  ROTATION_GRACE_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  successorRefreshToken,
} from './session-rules.js';

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
    const rotated = { ...live, isRevoked: true, revokedReason: 'rotated' };
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(refreshVerdict({ ...rotated, revokedAt: ago(ROTATION_GRACE_MS) }, now)).toEqual({ outcome: 'reuse' });
    expect(refreshVerdict({ ...rotated, revokedAt: null }, now)).toEqual({ outcome: 'reuse' });
    expect(refreshVerdict({ ...live, isRevoked: true, revokedReason: 'logout' }, now)).toEqual({ outcome: 'refuse' });
    expect(refreshVerdict(undefined, now)).toEqual({ outcome: 'refuse' });
    expect(refreshVerdict({ ...live, impersonatedBy: '+972547654321' }, now)).toEqual({ outcome: 'refuse' });
  });

  it('rotated a moment ago, within the grace window, rejoin the session they rotated into', () => {
    const rotated = { ...live, isRevoked: true, revokedReason: 'rotated' };
    expect(refreshVerdict({ ...rotated, revokedAt: now }, now)).toEqual({ outcome: 'rejoin' });
    const justInside = new Date(now.getTime() - ROTATION_GRACE_MS + 1);
    expect(refreshVerdict({ ...rotated, revokedAt: justInside }, now)).toEqual({ outcome: 'rejoin' });
    expect(ROTATION_GRACE_MS).toBe(30_000);
  });

  it('rotate into a successor derived with the server key: the same for the same token, unknowable without the key', () => {
    const token = newRefreshToken();
    const key = Buffer.alloc(32, 1);
    const successor = successorRefreshToken(key, token);
    expect(Buffer.from(successor, 'base64url')).toHaveLength(32);
    expect(successorRefreshToken(key, token)).toBe(successor);
    expect(successorRefreshToken(Buffer.alloc(32, 2), token)).not.toBe(successor);
    expect(successorRefreshToken(key, newRefreshToken())).not.toBe(successor);
  });

  it('end after their absolute expiry and after 7 idle days', () => {
    expect(refreshVerdict({ ...live, expiresAt: now }, now)).toEqual({ outcome: 'refuse', revokeAs: 'expired' });
    const idle = new Date(now.getTime() - SESSION_IDLE_MS);
    expect(refreshVerdict({ ...live, lastActive: idle }, now)).toEqual({ outcome: 'refuse', revokeAs: 'idle' });
  });

  it("of a team member end after the business's idle time instead of seven days", () => {
    const twoHours = 2 * 60 * 60_000;
    const idleFor = (ms: number) => ({ ...live, idleMs: twoHours, lastActive: new Date(now.getTime() - ms) });
    expect(refreshVerdict(idleFor(twoHours - 1), now)).toEqual({ outcome: 'rotate' });
    expect(refreshVerdict(idleFor(twoHours), now)).toEqual({ outcome: 'refuse', revokeAs: 'idle' });
  });

  it('of a paired screen are kept, not rotated, however long unused, until revoked or expired', () => {
    const screen = { ...live, device: true, lastActive: new Date(now.getTime() - 10 * SESSION_IDLE_MS) };
    expect(refreshVerdict(screen, now)).toEqual({ outcome: 'keep' });
    expect(refreshVerdict({ ...screen, isRevoked: true, revokedReason: 'removed_from_team' }, now)).toEqual({
      outcome: 'refuse',
    });
    expect(refreshVerdict({ ...screen, expiresAt: now }, now)).toEqual({ outcome: 'refuse', revokeAs: 'expired' });
    expect(DEVICE_SESSION_MS).toBeGreaterThan(SESSION_ABSOLUTE_MS);
  });
});
