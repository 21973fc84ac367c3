import { afterCommit } from '../../src/platform/database/after-commit.js';
import type { Database } from '../../src/platform/database/database.js';
import { startTestDatabase } from '../support/test-database.js';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
}, 90_000);
afterAll(() => close());

describe('afterCommit', () => {
  it('runs at once outside a transaction', () => {
    const ran: string[] = [];
    afterCommit(database.em(), () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });

  it('runs after the transaction commits, not before', async () => {
    const ran: string[] = [];
    await database.em().transactional(async (em) => {
      await em.execute('select 1');
      afterCommit(em, () => ran.push('committed'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['committed']);
  });

  it('waits past a released savepoint for the outermost commit', async () => {
    const ran: string[] = [];
    await database.em().transactional(async (outer) => {
      await outer.transactional(async (inner) => {
        afterCommit(inner, () => ran.push('inner'));
      });
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['inner']);
  });

  it('drops what a rolled-back savepoint registered, and keeps the rest', async () => {
    const ran: string[] = [];
    await database.em().transactional(async (outer) => {
      afterCommit(outer, () => ran.push('outer'));
      await outer
        .transactional(async (inner) => {
          afterCommit(inner, () => ran.push('inner'));
          throw new Error('the inner step fails');
        })
        .catch(() => undefined);
    });
    expect(ran).toEqual(['outer']);
  });

  it('never runs when the transaction rolls back', async () => {
    const ran: string[] = [];
    const failed = database.em().transactional(async (em) => {
      afterCommit(em, () => ran.push('never'));
      throw new Error('the write fails');
    });
    await expect(failed).rejects.toThrow('the write fails');
    expect(ran).toEqual([]);
  });
});
