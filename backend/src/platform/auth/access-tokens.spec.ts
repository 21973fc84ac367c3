import { describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../config/config.js';
import { AccessTokens } from './access-tokens.js';
import { deriveKey } from './derive-key.js';

const SECRET = 'unit-secret-unit-secret-unit-secret-1234';
const tokens = new AccessTokens({ jwtSecret: SECRET } as AppConfig);
const SESSION = '0f8fad5b-d9cb-469f-a165-70867728950e';
const MEMBER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const PHONE = '+972521234567';

/** A token signed with the very key and issuer the app uses, with whatever claims a test needs (bad ones too). */
function forge(claims: Record<string, unknown>, options: { audience?: string; secret?: string; exp?: boolean } = {}) {
  const jwt = new JwtService({ secret: deriveKey(options.secret ?? SECRET, 'access-tokens') });
  return jwt.signAsync(
    { sid: SESSION, ...claims },
    {
      algorithm: 'HS256',
      issuer: 'tafrit',
      audience: options.audience ?? 'owner',
      subject: PHONE,
      ...(options.exp === false ? {} : { expiresIn: 900 }),
    },
  );
}

const payloadOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe('access tokens of a business', () => {
  it("are the owner's when they name no role and no member, and carry neither claim", async () => {
    const token = await tokens.sign({ audience: 'owner', subject: PHONE, sessionId: SESSION });
    expect(payloadOf(token)).not.toHaveProperty('rol');
    expect(payloadOf(token)).not.toHaveProperty('mid');
    expect(await tokens.verify(token, 'owner')).toMatchObject({
      subject: PHONE,
      sessionId: SESSION,
      role: 'owner',
      member: undefined,
    });
  });

  it.each([
    ['a person', 'manager', 'person'],
    ['a person', 'accountant', 'person'],
    ['a screen', 'kitchen', 'screen'],
  ] as const)("carry %s's role (%s) and team id", async (_who, role, kind) => {
    const token = await tokens.sign({
      audience: 'owner',
      subject: PHONE,
      sessionId: SESSION,
      role,
      member: { kind, id: MEMBER },
    });
    expect(payloadOf(token)).toMatchObject({ rol: role, mid: MEMBER, mk: kind });
    expect(await tokens.verify(token, 'owner')).toMatchObject({ role, member: { kind, id: MEMBER } });
  });

  it('are not signed with a role and no member, or a member and no role', async () => {
    await expect(
      tokens.sign({ audience: 'owner', subject: PHONE, sessionId: SESSION, role: 'kitchen' }),
    ).rejects.toThrow();
    await expect(
      tokens.sign({ audience: 'owner', subject: PHONE, sessionId: SESSION, member: { kind: 'person', id: MEMBER } }),
    ).rejects.toThrow();
  });
});

describe('a token whose role claims do not hold together is refused', () => {
  it.each([
    ['a member and no role', { mid: MEMBER, mk: 'person' }],
    ['a role and no member', { rol: 'manager' }],
    ["the owner's role named with a member", { rol: 'owner', mid: MEMBER, mk: 'person' }],
    ['a role that does not exist', { rol: 'chef', mid: MEMBER, mk: 'person' }],
    ['a role that is not a string', { rol: 3, mid: MEMBER, mk: 'person' }],
    ['a member kind that does not exist', { rol: 'kitchen', mid: MEMBER, mk: 'admin' }],
    ['a member without a kind', { rol: 'kitchen', mid: MEMBER }],
    ['a member kind without a member', { rol: 'kitchen', mk: 'screen' }],
    ['a member id that is not a team id', { rol: 'kitchen', mid: 'owner', mk: 'person' }],
    ['a member id that is not a string', { rol: 'kitchen', mid: 42, mk: 'person' }],
  ])('%s', async (_case, claims) => {
    expect(await tokens.verify(await forge(claims), 'owner')).toBeUndefined();
  });

  it('unless they do: the same forge makes a valid member token', async () => {
    const token = await forge({ rol: 'kitchen', mid: MEMBER, mk: 'screen' });
    expect(await tokens.verify(token, 'owner')).toMatchObject({ role: 'kitchen', member: { kind: 'screen' } });
  });
});

describe('a token is refused', () => {
  it("when it is an administrator's token naming a team member", async () => {
    const token = await forge({ rol: 'manager', mid: MEMBER, mk: 'person' }, { audience: 'admin' });
    expect(await tokens.verify(token, 'admin')).toBeUndefined();
    expect(await tokens.verify(await forge({}, { audience: 'admin' }), 'admin')).toMatchObject({ role: 'owner' });
  });

  it('when it is of the other audience', async () => {
    const member = await forge({ rol: 'manager', mid: MEMBER, mk: 'person' });
    expect(await tokens.verify(member, 'admin')).toBeUndefined();
    expect(await tokens.verify(await forge({}, { audience: 'admin' }), 'owner')).toBeUndefined();
  });

  it('when it never expires, or was signed with another key', async () => {
    expect(
      await tokens.verify(await forge({ rol: 'kitchen', mid: MEMBER, mk: 'screen' }, { exp: false }), 'owner'),
    ).toBeUndefined();
    const otherKey = await forge({ rol: 'kitchen', mid: MEMBER, mk: 'screen' }, { secret: `${SECRET}-other` });
    expect(await tokens.verify(otherKey, 'owner')).toBeUndefined();
  });

  it('when its role was changed after signing', async () => {
    const token = await tokens.sign({
      audience: 'owner',
      subject: PHONE,
      sessionId: SESSION,
      role: 'kitchen',
      member: { kind: 'screen', id: MEMBER },
    });
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...payloadOf(token), rol: 'manager' })).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.${signature}`, 'owner')).toBeUndefined();
  });
});
