import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PromoCodeAnswer } from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The owner's promo codes (issue 33): made, listed, edited, turned off and on; refused input records nothing.

let app: TestApp;
let owner: SignedInOwner;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
}, 60_000);
afterAll(() => bounded('the app', app.close(), 60_000), 120_000);

const create = (body: unknown, token = owner.token) =>
  call<{ data: PromoCodeAnswer }>(app, 'POST', '/api/owner/promo-codes', { token, body });
const list = async () =>
  (await call<{ data: PromoCodeAnswer[] }>(app, 'GET', '/api/owner/promo-codes', { token: owner.token })).body.data;
const eventsOfPromos = async () => {
  const rows = (await app.database
    .em()
    .getConnection()
    .execute(`select count(*)::int as n from events where stream_id = ?`, [`promos-${owner.phone}`])) as {
    n: number;
  }[];
  return rows[0]?.n ?? 0;
};

describe("the owner's promo codes", () => {
  it('a new code is listed in upper case with its rules, on', async () => {
    const created = await create({
      code: ' happy10 ',
      rules: {
        kind: 'percent',
        percent: 10,
        minOrderAgorot: 3_000,
        validFrom: '2026-12-01',
        validUntil: '2026-12-31',
        hours: { from: '17:00', until: '19:00' },
        categoryIds: [4],
        maxUses: 50,
        oncePerDiner: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      code: 'HAPPY10',
      active: true,
      kind: 'percent',
      percent: 10,
      amountAgorot: null,
      minOrderAgorot: 3_000,
      hours: { from: '17:00', until: '19:00' },
      productIds: [],
      categoryIds: [4],
      maxUses: 50,
      oncePerDiner: true,
    });
    expect((await list()).map((code) => code.code)).toContain('HAPPY10');
  });

  it('a name the business has already, in any case, is refused', async () => {
    await create({ code: 'TWICE', rules: { kind: 'percent', percent: 5 } });
    const again = await create({ code: 'twice', rules: { kind: 'percent', percent: 5 } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'promo.code_taken' });
  });

  it('an edit changes the rules, never the name; turning off and on again keeps the code', async () => {
    const { id } = (await create({ code: 'EDITME', rules: { kind: 'percent', percent: 5 } })).body.data;
    const edited = await call<{ data: PromoCodeAnswer }>(app, 'PUT', `/api/owner/promo-codes/${id}`, {
      token: owner.token,
      body: { kind: 'amount', amountAgorot: 1_000, minOrderAgorot: 5_000 },
    });
    expect(edited.body.data).toMatchObject({ code: 'EDITME', kind: 'amount', amountAgorot: 1_000, percent: null });
    const off = await call<{ data: PromoCodeAnswer }>(app, 'POST', `/api/owner/promo-codes/${id}/turn-off`, {
      token: owner.token,
    });
    expect(off.body.data.active).toBe(false);
    const on = await call<{ data: PromoCodeAnswer }>(app, 'POST', `/api/owner/promo-codes/${id}/turn-on`, {
      token: owner.token,
    });
    expect(on.body.data.active).toBe(true);
    expect((await list()).filter((code) => code.id === id)).toHaveLength(1);
  });

  it('no code can be deleted', async () => {
    const { id } = (await create({ code: 'KEEPME', rules: { kind: 'percent', percent: 5 } })).body.data;
    const deleted = await call(app, 'DELETE', `/api/owner/promo-codes/${id}`, { token: owner.token });
    expect(deleted.status).toBe(404);
    expect((await list()).some((code) => code.id === id)).toBe(true);
  });

  it.each([
    ['a code of 10,000 characters', { code: 'A'.repeat(10_000), rules: { kind: 'percent', percent: 10 } }, 'code'],
    ['a percent over 100', { code: 'BAD1', rules: { kind: 'percent', percent: 101 } }, 'rules.percent'],
    [
      'an amount off the least order does not leave above zero',
      { code: 'BAD2', rules: { kind: 'amount', amountAgorot: 2_000, minOrderAgorot: 1_500 } },
      'rules.amountAgorot',
    ],
    [
      'dates reversed',
      { code: 'BAD3', rules: { kind: 'percent', percent: 10, validFrom: '2026-12-31', validUntil: '2026-12-01' } },
      'rules.validUntil',
    ],
  ])('refuses %s with a clear 400 and records nothing', async (_name, body, field) => {
    const before = await eventsOfPromos();
    const refused = await create(body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'validation.failed' });
    expect(Object.keys((refused.body as { fields?: object }).fields ?? {})).toContain(field);
    expect(await eventsOfPromos()).toBe(before);
  });

  it("another business's code is a plain 404", async () => {
    const { id } = (await create({ code: 'MINE', rules: { kind: 'percent', percent: 5 } })).body.data;
    const stranger = await registerOwner(app);
    const answer = await call(app, 'POST', `/api/owner/promo-codes/${id}/turn-off`, { token: stranger.token });
    expect(answer.status).toBe(404);
    expect((await list()).find((code) => code.id === id)?.active).toBe(true);
  });
});
