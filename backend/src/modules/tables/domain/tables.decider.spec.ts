import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { tablesDecider } from './tables.decider.js';
import type { TablesEvent } from './tables.events.js';

const { given } = deciderSpec(tablesDecider);
const now = '2026-12-07T10:00:00.000Z';
const tab = { payAtEnd: false, holdShekels: 300, tabIdleMinutes: 180 };
const settings = { shared: true, numbers: [1, 2, 3], idleMinutes: 90, unpaidShareMinutes: 15, ...tab };
const chosen: TablesEvent = { type: 'TablesChosen', data: { ...settings, at: now } };

describe("a café's tables", () => {
  it('the first choice is recorded, the numbers in order', () =>
    given([])
      .when({ type: 'ChooseTables', data: { ...settings, numbers: [3, 1, 2], now } })
      .then([chosen]));

  it('choosing the same again records nothing', () =>
    given([chosen])
      .when({ type: 'ChooseTables', data: { ...settings, now } })
      .then([]));

  it('a choice recorded before pay at the end reads as off, with the defaults', () =>
    given([
      {
        type: 'TablesChosen',
        data: { shared: true, numbers: [1, 2, 3], idleMinutes: 90, unpaidShareMinutes: 15, at: now },
      },
    ])
      .when({ type: 'ChooseTables', data: { ...settings, now } })
      .then([]));

  it('turning pay at the end on, with its hold, is recorded', () =>
    given([chosen])
      .when({ type: 'ChooseTables', data: { ...settings, payAtEnd: true, holdShekels: 500, now } })
      .then([{ type: 'TablesChosen', data: { ...settings, payAtEnd: true, holdShekels: 500, at: now } }]));

  it('turning sharing off is recorded', () =>
    given([chosen])
      .when({ type: 'ChooseTables', data: { ...settings, shared: false, now } })
      .then([{ type: 'TablesChosen', data: { ...settings, shared: false, at: now } }]));

  it('each renewal of the keys moves the generation by one', () => {
    given([chosen])
      .when({ type: 'RenewTableKeys', data: { now } })
      .then([{ type: 'TableKeysRenewed', data: { generation: 1, at: now } }]);
    given([chosen, { type: 'TableKeysRenewed', data: { generation: 1, at: now } }])
      .when({ type: 'RenewTableKeys', data: { now } })
      .then([{ type: 'TableKeysRenewed', data: { generation: 2, at: now } }]);
  });

  it('a café that never chose has the defaults', () =>
    expect(tablesDecider.initialState()).toMatchObject({ shared: false, numbers: [], idleMinutes: 90 }));
});
