import { entities, repeatableSql } from '../../src/entities.js';
import { Database } from '../../src/platform/database/database.js';
import { createTestDatabaseUrl } from '../support/test-database.js';
import { until } from '../event-store/event-factory.js';

/**
 * Start-up steps (the default terms, the processors, the sweeps' first runs) run once the database first answers.
 * One that fails for a passing reason must not stay undone until the next restart.
 */
describe('start-up steps', () => {
  it('runs a step that failed again in the background until it succeeds, and the others once', async () => {
    const target = await createTestDatabaseUrl();
    const logged: string[] = [];
    const database = new Database({
      entities,
      repeatableSql,
      url: target.url,
      dataDir: undefined,
      retryIntervalMs: 200,
      stepRetryMs: 10,
      log: (level, message) => logged.push(`${level}: ${message}`),
    });
    let flaky = 0;
    let steady = 0;
    database.onFirstReady('flaky', async (db) => {
      flaky++;
      // Fails twice (a lock timeout, say), then does its work through the database like any step.
      if (flaky <= 2) throw new Error(`passing failure ${flaky}`);
      await db.em().getConnection().execute('select 1');
    });
    database.onFirstReady('steady', async () => {
      steady++;
    });
    try {
      // Readiness (`/api/health/ready`) waits for these: the migrations, then each step until it has succeeded.
      expect(database.startUpPending()).toEqual(['migrations', 'flaky', 'steady']);
      await database.start();
      expect(database.isReady).toBe(true);
      expect(database.startUpPending()).toEqual(flaky === 3 ? [] : ['flaky']);
      await until(() => flaky === 3);
      await until(() => database.startUpPending().length === 0);
      await until(() => logged.some((line) => line.includes('"flaky" succeeded on attempt 3')));
      expect(steady).toBe(1);
      expect(logged.filter((line) => line.startsWith('error:'))).toEqual([
        'error: start-up step "flaky" failed',
        'error: start-up step "flaky" failed again (attempt 2)',
      ]);
    } finally {
      await database.close();
      await target.cleanup();
    }
  });
});
