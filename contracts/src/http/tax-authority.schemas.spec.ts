import { describe, expect, it } from 'vitest';
import { taxAuthorityCallbackSchema, taxAuthorityStatusSchema } from './tax-authority.schemas.js';

const STATE = 'q'.repeat(43);

describe("the Tax Authority's way back (decision 047)", () => {
  it('takes a code and our state, and ignores what else the Authority adds', () => {
    expect(taxAuthorityCallbackSchema.parse({ code: 'c0de-1.x', state: STATE, session_state: 'x' })).toEqual({
      code: 'c0de-1.x',
      state: STATE,
    });
    expect(taxAuthorityCallbackSchema.parse({ state: STATE, error: 'access_denied' })).toEqual({
      state: STATE,
      error: 'access_denied',
    });
  });

  it.each([
    ['no state', { code: 'abc' }],
    ['a state not of ours', { code: 'abc', state: 'short' }],
    ['a state twice', { code: 'abc', state: [STATE, STATE] }],
    ['a code with spaces', { code: 'a b', state: STATE }],
    ['an empty code', { code: '', state: STATE }],
    ['a code of 2049 characters', { code: 'x'.repeat(2049), state: STATE }],
  ])('refuses %s', (_name, query) => {
    expect(taxAuthorityCallbackSchema.safeParse(query).success).toBe(false);
  });
});

describe("a seller's status", () => {
  it('reads instants with their offset, and only those', () => {
    const status = {
      configured: true,
      connected: true,
      connectedAt: '2026-07-01T06:00:00.000Z',
      grantEndsAt: '2026-07-31T06:00:00.000Z',
    };
    expect(taxAuthorityStatusSchema.parse(status)).toEqual(status);
    expect(taxAuthorityStatusSchema.safeParse({ ...status, grantEndsAt: '31/07/2026' }).success).toBe(false);
  });
});
