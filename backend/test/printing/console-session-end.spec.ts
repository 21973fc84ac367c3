import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LiveEvent } from '@tafrit/contracts';
import type { Socket } from 'socket.io-client';
import { OWNER_COOKIE, registerOwner, signInAdmin, signInOnceMore, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { liveEvents, openSocket } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 29, item 3: an owner console's socket ends with its session. Before, a console signed out (or whose sign-in
// was ended from another device, or whose account was closed) kept hearing every new order.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const isPaid = (event: LiveEvent) => event.kind === 'order.paid';

/** Resolves with the reason once the server drops the socket. */
const disconnection = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (socket.disconnected) resolve('already');
    socket.once('disconnect', (reason) => resolve(reason));
  });

/** A second sign-in of the business (another device), with its own session. */
const anotherSignIn = async (phone: string, ip: string) => (await signInOnceMore(app, phone, { ip })).token;

describe("a console's socket after its session ends", () => {
  let owner: SignedInOwner;
  let shop: Shop;

  beforeAll(async () => {
    owner = await registerOwner(app);
    shop = await openShop(app, owner);
  });

  it('is disconnected at logout and hears no more orders, while another sign-in of the business still does', async () => {
    const tabletToken = await anotherSignIn(owner.phone, '10.61.0.1');
    const console = await openSocket(app, '/owner', { token: owner.token });
    const tablet = await openSocket(app, '/owner', { token: tabletToken });
    const [onConsole, onTablet] = [liveEvents(console), liveEvents(tablet)];
    try {
      await dinerPays(app, shop, { tableNumber: 3 });
      await onConsole.next(isPaid);
      await onTablet.next(isPaid);

      const dropped = disconnection(console);
      const out = await call(app, 'POST', '/api/auth/logout', {
        token: owner.token,
        cookies: { [OWNER_COOKIE]: owner.refreshCookie },
      });
      expect(out.status).toBe(200);
      // "io server disconnect": the server ended it (not a network blip the client would retry).
      expect(await dropped).toBe('io server disconnect');

      const heardBefore = onConsole.heard.length;
      await dinerPays(app, shop, { tableNumber: 4 });
      // The still signed-in tablet hears the second order: by then the console would have heard it too.
      await onTablet.next((event) => isPaid(event) && event.order.tableNumber === 4);
      expect(onConsole.heard).toHaveLength(heardBefore);
      expect(tablet.connected).toBe(true);
    } finally {
      console.close();
      tablet.close();
    }
  });

  it('is disconnected when the owner ends that sign-in from another device, even after it refreshed', async () => {
    const other = await registerOwner(app);
    const tabletToken = await anotherSignIn(other.phone, '10.61.0.2');
    // The console's sign-in refreshes (a new session row, same sign-in) before it connects.
    const refreshed = await call(app, 'POST', '/api/auth/refresh', {
      cookies: { [OWNER_COOKIE]: other.refreshCookie },
    });
    const consoleToken = (refreshed.body.data as { token: string }).token;
    const console = await openSocket(app, '/owner', { token: consoleToken });
    const tablet = await openSocket(app, '/owner', { token: tabletToken });
    try {
      const sessions = await call<{ data: { sessions: { id: string; current: boolean }[] } }>(
        app,
        'GET',
        '/api/auth/sessions',
        { token: tabletToken },
      );
      const consoleSession = sessions.body.data.sessions.find((session) => !session.current);
      const dropped = disconnection(console);
      const ended = await call(app, 'DELETE', `/api/auth/sessions/${consoleSession?.id}`, { token: tabletToken });
      expect(ended.status).toBe(200);
      expect(await dropped).toBe('io server disconnect');
      expect(tablet.connected).toBe(true);
    } finally {
      console.close();
      tablet.close();
    }
  });

  it('is disconnected when an administrator closes the account', async () => {
    const closing = await registerOwner(app);
    const console = await openSocket(app, '/owner', { token: closing.token });
    try {
      const dropped = disconnection(console);
      const admin = await signInAdmin(app);
      const closed = await call(app, 'DELETE', `/api/admin/businesses/${encodeURIComponent(closing.phone)}`, {
        token: admin.token,
      });
      expect(closed.status).toBe(200);
      expect(await dropped).toBe('io server disconnect');
    } finally {
      console.close();
    }
  });
});
