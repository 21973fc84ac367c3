import { SecretBox } from './secret-box.js';

const key = (byte: number) => Buffer.alloc(32, byte);
const CONTEXT = 'business-secret:+972547654321:cardcom-api-password';

describe('the secret box (AES-256-GCM, decision 026)', () => {
  it('seals with the first key, naming it, and opens only with the same context', () => {
    const box = new SecretBox({ secretsKeys: [{ id: 'k2', key: key(2) }] });
    const sealed = box.seal('p@ss', CONTEXT);
    expect(sealed).toMatch(/^v1\.k2\./);
    expect(sealed).not.toContain('p@ss');
    expect(box.seal('p@ss', CONTEXT)).not.toBe(sealed);
    expect(box.open(sealed, CONTEXT)).toBe('p@ss');
    expect(() => box.open(sealed, 'business-secret:+972541111111:cardcom-api-password')).toThrow();
  });

  it('refuses a sealed value that was altered', () => {
    const box = new SecretBox({ secretsKeys: [{ id: 'k2', key: key(2) }] });
    const parts = box.seal('p@ss', CONTEXT).split('.');
    parts[4] = Buffer.from('evil').toString('base64url');
    expect(() => box.open(parts.join('.'), CONTEXT)).toThrow();
  });

  it('rotates: a new first key opens what the old one sealed while both are configured, and says it needs resealing', () => {
    const old = new SecretBox({ secretsKeys: [{ id: 'k1', key: key(1) }] });
    const sealed = old.seal('p@ss', CONTEXT);
    const rotated = new SecretBox({
      secretsKeys: [
        { id: 'k2', key: key(2) },
        { id: 'k1', key: key(1) },
      ],
    });
    expect(rotated.open(sealed, CONTEXT)).toBe('p@ss');
    expect(rotated.needsResealing(sealed)).toBe(true);
    expect(rotated.needsResealing(rotated.seal('p@ss', CONTEXT))).toBe(false);
    // Once the old key is gone, what it sealed no longer opens.
    expect(() => new SecretBox({ secretsKeys: [{ id: 'k2', key: key(2) }] }).open(sealed, CONTEXT)).toThrow(/k1/);
  });

  it('without a key it cannot seal (the owner gets secrets.unavailable), never stores plaintext', () => {
    const box = new SecretBox({ secretsKeys: undefined });
    expect(box.available).toBe(false);
    expect(() => box.seal('p@ss', CONTEXT)).toThrow(expect.objectContaining({ code: 'secrets.unavailable' }));
  });
});
