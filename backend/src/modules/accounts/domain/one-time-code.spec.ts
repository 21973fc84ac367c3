import { attemptVerdict, codeHash, hashesMatch, newCode, sendVerdict } from './one-time-code.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const key = Buffer.alloc(32, 1);

describe('one-time code rules', () => {
  it('makes six digits, zeros included', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it('hashes a code differently for another phone, purpose or key', () => {
    const base = codeHash(key, { phone: '+972542222222', purpose: 'owner', code: '123456' });
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(codeHash(key, { phone: '+972543333333', purpose: 'owner', code: '123456' })).not.toBe(base);
    expect(codeHash(key, { phone: '+972542222222', purpose: 'admin', code: '123456' })).not.toBe(base);
    expect(codeHash(Buffer.alloc(32, 2), { phone: '+972542222222', purpose: 'owner', code: '123456' })).not.toBe(base);
    expect(hashesMatch(base, base)).toBe(true);
    expect(hashesMatch(base, undefined)).toBe(false);
  });

  it('allows a send after 30 seconds, and a sixth in the hour only when the fifth newest has left it', () => {
    expect(sendVerdict([], now)).toEqual({ allowed: true });
    expect(sendVerdict([secondsAgo(10)], now)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect(sendVerdict([secondsAgo(30)], now)).toEqual({ allowed: true });
    const five = [40, 100, 200, 300, 400].map(secondsAgo);
    expect(sendVerdict(five, now)).toEqual({ allowed: false, retryAfterSeconds: 3200 });
    expect(sendVerdict([...five, secondsAgo(3700)], now)).toEqual({ allowed: false, retryAfterSeconds: 3200 });
    expect(sendVerdict(five.slice(0, 4), now)).toEqual({ allowed: true });
    // A site that raised the hourly limit (OTP_SENDS_PER_HOUR) lets a sixth go, still one per 30 seconds.
    expect(sendVerdict(five, now, 6)).toEqual({ allowed: true });
    expect(sendVerdict([secondsAgo(10), ...five], now, 60)).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });

  it('judges an attempt: used, locked and expired come before the digits', () => {
    const hash = codeHash(key, { phone: '+972542222222', purpose: 'owner', code: '123456' });
    const wrongHash = codeHash(key, { phone: '+972542222222', purpose: 'owner', code: '654321' });
    const stored = { codeHash: hash, expiresAt: new Date(now.getTime() + 1000), isUsed: false, attempts: 0 };
    expect(attemptVerdict(stored, hash, now)).toEqual({ outcome: 'accepted' });
    expect(attemptVerdict(stored, wrongHash, now)).toEqual({ outcome: 'wrong', attempts: 1, locked: false });
    expect(attemptVerdict({ ...stored, attempts: 4 }, wrongHash, now)).toEqual({
      outcome: 'wrong',
      attempts: 5,
      locked: true,
    });
    expect(attemptVerdict({ ...stored, attempts: 5 }, hash, now)).toEqual({ outcome: 'locked' });
    expect(attemptVerdict({ ...stored, isUsed: true }, hash, now)).toEqual({ outcome: 'invalid' });
    expect(attemptVerdict({ ...stored, expiresAt: now }, hash, now)).toEqual({ outcome: 'expired' });
    expect(attemptVerdict(undefined, hash, now)).toEqual({ outcome: 'invalid' });
  });
});
