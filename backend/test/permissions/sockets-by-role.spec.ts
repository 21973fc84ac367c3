import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelMonthOf } from '@tafrit/contracts';
import type { Socket } from 'socket.io-client';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { liveEvents, openSocket, refusal } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { invitedAndSignedIn, pairScreen, refresh, signInPerson, type SignedInMember } from './team-members.js';

// Issue 31: the owner's socket namespace follows the roles as the routes do, and a person removed or moved, or a
// screen revoked, loses its open sockets and its next call at once (decision 043).

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
const opened: Socket[] = [];
/** The month's report: the accountant's route. */
const REPORT = `/api/orders?month=${israelMonthOf(new Date())}`;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
}, 120_000);

afterAll(async () => {
  for (const socket of opened) socket.close();
  await bounded('the app', app.close(), 60_000);
}, 120_000);

const consoleOf = async (token: string) => {
  const socket = await openSocket(app, '/owner', { token });
  opened.push(socket);
  return socket;
};

/** Resolves when the server drops the socket, with socket.io's reason. */
const dropped = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (socket.disconnected) resolve('already disconnected');
    socket.once('disconnect', (reason) => resolve(reason));
  });

describe("the owner's live socket by role", () => {
  it("admits the owner, a manager, a kitchen person and a screen, and each hears the business's paid order", async () => {
    const manager = await invitedAndSignedIn(app, owner, 'manager');
    const kitchen = await invitedAndSignedIn(app, owner, 'kitchen');
    const screen = await pairScreen(app, manager);
    const consoles = await Promise.all([owner, manager, kitchen, screen].map(({ token }) => consoleOf(token)));
    const heard = consoles.map((socket) => liveEvents(socket));
    const { orderId } = await dinerPays(app, shop);
    for (const events of heard) {
      const paid = await events.next((event) => event.kind === 'order.paid' && event.order.orderId === orderId);
      expect(paid.kind).toBe('order.paid');
    }
  });

  it('refuses the accountant with auth.role_forbidden', async () => {
    const accountant = await invitedAndSignedIn(app, owner, 'accountant');
    expect(await refusal(app, '/owner', { token: accountant.token })).toBe('auth.role_forbidden');
    // The same token is good for what the accountant may do.
    expect((await call(app, 'GET', REPORT, { token: accountant.token })).status).toBe(200);
  });
});

describe('ending a member', () => {
  /** A live socket of the member, and the proof that the member is signed in and working before the change. */
  async function connected(member: SignedInMember) {
    expect((await call(app, 'GET', '/api/live-orders', { token: member.token })).status).toBe(200);
    const socket = await consoleOf(member.token);
    return { socket, drop: dropped(socket) };
  }

  const expectSignedOut = async (member: SignedInMember) => {
    const next = await call(app, 'GET', '/api/live-orders', { token: member.token });
    expect({ status: next.status, body: next.body }).toMatchObject({
      status: 401,
      body: { code: 'auth.unauthenticated' },
    });
    expect((await refresh(app, member.refreshCookie)).status).toBe(401);
    expect(await refusal(app, '/owner', { token: member.token })).toBe('auth.unauthenticated');
  };

  it('removing a person drops their sockets at once, and their next call answers 401', async () => {
    const cook = await invitedAndSignedIn(app, owner, 'kitchen');
    const { drop } = await connected(cook);
    expect((await call(app, 'DELETE', `/api/team/${cook.id}`, { token: owner.token })).status).toBe(200);
    expect(await drop).toBe('io server disconnect');
    await expectSignedOut(cook);
  });

  it('revoking a screen drops its sockets at once, and its device token renews nothing', async () => {
    const screen = await pairScreen(app, owner, 'מסך בר');
    const { drop } = await connected(screen);
    expect((await call(app, 'DELETE', `/api/team/${screen.id}`, { token: owner.token })).status).toBe(200);
    expect(await drop).toBe('io server disconnect');
    await expectSignedOut(screen);
  });

  it("changing a person's role ends their sign-ins and sockets; signing in again gives the new role", async () => {
    const cook = await invitedAndSignedIn(app, owner, 'kitchen');
    expect((await call(app, 'GET', REPORT, { token: cook.token })).status).toBe(403);
    const { drop } = await connected(cook);
    const changed = await call(app, 'PATCH', `/api/team/${cook.id}`, {
      token: owner.token,
      body: { role: 'accountant' },
    });
    expect(changed.status).toBe(200);
    expect(await drop).toBe('io server disconnect');
    await expectSignedOut(cook);
    const again = await signInPerson(app, cook.phone);
    expect(again.session).toMatchObject({ member: { role: 'accountant' } });
    expect((await call(app, 'GET', REPORT, { token: again.token })).status).toBe(200);
    expect(await refusal(app, '/owner', { token: again.token })).toBe('auth.role_forbidden');
  });

  it("leaves the rest of the team's sockets open", async () => {
    const stays = await invitedAndSignedIn(app, owner, 'kitchen');
    const leaves = await invitedAndSignedIn(app, owner, 'kitchen');
    const staying = await consoleOf(stays.token);
    const { drop } = await connected(leaves);
    await call(app, 'DELETE', `/api/team/${leaves.id}`, { token: owner.token });
    await drop;
    // Still connected and still hearing the business: the next paid order reaches it.
    const heard = liveEvents(staying);
    const { orderId } = await dinerPays(app, shop);
    await heard.next((event) => event.kind === 'order.paid' && event.order.orderId === orderId);
    expect(staying.connected).toBe(true);
    expect((await call(app, 'GET', '/api/live-orders', { token: stays.token })).status).toBe(200);
  });
});
