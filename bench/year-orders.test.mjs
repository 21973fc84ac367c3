// The year's generator, checked without a database: `node --test bench/year-orders.test.mjs` (the built backend:
// `npm run build -w backend` first). Not part of `npm test` (the bench is not); the generation itself also checks its
// sums against the read models it builds (year-write.mjs, `verify`).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { random } from './year-of-orders.mjs';
import { cafeSizes, openDays, orderLife } from './year-orders.mjs';
import { root } from './servers.mjs';

const { orderDecider } = await import(join(root, 'backend/dist/modules/ordering/domain/order.decider.js'));

const cafe = (pickup) => ({
  phone: '+972541234567',
  departmentId: 'dept-of-the-year',
  products: [
    { id: 'p1', name: 'הפוך', priceAgorot: 1400, withMilk: true },
    { id: 'p2', name: 'קרואסון', priceAgorot: 1400, withMilk: false },
  ],
  options: [1, 2, 3].map((n) => ({
    groupId: 'g',
    groupName: 'חלב',
    optionId: `o${n}`,
    name: `o${n}`,
    priceAgorot: 200,
    without: false,
  })),
  popularity: [2, 1],
  pickup,
  seller: {
    name: 'קפה',
    dealerNumber: '515678902',
    receiptPhone: null,
    serviceMode: pickup ? 'pickup' : 'table',
    phone: '+972541234567',
    street: 'הרצל 12',
    city: 'תל אביב-יפו',
  },
});

const decide = (commands, state = orderDecider.initialState()) => {
  const events = [];
  for (const [command] of commands) {
    for (const event of orderDecider.decide(command, state)) {
      state = orderDecider.evolve(state, event);
      events.push(event);
    }
  }
  return { state, events };
};

test('200 cafés of a million orders: a long tail whose largest takes about 5,000 a month', () => {
  const sizes = cafeSizes(200, 1_000_000);
  const sum = sizes.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - 1_000_000) < 1_000, `sum ${sum}`);
  assert.ok(sizes[0] > 55_000 && sizes[0] < 65_000, `largest ${sizes[0]}`);
  assert.ok(sizes.at(-1) < 3_000, `smallest ${sizes.at(-1)}`);
  assert.deepEqual(cafeSizes(1, 50_000), [50_000]);
});

test('a café is closed on its weekly day and a few more', () => {
  const days = openDays(random(1), '2026-11-30', 365);
  const closed = days.filter((day) => day.weight === 0).length;
  assert.ok(closed >= 3 && closed <= 70, `closed ${closed}`);
});

test("every order's life is accepted by the order decider, paid, invoiced, served and refunded as generated", () => {
  const next = random(7);
  let refunds = 0;
  let ahead = 0;
  for (let number = 1; number <= 400; number++) {
    const shop = cafe(number % 2 === 0);
    const life = orderLife(next, shop, number, Date.parse('2026-06-01T07:00:00Z') + number * 60_000);
    const paid = decide(life.paid);
    assert.equal(paid.state.payment.status, 'paid');
    assert.equal(paid.state.status, 'served');
    assert.equal(paid.state.totalAgorot, life.paidAgorot);
    assert.ok(paid.events.some((event) => event.type === 'InvoiceIssued'));
    if (life.pickup) {
      ahead += 1;
      assert.ok(paid.events.some((event) => event.type === 'OrderDue'));
    }
    if (life.refund) {
      refunds += 1;
      const refunded = decide(life.refund.commands, { ...paid.state, invoiceNumber: String(number) });
      assert.deepEqual(
        refunded.events.map((event) => event.type),
        ['RefundRequested', 'OrderRefunded', 'CreditIssued'],
      );
      assert.equal(refunded.events[1].data.amountAgorot, life.refund.agorot);
    }
  }
  assert.ok(refunds >= 1 && refunds <= 15, `refunds ${refunds}`);
  assert.ok(ahead >= 10, `ordered ahead ${ahead}`);
});
