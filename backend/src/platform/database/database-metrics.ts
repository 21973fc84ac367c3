import type { Metrics } from '../metrics/metrics.js';
import type { Database } from './database.js';

/**
 * The database as the operator sees it: whether it answers, its pool's connections, and the start-up steps not done
 * yet. Read when Prometheus asks; nothing here touches the database but the pool's own counts.
 */
export function registerDatabaseMetrics(metrics: Metrics, database: Database): void {
  metrics.gauge({
    name: 'tafrit_database_up',
    help: 'Whether the database answered at the last probe (1) or is away (0)',
    collect() {
      this.set(database.isReady ? 1 : 0);
    },
  });
  metrics.gauge({
    name: 'tafrit_database_pool_connections',
    help: "Connections of the database pool by state: 'total' open, 'idle', 'waiting' clients queued, 'max' allowed",
    labelNames: ['state'],
    async collect() {
      const stats = await database.poolStats().catch(() => undefined);
      this.reset();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  metrics.gauge({
    name: 'tafrit_startup_steps_pending',
    help: 'Start-up steps not done yet (migrations, processors, the demo seed, ...): readiness waits for 0',
    collect() {
      this.set(database.startUpPending().length);
    },
  });
}
