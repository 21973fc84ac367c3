import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type ActivityAnswer,
  type LiveEvent,
  type OrderTimeline,
  type OrderTimelineStep,
  SOCKET_NAMESPACES,
  STAFF_GRANT_HEADER,
} from '@tafrit/contracts';
import type { Socket } from 'socket.io-client';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { newPhone, OWNER_COOKIE, registerOwner, signInOnceMore, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { liveEvents, openSocket } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Who did what (issue 31, item 4): the order's timeline on the console and in the report, the socket's word of who
// moved an order, and the owner's activity page, with people invited, signed in on their own phones and on a screen.

let app: TestApp;
let owner: SignedInOwner;
let other: SignedInOwner;
let shop: Shop;
let socket: Socket;
/** What the owner's console heard from the start. */
let heard: ReturnType<typeof liveEvents>;
const team: Record<'dana' | 'yossi' | 'roni' | 'avi', { id: string; token: string }> = {} as never;
let screen: { id: string; token: string };
let orderId: string;

type Invited = { id: string; token: string };

async function invite(name: string, role: 'manager' | 'kitchen' | 'accountant'): Promise<Invited> {
  const phone = newPhone();
  const answer = await call(app, 'POST', '/api/team', { token: owner.token, body: { phone: phone.local, name, role } });
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`invite: ${answer.status} ${JSON.stringify(answer.body)}`);
  const { id } = answer.body.data as { id: string };
  const { token } = await signInOnceMore(app, phone.e164);
  return { id, token };
}

async function pairScreen(name: string): Promise<{ id: string; token: string }> {
  const code = await call(app, 'POST', '/api/team/pairing-codes', { token: owner.token });
  const { code: typed } = code.body.data as { code: string };
  const paired = await call(app, 'POST', '/api/devices/pair', { body: { code: typed, name }, ip: '10.31.0.1' });
  if (paired.status >= 300) throw new Error(`pair: ${paired.status} ${JSON.stringify(paired.body)}`);
  const refreshed = await call(app, 'POST', '/api/auth/refresh', {
    cookies: { [OWNER_COOKIE]: paired.cookies[OWNER_COOKIE]?.value ?? '' },
  });
  const { token } = refreshed.body.data as { token: string };
  const list = await call(app, 'GET', '/api/team', { token: owner.token });
  const row = (list.body.data as { members: { id: string; name: string }[] }).members.find((m) => m.name === name);
  if (!row) throw new Error('the paired screen is not in the team list');
  return { id: row.id, token };
}

const runProcessors = () => app.app.get(ProcessorRunner).runUntilIdle();

async function timeline(path: string, token: string) {
  return call<{ data: OrderTimeline }>(app, 'GET', path, { token });
}

const step = (steps: OrderTimelineStep[], type: OrderTimelineStep['type']) => steps.find((s) => s.type === type);

async function activity(token: string, query = '') {
  return call<{ data: ActivityAnswer }>(app, 'GET', `/api/team/activity${query}`, { token });
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app, { businessName: 'קפה הצוות' });
  other = await registerOwner(app, { businessName: 'קפה השכנים' });
  shop = await openShop(app, owner);
  team.dana = await invite('דנה', 'kitchen');
  team.yossi = await invite('יוסי', 'manager');
  team.roni = await invite('רוני', 'accountant');
  team.avi = await invite('אבי', 'kitchen');
  screen = await pairScreen('מטבח');
  socket = await openSocket(app, SOCKET_NAMESPACES.owner, { token: owner.token });
  heard = liveEvents(socket);

  ({ orderId } = await dinerPays(app, shop));
  // Dana accepts on her own phone; Avi marks it ready with his PIN on the kitchen screen; Yossi refunds ₪12.00.
  const accepted = await call(app, 'POST', `/api/live-orders/${orderId}/status`, {
    token: team.dana.token,
    body: { status: 'accepted', readyInMinutes: 15 },
  });
  expect(accepted.status).toBe(200);
  await heard.next((event) => event.kind === 'order.status' && event.status === 'accepted');
  expect((await call(app, 'PUT', '/api/team/me/pin', { token: team.avi.token, body: { pin: '4812' } })).status).toBe(
    200,
  );
  const grant = await call(app, 'POST', '/api/team/pin-grants', {
    token: screen.token,
    body: { memberId: team.avi.id, pin: '4812' },
    ip: '10.31.0.2',
  });
  expect(grant.status).toBe(200);
  const ready = await call(app, 'POST', `/api/live-orders/${orderId}/status`, {
    token: screen.token,
    body: { status: 'ready' },
    headers: { [STAFF_GRANT_HEADER]: (grant.body.data as { grant: string }).grant },
  });
  expect(ready.status).toBe(200);
  const refunded = await call(app, 'POST', `/api/orders/${orderId}/refunds`, {
    token: team.yossi.token,
    body: { amount: '12.00', reason: 'קרואסון חסר' },
  });
  expect(refunded.status).toBe(200);
  // Then Dana becomes a manager and Yossi leaves: their acts keep the name, and the role they were done with.
  expect(
    (await call(app, 'PATCH', `/api/team/${team.dana.id}`, { token: owner.token, body: { role: 'manager' } })).status,
  ).toBe(200);
  expect((await call(app, 'DELETE', `/api/team/${team.yossi.id}`, { token: owner.token })).status).toBe(200);
  // The other business acts too, so its acts could show up where they must not.
  await openShop(app, other);
  await runProcessors();
}, 120_000);

afterAll(async () => {
  socket?.close();
  await app?.close();
});

describe("an order's timeline", () => {
  it('says who accepted, made ready and refunded it, with the role of then, after a role change and a removal', async () => {
    const answer = await timeline(`/api/live-orders/${orderId}/timeline`, owner.token);
    expect(answer.status).toBe(200);
    const { steps, orderNumber, test } = answer.body.data;
    expect(orderNumber).toBeGreaterThan(0);
    expect(test).toBe(false);
    expect(steps.map((s) => s.type)).toEqual(
      expect.arrayContaining([
        'OrderPlaced',
        'OrderPaid',
        'OrderAccepted',
        'OrderReady',
        'RefundRequested',
        'OrderRefunded',
      ]),
    );
    expect(step(steps, 'OrderAccepted')?.actor).toEqual({
      kind: 'member',
      id: team.dana.id,
      name: 'דנה',
      role: 'kitchen',
      screenName: null,
    });
    expect(step(steps, 'OrderReady')?.actor).toEqual({
      kind: 'member',
      id: team.avi.id,
      name: 'אבי',
      role: 'kitchen',
      screenName: 'מטבח',
    });
    expect(step(steps, 'OrderRefunded')).toMatchObject({
      amountAgorot: 1200,
      actor: { kind: 'member', id: team.yossi.id, name: 'יוסי', role: 'manager' },
    });
    expect(step(steps, 'OrderPlaced')?.actor).toMatchObject({ kind: 'diner', id: null, role: null });
    // Oldest first, each at the instant it was recorded.
    const times = steps.map((s) => Date.parse(s.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('is the same on the report, and each route answers only the role whose job it is', async () => {
    const live = await timeline(`/api/live-orders/${orderId}/timeline`, owner.token);
    const report = await timeline(`/api/reports/orders/${orderId}/timeline`, owner.token);
    expect(report.status).toBe(200);
    expect(report.body).toEqual(live.body);
    // The accountant reads the report, not the live orders; the kitchen the other way round.
    expect((await timeline(`/api/reports/orders/${orderId}/timeline`, team.roni.token)).status).toBe(200);
    const refused = await timeline(`/api/live-orders/${orderId}/timeline`, team.roni.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'auth.role_forbidden' });
    expect((await timeline(`/api/live-orders/${orderId}/timeline`, team.avi.token)).status).toBe(200);
    expect((await timeline(`/api/reports/orders/${orderId}/timeline`, team.avi.token)).status).toBe(403);
  });

  it("answers another business's order, an unknown one and a malformed id with the same 404", async () => {
    for (const path of [`/api/live-orders/${orderId}/timeline`, `/api/reports/orders/${orderId}/timeline`]) {
      const answer = await timeline(path, other.token);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, code: 'order.not_found' });
    }
    const unknown = await timeline('/api/live-orders/8f1f7c36-6a8e-4d0b-9c55-0e2b4b0f9a11/timeline', owner.token);
    expect(unknown.status).toBe(404);
    expect((await timeline('/api/reports/orders/not-an-id/timeline', owner.token)).status).toBe(404);
  });
});

describe("the console's push of a step", () => {
  it('says who moved the order, a PIN on a screen by the person', async () => {
    const accepted = await heard.next(
      (e) => e.kind === 'order.status' && e.orderId === orderId && e.status === 'accepted',
    );
    const ready = await heard.next((e) => e.kind === 'order.status' && e.orderId === orderId && e.status === 'ready');
    expect((accepted as Extract<LiveEvent, { kind: 'order.status' }>).by).toBe('דנה');
    expect((ready as Extract<LiveEvent, { kind: 'order.status' }>).by).toBe('אבי');
  });
});

describe("the owner's activity page", () => {
  it('lists the latest acts first, with who did them as the team names them', async () => {
    const answer = await activity(owner.token);
    expect(answer.status).toBe(200);
    const { items, people } = answer.body.data;
    const positions = items.map((item) => item.position);
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
    const removed = items.find((item) => item.type === 'TeamMemberRemoved');
    expect(removed).toMatchObject({ kind: 'team', actor: { kind: 'owner', name: 'בעלי העסק' }, subject: 'יוסי' });
    const refund = items.find((item) => item.type === 'RefundRequested');
    expect(refund).toMatchObject({
      kind: 'refunds',
      orderId,
      orderNumber: expect.any(Number),
      amountAgorot: 1200,
      actor: { id: team.yossi.id, name: 'יוסי', role: 'manager' },
    });
    expect(people).toEqual(
      expect.arrayContaining([
        { id: 'owner', name: 'בעלי העסק', kind: 'owner', removed: false },
        { id: team.yossi.id, name: 'יוסי', kind: 'person', removed: true },
        { id: screen.id, name: 'מטבח', kind: 'screen', removed: false },
      ]),
    );
  });

  it('filters by person and by kind; a screen also finds the PINs typed on it', async () => {
    const dana = (await activity(owner.token, `?member=${team.dana.id}`)).body.data.items;
    expect(dana.map((item) => [item.type, item.actor.name])).toEqual([['OrderAccepted', 'דנה']]);
    const onScreen = (await activity(owner.token, `?member=${screen.id}`)).body.data.items;
    expect(onScreen.map((item) => [item.type, item.actor.name, item.actor.screenName])).toContainEqual([
      'OrderReady',
      'אבי',
      'מטבח',
    ]);
    const refunds = (await activity(owner.token, '?kind=refunds')).body.data.items;
    expect(refunds.length).toBeGreaterThan(0);
    expect(refunds.every((item) => item.kind === 'refunds')).toBe(true);
    const ownerMenu = (await activity(owner.token, '?member=owner&kind=menu')).body.data.items;
    expect(ownerMenu.length).toBeGreaterThan(0);
    expect(ownerMenu.every((item) => item.kind === 'menu' && item.actor.kind === 'owner')).toBe(true);
    expect((await activity(owner.token, '?kind=payouts')).status).toBe(400);
  });

  it("never shows another business's acts, whatever the filter", async () => {
    const mine = (await activity(owner.token)).body.data.items.map((item) => item.position);
    const theirs = (await activity(other.token)).body.data.items;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((item) => mine.includes(item.position))).toEqual([]);
    expect(theirs.every((item) => item.actor.kind === 'owner')).toBe(true);
    expect((await activity(other.token, `?member=${team.dana.id}`)).body.data.items).toEqual([]);
    expect((await activity(other.token)).body.data.people.map((person) => person.id)).toEqual(['owner']);
  });

  it('pages 50 acts at a time back to the first, each act once', async () => {
    // 13 to 72 hours: never the default 12 again, so each choice is an act.
    for (let hours = 13; hours <= 72; hours++) {
      const chosen = await call(app, 'PUT', '/api/team/settings', { token: owner.token, body: { idleHours: hours } });
      expect(chosen.status).toBe(200);
    }
    await runProcessors();
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const page: ActivityAnswer = (await activity(owner.token, before === null ? '' : `?before=${before}`)).body.data;
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items.map((item) => item.position));
      before = page.nextBefore;
      pages++;
    } while (before !== null && pages < 10);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const settings = (await activity(owner.token, '?kind=team&member=owner')).body.data;
    expect(settings.items).toHaveLength(50);
    expect(settings.nextBefore).toBe(settings.items.at(-1)?.position);
  });

  it('is the owner’s alone', async () => {
    const refused = await activity(team.roni.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'auth.role_forbidden' });
  });
});
