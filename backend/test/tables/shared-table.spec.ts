import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { TABLE_SOCKET, type OwnerTablesAnswer, type TableSocketState, type TableState } from '@tafrit/contracts';
import { IdleCartsSweep } from '../../src/modules/tables/processors/idle-carts.sweep.js';
import { CheckOutTableCartCommand, SharedTables } from '../../src/modules/tables/index.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct } from '../support/menu.js';
import { listen, openSocket, refusal } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The shared table (issue 34): two diners (two session cookies) at one table share one cart, live, each changing only
// their own lines; a wrong key learns nothing and records nothing; the cart ends when paid or idle.

let app: TestApp;
let owner: SignedInOwner;
let departmentId: string;
let productId: number;
const keys = new Map<number, string>();

const COOKIE = 'tafrit_diner';

interface Diner {
  cookie?: string;
}

async function asDiner<Body>(
  diner: Diner,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Body }> {
  const answer = await call<Body>(app, method, path, {
    ...(body === undefined ? {} : { body }),
    ...(diner.cookie ? { cookies: { [COOKIE]: diner.cookie } } : {}),
  });
  const set = answer.cookies[COOKIE]?.value;
  if (set) diner.cookie = set;
  return answer;
}

const at = (table: number) => `/api/tables/${departmentId}/${table}`;
const q = (table: number, key = keys.get(table)!) => `?key=${encodeURIComponent(key)}`;
const read = (diner: Diner, table = 1) =>
  asDiner<{ data: TableState }>(diner, 'GET', `${at(table)}${q(table)}`).then((answer) => answer.body.data);
const add = (diner: Diner, lineId = randomUUID(), table = 1, quantity = 1) =>
  asDiner<{ data: TableState; code?: string }>(diner, 'POST', `${at(table)}/lines${q(table)}`, {
    lineId,
    productId,
    quantity,
  });
const eventCount = async () => {
  const rows = (await app.database
    .em()
    .getConnection()
    .execute(`select count(*)::int as n from events where stream_id like 'tablecart-%'`)) as { n: number }[];
  return rows[0]?.n ?? 0;
};
const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  const categoryId = await createCategory(app, owner);
  productId = (await createProduct(app, owner, { categoryId, name: 'קפוצ׳ינו', price: '14' })).id;
  const chosen = await call(app, 'PUT', '/api/business/tables', {
    token: owner.token,
    body: { shared: true, numbers: [3, 1, 2], idleMinutes: 90, unpaidShareMinutes: 15 },
  });
  expect(chosen.status).toBe(200);
  const listed = await call<{ data: OwnerTablesAnswer }>(app, 'GET', '/api/tables', { token: owner.token });
  for (const { number, url } of listed.body.data.tables) {
    const address = new URL(url);
    departmentId = decodeURIComponent(address.pathname.split('/')[2]!);
    keys.set(number, address.searchParams.get('key')!);
  }
}, 120_000);
afterAll(() => bounded('the app', app.close(), 60_000), 120_000);

describe("the owner's tables", () => {
  it('answers the settings, and each table with its poster address and key', async () => {
    const settings = await call(app, 'GET', '/api/business/tables', { token: owner.token });
    expect(settings.body.data).toEqual({
      shared: true,
      numbers: [1, 2, 3],
      idleMinutes: 90,
      unpaidShareMinutes: 15,
      // Pay at the end (part 3) is off unless the owner turns it on.
      payAtEnd: false,
      holdShekels: 300,
      tabIdleMinutes: 180,
      keysRenewedAt: null,
    });
    expect([...keys.keys()]).toEqual([1, 2, 3]);
    for (const key of keys.values()) expect(key).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('a café that never chose answers the defaults and plain table addresses', async () => {
    const other = await registerOwner(app);
    const settings = await call(app, 'GET', '/api/business/tables', { token: other.token });
    expect(settings.body.data).toEqual({
      shared: false,
      numbers: [],
      idleMinutes: 90,
      unpaidShareMinutes: 15,
      // Pay at the end (part 3) is off unless the owner turns it on.
      payAtEnd: false,
      holdShekels: 300,
      tabIdleMinutes: 180,
      keysRenewedAt: null,
    });
  });
});

describe('two diners at one table', () => {
  const dana: Diner = {};
  const omer: Diner = {};

  it('both add, both see both lines with who added them', async () => {
    const first = await read(dana);
    expect(first.cart.status).toBe('open');
    expect(first.you.name).toBe('אורח 1');
    await read(omer);
    expect((await add(dana)).status).toBe(201);
    const answer = await add(omer);
    expect(answer.status).toBe(201);
    const seenByDana = await read(dana);
    const seenByOmer = await read(omer);
    expect(seenByDana.cart.cartId).toBe(seenByOmer.cart.cartId);
    expect(seenByDana.cart.lines).toHaveLength(2);
    expect(new Set(seenByOmer.cart.lines.map((line) => line.dinerId))).toEqual(
      new Set([seenByDana.you.dinerId, seenByOmer.you.dinerId]),
    );
    expect(seenByOmer.cart.totalAgorot).toBe(2 * 1_400);
    expect(seenByOmer.you.name).toBe('אורח 2');
    expect(seenByOmer.you.dinerId).not.toBe(dana.cookie);
  });

  it("one cannot change or remove the other's line; their own they can", async () => {
    const state = await read(dana);
    const danas = state.cart.lines.find((line) => line.dinerId === state.you.dinerId)!;
    const changed = await asDiner<{ code: string }>(omer, 'PATCH', `${at(1)}/lines/${danas.lineId}${q(1)}`, {
      quantity: 3,
    });
    expect(changed.status).toBe(403);
    expect(changed.body.code).toBe('table.line_not_yours');
    const removed = await asDiner<{ code: string }>(omer, 'DELETE', `${at(1)}/lines/${danas.lineId}${q(1)}`);
    expect(removed.status).toBe(403);
    const own = await asDiner<{ data: TableState }>(dana, 'PATCH', `${at(1)}/lines/${danas.lineId}${q(1)}`, {
      quantity: 3,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.cart.lines.find((line) => line.lineId === danas.lineId)?.lineTotalAgorot).toBe(4_200);
  });

  it('a retried add of the same line adds it once', async () => {
    const before = (await read(dana)).cart.lines.length;
    const lineId = randomUUID();
    await add(dana, lineId);
    await add(dana, lineId);
    expect((await read(dana)).cart.lines.length).toBe(before + 1);
  });

  it('concurrent adds from both sessions all land: nothing lost, nothing doubled', async () => {
    const before = (await read(dana)).cart.lines.length;
    const ids = Array.from({ length: 16 }, () => randomUUID());
    const answers = await Promise.all(ids.map((id, index) => add(index % 2 ? dana : omer, id)));
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 201));
    const lines = (await read(omer)).cart.lines;
    expect(lines.length).toBe(before + ids.length);
    expect(new Set(lines.map((line) => line.lineId)).size).toBe(lines.length);
  });

  it('a late joiner sees the whole cart, and anyone writes the notes', async () => {
    const late: Diner = {};
    const state = await read(late);
    expect(state.cart.lines.length).toBe((await read(dana)).cart.lines.length);
    expect(state.you.name).toBe('אורח 3');
    const noted = await asDiner<{ data: TableState }>(late, 'PUT', `${at(1)}/notes${q(1)}`, { notes: 'בלי סוכר' });
    expect(noted.body.data.cart.notes).toBe('בלי סוכר');
    const named = await asDiner<{ data: TableState }>(late, 'PUT', `${at(1)}/me${q(1)}`, {
      name: 'נועה',
      colour: 'pink',
    });
    expect(named.body.data.you).toMatchObject({ name: 'נועה', colour: 'pink' });
  });
});

describe('what a stranger learns: nothing', () => {
  it('a wrong key, an unknown table or department, shared off: the same 404, nothing recorded', async () => {
    const before = await eventCount();
    const stranger: Diner = {};
    const wrong = 'A'.repeat(16);
    for (const path of [
      `${at(1)}?key=${wrong}`,
      `${at(1)}?key=${keys.get(2)}`,
      `${at(1)}`,
      `/api/tables/${departmentId}/9?key=${keys.get(1)}`,
      `/api/tables/nope/1?key=${keys.get(1)}`,
    ]) {
      const answer = await asDiner<{ success: boolean; code: string }>(stranger, 'GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, code: 'not_found' });
    }
    const adding = await asDiner(stranger, 'POST', `${at(1)}/lines?key=${wrong}`, {
      lineId: randomUUID(),
      productId,
      quantity: 1,
    });
    expect(adding.status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('bad input is a clear envelope, never a 500', async () => {
    const diner: Diner = {};
    await read(diner, 2);
    expect((await asDiner(diner, 'GET', `/api/tables/${departmentId}/0${q(1)}`)).status).toBe(400);
    expect((await asDiner(diner, 'GET', `/api/tables/${departmentId}/1000${q(1)}`)).status).toBe(400);
    const negative = await asDiner<{ code: string }>(diner, 'POST', `${at(2)}/lines${q(2)}`, {
      lineId: randomUUID(),
      productId,
      quantity: -1,
    });
    expect(negative.status).toBe(400);
    expect(negative.body.code).toBe('validation.failed');
    const unknown = await asDiner<{ code: string }>(diner, 'POST', `${at(2)}/lines${q(2)}`, {
      lineId: randomUUID(),
      productId: 999_999,
      quantity: 1,
    });
    expect(unknown.status).toBe(409);
    expect(unknown.body.code).toBe('order.items_unavailable');
  });

  it('the 201st line of a cart is refused', async () => {
    const diner: Diner = {};
    // Twenty at a time, as a crowded table: none may be lost to another's write of the same cart.
    for (let n = 0; n < 200; n += 20) {
      const added = await Promise.all(Array.from({ length: 20 }, () => add(diner, randomUUID(), 3)));
      expect(added.map((answer) => answer.status).filter((status) => status >= 300)).toEqual([]);
    }
    expect((await read(diner, 3)).cart.lines).toHaveLength(200);
    const refused = await add(diner, randomUUID(), 3);
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { code: string }).code).toBe('table.cart_full');
  }, 120_000);
});

describe('the table live', () => {
  it('two sockets at the table both get the state after a line is added; a bad key is refused', async () => {
    const auth = { departmentId, table: 2, key: keys.get(2) };
    const sockets = await Promise.all([
      openSocket(app, TABLE_SOCKET.namespace, auth),
      openSocket(app, TABLE_SOCKET.namespace, auth),
    ]);
    try {
      const heard = sockets.map((socket) => listen<TableSocketState>(socket, TABLE_SOCKET.state));
      const lineId = randomUUID();
      await add({}, lineId, 2);
      await Promise.all(
        heard.map((ears) => ears.next((state) => state.cart.lines.some((line) => line.lineId === lineId))),
      );
      expect(await refusal(app, TABLE_SOCKET.namespace, { ...auth, key: 'B'.repeat(16) })).toBe('not_found');
      expect(await refusal(app, TABLE_SOCKET.namespace, { ...auth, table: 9 })).toBe('not_found');
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

describe('the end of a cart', () => {
  it('the idle sweep ends an idle cart, and the next read gets a fresh cart', async () => {
    const diner: Diner = {};
    await add(diner, randomUUID(), 2);
    const before = await read(diner, 2);
    expect(before.cart.lines.length).toBeGreaterThan(0);
    const closed = await app.app.get(IdleCartsSweep).sweep(new Date(Date.now() + 91 * 60_000));
    expect(closed).toBeGreaterThanOrEqual(1);
    const after = await read(diner, 2);
    expect(after.cart.cartId).not.toBe(before.cart.cartId);
    expect(after.cart.lines).toEqual([]);
  });

  it('a checked-out cart refuses lines; its expired order reopens it, its paid order ends it', async () => {
    const diner: Diner = {};
    await add(diner, randomUUID(), 1);
    const cart = (await app.app.get(SharedTables).cartForPayment(departmentId, 1, keys.get(1)!))!;
    expect(await app.app.get(SharedTables).cartForPayment(departmentId, 1, 'C'.repeat(16))).toBeNull();
    const orderId = randomUUID();
    const commands = app.app.get(CommandBus);
    await commands.execute(new CheckOutTableCartCommand(cart.cartId, cart.version, orderId, 7));
    const refused = await add(diner, randomUUID(), 1);
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { code: string }).code).toBe('table.cart_paying');
    expect((await read(diner)).cart.status).toBe('paying');

    const store = app.app.get<EventStore>(EVENT_STORE);
    const meta = { correlationId: randomUUID(), actor: { kind: 'system' as const }, schemaVersion: 1 };
    await store.appendToStream(
      `order-${orderId}`,
      [
        {
          type: 'OrderExpired',
          data: { orderId, businessPhone: owner.phone, expiredAt: new Date().toISOString() },
          metadata: { ...meta, occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    await until(async () => (await read(diner)).cart.status === 'open');

    const again = (await app.app.get(SharedTables).cartForPayment(departmentId, 1, keys.get(1)!))!;
    const paidOrder = randomUUID();
    await commands.execute(new CheckOutTableCartCommand(again.cartId, again.version, paidOrder, 8));
    await store.appendToStream(
      `order-${paidOrder}`,
      [
        {
          type: 'OrderPaid',
          data: { orderId: paidOrder, businessPhone: owner.phone, paidAt: new Date().toISOString() },
          metadata: { ...meta, occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    await until(async () => (await read(diner)).cart.cartId !== again.cartId);
    expect((await read(diner)).cart).toMatchObject({ status: 'open', lines: [] });
  });
});
