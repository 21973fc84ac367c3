import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Role, roleMay, STAFF_GRANT_HEADER, type StaffPinGrant } from '@tafrit/contracts';
import { declaredRoutes } from '../../src/platform/auth/permission.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { footprintOf } from '../security/business-footprint.js';
import { apiRoutes } from '../security/registered-routes.js';
import { permissionOfRoute, ROUTE_ACCESS, routesOf } from '../security/route-audiences.js';
import { registerOwner, signInOnceMore, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { openShop } from '../support/checkout.js';
import { call, type ApiAnswer } from '../support/http-client.js';
import { createCategory, createProduct } from '../support/menu.js';
import { dinerPays } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  type Business,
  type Caller,
  CALLERS,
  freshGroup,
  freshPromoCode,
  freshRefund,
  type Ids,
  MANAGER_PIN,
  ROUTE_CASES,
} from './owner-route-cases.js';
import { invite, invitedAndSignedIn, pairScreen, type SignedInMember } from './team-members.js';

// Issue 31, item 3: one permission per route, declared on the route, checked by one guard. Every owner route is tried
// with a token of each role a person is invited with and with a paired screen's: outside the role's permissions it
// answers 403 `auth.role_forbidden` and changes nothing; inside them it runs. One app for the whole file.

let app: TestApp;
let owner: SignedInOwner;
let business: Business;
const callers = {} as Record<Caller, SignedInMember>;
const ROLE_OF: Record<Caller, Role> = {
  manager: 'manager',
  kitchen: 'kitchen',
  accountant: 'accountant',
  screen: 'kitchen',
};

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  const shop = await openShop(app, owner);
  const categoryId = await createCategory(app, owner, 'קפה');
  const productId = (await createProduct(app, owner, { categoryId })).id;
  const group = await freshGroup({ app, owner } as Business);
  await call(app, 'PUT', `/api/products/${productId}/option-groups/${group.groupId}`, { token: owner.token });
  const orderId = (await dinerPays(app, shop)).orderId;
  await app.app.get(ProcessorRunner).runUntilIdle();
  const spare = await invite(app, owner, 'kitchen');
  // One more sign-in of the owner's (another device), for the route that ends one.
  const device = await signInOnceMore(app, owner.phone);
  const sessions = await call<{ data: { sessions: { id: string; current: boolean }[] } }>(
    app,
    'GET',
    '/api/auth/sessions',
    { token: device.token },
  );
  const signInId = sessions.body.data.sessions.find((session) => session.current)?.id ?? '';
  callers.manager = await invitedAndSignedIn(app, owner, 'manager');
  callers.kitchen = await invitedAndSignedIn(app, owner, 'kitchen');
  callers.accountant = await invitedAndSignedIn(app, owner, 'accountant');
  callers.screen = await pairScreen(app, owner);
  const pin = await call(app, 'PUT', '/api/team/me/pin', { token: callers.manager.token, body: { pin: MANAGER_PIN } });
  if (pin.status !== 200) throw new Error(`the manager could not choose a PIN: ${pin.status}`);
  business = {
    app,
    owner,
    shop,
    managerId: callers.manager.id,
    base: {
      categoryId,
      productId,
      ...group,
      orderId,
      refundId: '',
      memberId: spare.id,
      signInId,
      promoCodeId: await freshPromoCode({ app, owner }),
    },
  };
  business.base.refundId = (await freshRefund(business)).refundId;
}, 180_000);

afterAll(() => bounded('the app', app.close(), 60_000), 120_000);

/** `:departmentId|:orderId` and `:orderId` alike: the shape of a route, whatever its parameters are called. */
const shapeOf = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z]+(?:\|:[A-Za-z]+)*/g, ':')}`;

describe('the permission each owner route declares', () => {
  it('is the one the table of audiences names, for every route of the table', () => {
    const declared = new Map(
      declaredRoutes(app.app)
        .filter((route) => route.path.startsWith('/api/'))
        .map((route) => [shapeOf(route.method, route.path), route] as const),
    );
    const actual: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
      const [method = '', path = ''] = key.split(' ');
      const route = declared.get(shapeOf(method, path));
      actual[key] = route?.guards.includes('OwnerGuard')
        ? `owner: ${route.permission ?? 'none'}`
        : 'not an owner route';
      expected[key] = access.audience === 'owner' ? `owner: ${access.permission ?? 'none'}` : 'not an owner route';
    }
    expect(actual).toEqual(expected);
  });

  it('is declared on every owner route the app registered, and each of them is in the table', () => {
    const registered = new Set(apiRoutes(app).map((route) => shapeOf(route.method, route.path)));
    const owners = declaredRoutes(app.app).filter((route) => route.guards.includes('OwnerGuard'));
    expect(owners.length).toBe(routesOf('owner').length);
    const tabled = new Set(routesOf('owner').map((key) => shapeOf(...(key.split(' ') as [string, string]))));
    const astray = owners
      .map((route) => shapeOf(route.method, route.path))
      .filter((shape) => !registered.has(shape) || !tabled.has(shape));
    expect(astray).toEqual([]);
  });
});

/** What a refused call must leave as it was: the business's rows and events, its sign-ins, the whole event log. */
async function stateOf() {
  const connection = app.database.em().getConnection();
  const sessions = (await connection.execute('select id, is_revoked from user_sessions where user_id = ? order by id', [
    owner.phone,
  ])) as unknown[];
  const log = (await connection.execute('select max(global_position)::text as last from events')) as unknown[];
  return { footprint: await footprintOf(app, owner.phone), sessions, log };
}

describe('every owner route tried by each role', () => {
  it('has a case for every owner route of the table, and no case for another', () => {
    const cased = new Set(ROUTE_CASES.map((routeCase) => routeCase.route));
    expect(routesOf('owner').filter((route) => !cased.has(route))).toEqual([]);
    expect([...cased].filter((route) => ROUTE_ACCESS[route]?.audience !== 'owner')).toEqual([]);
  });

  // Whatever an accepted call set going runs to its end before a refused call's "before" is taken.
  let settled: Awaited<ReturnType<typeof stateOf>> | undefined;

  describe.each(CALLERS)('a %s', (caller) => {
    it.each(ROUTE_CASES.map((routeCase) => [routeCase.route, routeCase] as const))('%s', async (_route, routeCase) => {
      const permission = permissionOfRoute(routeCase.route);
      if (!permission) throw new Error(`${routeCase.route} names no permission`);
      const token = callers[caller].token;
      const refusedBy = !roleMay(ROLE_OF[caller], permission) ? 'role' : routeCase.refusedFor?.[caller] ? 'route' : '';
      if (refusedBy) {
        if (!settled) {
          await app.app.get(ProcessorRunner).runUntilIdle();
          settled = await stateOf();
        }
        const before = settled;
        const answer = await routeCase.request(business, token, business.base);
        // The next refused case compares with what is, so one failure is reported once.
        settled = await stateOf();
        expect({ status: answer.status, body: answer.body }).toMatchObject({
          status: 403,
          body: { success: false, code: 'auth.role_forbidden' },
        });
        expect(settled).toEqual(before);
        return;
      }
      settled = undefined;
      const ids: Ids = { ...business.base, ...(await routeCase.fresh?.(business)) };
      if (routeCase.fresh) await app.app.get(ProcessorRunner).runUntilIdle();
      const answer = await routeCase.request(business, token, ids);
      await routeCase.undo?.(business);
      const ran = answer.status < 300 || (routeCase.answers !== undefined && answer.body.code === routeCase.answers);
      expect(ran ? 'ran' : `${answer.status} ${JSON.stringify(answer.body)}`).toBe('ran');
    });
  });
});

describe("a staff PIN typed on a kitchen screen (the person's role for one action)", () => {
  const grantFor = async (memberId: string, pin: string) => {
    const answer = await call<{ data: StaffPinGrant }>(app, 'POST', '/api/team/pin-grants', {
      token: callers.screen.token,
      body: { memberId, pin },
    });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const refund = (token: string, orderId: string, grant?: string): Promise<ApiAnswer<{ data: { refundId: string } }>> =>
    call(app, 'POST', `/api/orders/${orderId}/refunds`, {
      token,
      body: { amount: '1', reason: 'טעות' },
      ...(grant ? { headers: { [STAFF_GRANT_HEADER]: grant } } : {}),
    });

  it("lets the screen refund with the manager's PIN, once, recorded as the manager's act on that screen", async () => {
    const { orderId } = await dinerPays(app, business.shop);
    await app.app.get(ProcessorRunner).runUntilIdle();
    expect((await refund(callers.screen.token, orderId)).body).toMatchObject({ code: 'auth.role_forbidden' });
    const grant = await grantFor(callers.manager.id, MANAGER_PIN);
    expect(grant).toMatchObject({ role: 'manager' });
    const refunded = await refund(callers.screen.token, orderId, grant.grant);
    expect(refunded.status).toBe(200);
    const [recorded] = (await app.database
      .em()
      .getConnection()
      .execute(
        `select metadata->'actor' as actor from events where type = 'RefundRequested' and data->>'refundId' = ?`,
        [refunded.body.data.refundId],
      )) as { actor: unknown }[];
    expect(recorded?.actor).toEqual({
      kind: 'member',
      id: callers.manager.id,
      role: 'manager',
      screenId: callers.screen.id,
    });
    // One grant, one action: the same grant again is no credential at all.
    expect((await refund(callers.screen.token, orderId, grant.grant)).status).toBe(401);
  });

  it("gives the screen a kitchen person's role, not more", async () => {
    const cook = await invitedAndSignedIn(app, owner, 'kitchen');
    expect((await call(app, 'PUT', '/api/team/me/pin', { token: cook.token, body: { pin: '8642' } })).status).toBe(200);
    const grant = await grantFor(cook.id, '8642');
    const answer = await refund(callers.screen.token, business.base.orderId, grant.grant);
    expect({ status: answer.status, body: answer.body }).toMatchObject({
      status: 403,
      body: { code: 'auth.role_forbidden' },
    });
  });

  it("is the screen's only: a person's own token carrying the screen's grant keeps the person's role", async () => {
    const grant = await grantFor(callers.manager.id, MANAGER_PIN);
    const answer = await refund(callers.kitchen.token, business.base.orderId, grant.grant);
    expect(answer.body).toMatchObject({ success: false, code: 'auth.role_forbidden' });
  });
});

describe('the session answer of a person who signs in', () => {
  it.each(['manager', 'kitchen', 'accountant'] as const)('names the %s role', async (role) => {
    const person = await invitedAndSignedIn(app, owner, role);
    expect(person.session).toMatchObject({ member: { role, kind: 'person', id: person.id } });
    // The owner's private details stay with the owner (decision 043).
    expect(JSON.stringify(person.session)).not.toContain('515678902');
  });
});
