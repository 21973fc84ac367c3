// The rebuild's lanes, checked without a database: `node --test bench/year-replay.test.mjs`. Not part of `npm test`
// (the bench is not).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lanesOf } from './year-replay.mjs';

const model = (name, kind = 'processor', reads) => ({
  name,
  registeredAs: { kind, name },
  ...(reads ? { reads } : {}),
});
const MODELS = [
  model('orders', 'inline'),
  model('option-groups', 'inline'),
  model('live-orders', 'processor', ['orders']),
  model('numbers'),
  model('monthly-commissions'),
  model('team-activity'),
  model('tax-documents'),
  model('table-payments'),
];
const names = (lanes) => lanes.map((lane) => lane.map((m) => m.name).sort());

test('without costs, the first lane holds the inline models and their readers, the rest dealt in turn', () => {
  assert.deepEqual(names(lanesOf(MODELS, 2)), [
    ['live-orders', 'option-groups', 'orders'],
    ['monthly-commissions', 'numbers', 'table-payments', 'tax-documents', 'team-activity'],
  ]);
  assert.deepEqual(names(lanesOf(MODELS, 1)), [MODELS.map((m) => m.name).sort()]);
});

test('with costs, the busiest lane carries the least it can, the first lane keeping its own', () => {
  // The ms of a rebuild's first 200,000 events on a tenth of the year (decision 070).
  const cost = new Map(
    Object.entries({
      orders: 7659,
      'option-groups': 904,
      'live-orders': 859,
      numbers: 6019,
      'monthly-commissions': 3739,
      'team-activity': 3065,
      'tax-documents': 2315,
      'table-payments': 0,
    }),
  );
  const lanes = lanesOf(MODELS, 2, cost);
  const loads = lanes.map((lane) => lane.reduce((sum, m) => sum + cost.get(m.name), 0));
  for (const own of ['orders', 'option-groups', 'live-orders']) assert.ok(lanes[0].some((m) => m.name === own));
  // Every way of dealing the four costly ones: the best has its busiest lane at 12,487 ms (team activity beside the
  // orders), where dealing in turn gives 15,138.
  assert.equal(Math.max(...loads), 12487);
  assert.deepEqual(
    lanes
      .flat()
      .map((m) => m.name)
      .sort(),
    MODELS.map((m) => m.name).sort(),
  );
});

test('more lanes than read models to deal leave no empty lane', () => {
  const cost = new Map([
    ['numbers', 5],
    ['orders', 1],
  ]);
  const lanes = lanesOf(MODELS.slice(0, 4), 4, cost);
  assert.deepEqual(names(lanes), [['live-orders', 'option-groups', 'orders'], ['numbers']]);
});
