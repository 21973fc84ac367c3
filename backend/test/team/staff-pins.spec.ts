import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  messageFor,
  type PinPeopleAnswer,
  STAFF_GRANT_HEADER,
  type StaffPinGrant,
  type TeamAnswer,
} from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  invite,
  type InvitedPerson,
  type PairedScreen,
  pairScreen,
  signInByCode,
  type SignedInPerson,
  sql,
} from './team-support.js';

// Staff PINs on a shared screen (issue 31, decision 043): a manager's PIN typed on the kitchen screen makes its next
// action the manager's, recorded as theirs on that screen.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let yossi: InvitedPerson;
let yossiSignIn: SignedInPerson;
let screen: PairedScreen;

const YOSSI_PIN = '482916';

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  yossi = await invite(app, owner, 'manager', { name: 'יוסי' });
  yossiSignIn = await signInByCode(app, yossi.e164);
  screen = await pairScreen(app, owner);
});
afterAll(async () => {
  await app?.close();
});

let addresses = 0;
const choosePin = (token: string, pin: unknown) => call(app, 'PUT', '/api/team/me/pin', { token, body: { pin } });
const grant = (memberId: string, pin: string, token = screen.token, ip = `10.66.${(addresses += 1)}.1`) =>
  call(app, 'POST', '/api/team/pin-grants', { token, body: { memberId, pin }, ip });
const refund = (orderId: string, headers: Record<string, string> = {}) =>
  call(app, 'POST', `/api/orders/${orderId}/refunds`, {
    token: screen.token,
    body: { lines: [{ index: 0, quantity: 1 }], reason: 'קפה קר' },
    headers,
  });
const orderEvents = async (orderId: string) =>
  (await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`)).events;

describe('choosing a staff PIN', () => {
  it('a manager chooses theirs; the team list says they have one', async () => {
    const chosen = await choosePin(yossiSignIn.token, YOSSI_PIN);
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toEqual({ pinSet: true });
    const { members } = (await call(app, 'GET', '/api/team', { token: owner.token })).body.data as TeamAnswer;
    expect(members.find((member) => member.id === yossi.id)?.pinSet).toBe(true);
  });

  it('is stored only as a keyed hash: the table holds neither the digits nor their plain hash', async () => {
    const rows = await sql<Record<string, unknown>>(app, 'select * from staff_pins where member_id = ?', [yossi.id]);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(YOSSI_PIN);
    expect(stored).not.toContain(createHash('sha256').update(YOSSI_PIN).digest('hex'));
    expect(rows[0]?.pin_hash).toMatch(/^[0-9a-f]{64}$/);
    // Nor does the event log.
    const log = await sql<{ data: unknown }>(app, `select data from events where type = 'StaffPinChosen'`);
    expect(JSON.stringify(log)).not.toContain(YOSSI_PIN);
  });

  it('is four to six digits', async () => {
    for (const pin of ['123', '1234567', '12a4', 1234, '']) {
      const answer = await choosePin(yossiSignIn.token, pin);
      expect([pin, answer.status]).toEqual([pin, 400]);
      expect(answer.body).toMatchObject({ code: 'validation.failed' });
    }
  });

  it('a screen has none of its own', async () => {
    const answer = await choosePin(screen.token, '1234');
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'auth.role_forbidden' });
  });
});

describe('a PIN on the kitchen screen', () => {
  it('lists who may type one there', async () => {
    const answer = await call(app, 'GET', '/api/team/pin-people', { token: screen.token });
    expect(answer.status).toBe(200);
    expect((answer.body.data as PinPeopleAnswer).people).toEqual([{ id: yossi.id, name: 'יוסי', role: 'manager' }]);
  });

  it("makes the screen's next action the manager's: a refund, recorded as theirs on this screen; once", async () => {
    const { orderId } = await dinerPays(app, shop);
    const given = await grant(yossi.id, YOSSI_PIN);
    expect(given.status).toBe(200);
    const pin = given.body.data as StaffPinGrant;
    expect(pin).toMatchObject({ name: 'יוסי', role: 'manager' });
    expect(Date.parse(pin.expiresAt) - Date.now()).toBeLessThanOrEqual(2 * 60_000);

    const refunded = await refund(orderId, { [STAFF_GRANT_HEADER]: pin.grant });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ amount: '14.50', status: 'refunded' });
    const requested = (await orderEvents(orderId)).find((event) => event.type === 'RefundRequested');
    expect(requested?.metadata.actor).toEqual({ kind: 'member', id: yossi.id, role: 'manager', screenId: screen.id });

    // One grant, one action.
    const replayed = await refund(orderId, { [STAFF_GRANT_HEADER]: pin.grant });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 'auth.unauthenticated' });
    expect((await orderEvents(orderId)).filter((event) => event.type === 'RefundRequested')).toHaveLength(1);
  });

  it('without a grant, the kitchen screen may not refund', async () => {
    const { orderId } = await dinerPays(app, shop);
    const refused = await refund(orderId);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      code: 'auth.role_forbidden',
      message: messageFor('auth.role_forbidden'),
    });
    expect((await orderEvents(orderId)).some((event) => event.type === 'RefundRequested')).toBe(false);
  });

  it("is only a shared screen's: a person's own phone already acts as that person", async () => {
    const answer = await grant(yossi.id, YOSSI_PIN, yossiSignIn.token);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'auth.role_forbidden' });
  });

  it('of someone without a PIN, or of no one, is simply wrong', async () => {
    const kitchen = await invite(app, owner, 'kitchen');
    for (const memberId of [kitchen.id, 'owner', 'nobody']) {
      const answer = await grant(memberId, '1234');
      expect([memberId, answer.status]).toEqual([memberId, 400]);
      expect(answer.body).toMatchObject({ code: 'team.pin_invalid' });
    }
  });

  it('locks after five wrong tries, even against the right PIN', async () => {
    const dana = await invite(app, owner, 'manager', { name: 'דנה' });
    const danaSignIn = await signInByCode(app, dana.e164);
    expect((await choosePin(danaSignIn.token, '7391')).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await grant(dana.id, '0000');
      expect([attempt, wrong.status, wrong.body.code]).toEqual([attempt, 400, 'team.pin_invalid']);
    }
    const fifth = await grant(dana.id, '0000');
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ success: false, code: 'team.pin_locked', message: messageFor('team.pin_locked') });
    expect(Number(fifth.headers.get('retry-after'))).toBe(15 * 60);
    expect((await grant(dana.id, '7391')).status).toBe(429);
    // Another person's PIN is not locked with it.
    expect((await grant(yossi.id, YOSSI_PIN)).status).toBe(200);
    // A new PIN of one's own unlocks it.
    expect((await choosePin(danaSignIn.token, '7391')).status).toBe(200);
    expect((await grant(dana.id, '7391')).status).toBe(200);
  });
});
