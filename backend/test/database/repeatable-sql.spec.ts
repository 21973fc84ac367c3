import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { repeatableSql } from '../../src/entities.js';
import type { Database } from '../../src/platform/database/database.js';
import { applyRepeatableSql, checksumOf } from '../../src/platform/database/repeatable-sql.js';
import { query } from '../../src/platform/database/sql.js';
import { startTestDatabase } from '../support/test-database.js';

// A module's repeatable SQL (decision 039): `order_append` lives in one file, applied after the migrations whenever
// its text changed; an applied migration never changes.

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
});
afterAll(() => close());

const recorded = () =>
  query<{ name: string; checksum: string }>(database.em(), 'select name, checksum from repeatable_sql order by name');
const answer = async () =>
  (await query<{ answer: number }>(database.em(), 'select repeatable_probe() as answer'))[0]?.answer;
const probe = (value: number) => ({
  name: 'test.repeatable_probe',
  sql: `create or replace function repeatable_probe() returns integer language sql as $$ select ${value} $$`,
});

describe('repeatable SQL', () => {
  it('installs order_append from its file at start and records the file’s checksum', async () => {
    expect(repeatableSql.map(({ name }) => name)).toEqual(['ordering.order_append']);
    expect(await recorded()).toEqual([{ name: 'ordering.order_append', checksum: checksumOf(repeatableSql[0]!.sql) }]);
    // The function the database runs is the file's text, not a migration's.
    const [fn] = await query<{ body: string }>(
      database.em(),
      `select prosrc as body from pg_proc where proname = 'order_append'`,
    );
    expect(repeatableSql[0]!.sql).toContain(fn!.body.trim());
  });

  it('applies a text again only when its checksum changed', async () => {
    expect(await applyRepeatableSql(database.em(), [probe(1)])).toEqual(['test.repeatable_probe']);
    expect(await answer()).toBe(1);
    // The same text: nothing runs (a function dropped behind its back stays dropped).
    await query(database.em(), 'drop function repeatable_probe()');
    expect(await applyRepeatableSql(database.em(), [probe(1)])).toEqual([]);
    await expect(answer()).rejects.toThrow();
    // A changed text runs, and its checksum is recorded.
    expect(await applyRepeatableSql(database.em(), [probe(2)])).toEqual(['test.repeatable_probe']);
    expect(await answer()).toBe(2);
    expect((await recorded()).find(({ name }) => name === 'test.repeatable_probe')?.checksum).toBe(
      checksumOf(probe(2).sql),
    );
    // The app's own repeatables are up to date: a second pass applies nothing.
    expect(await applyRepeatableSql(database.em(), repeatableSql)).toEqual([]);
  });
});
