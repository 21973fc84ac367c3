import { type EntitySchema, MikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import pg from 'pg';
import { migrationsList } from '../../migrations/index.js';
import { AfterCommitHooks } from './after-commit.js';

/** A MikroORM entity as the modules define them (`defineEntity`); the app lists them (backend/src/entities.ts). */
export type EntityClass = EntitySchema;

export interface OrmOptions {
  url: string;
  /** The app's entities: platform imports no module, so they are handed in. */
  entities: readonly EntityClass[];
  /** PGlite is a single backend: more than one pooled connection only queues behind an open transaction. */
  embedded: boolean;
  /** Where MikroORM's own messages (the migrator's progress) go; the console by default. */
  log?: (message: string) => void;
}

/**
 * How long opening one connection may take before the database counts as unreachable (a host that does not answer
 * would otherwise hold a request for the operating system's two minutes).
 */
export const CONNECT_TIMEOUT_MS = 3_000;
/**
 * How long a request waits for a free pooled connection. Every connection being busy is load, not an outage: a burst
 * (or a process starting all its processors at once on a busy machine) waits its turn; only a pool that has not
 * freed a connection for this long answers 503, and without marking the database down (database-errors.ts).
 */
export const POOL_WAIT_MS = 30_000;

/**
 * pg's pool gives one timeout to both waits (its queue and the client's connect): the client keeps its own, shorter
 * one, so an unreachable server is found in seconds while a saturated pool is waited on.
 */
class TimedClient extends pg.Client {
  constructor(config: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/** Builds the ORM without connecting, so the process can start (and answer 503) while the database is down. */
export function createOrm({ url, entities, embedded, log }: OrmOptions): MikroORM<PostgreSqlDriver> {
  return new MikroORM<PostgreSqlDriver>({
    driver: PostgreSqlDriver,
    clientUrl: url,
    entities: [...entities],
    extensions: [Migrator],
    // `afterCommit` (after-commit.ts) follows every transaction through these events.
    subscribers: [new AfterCommitHooks()],
    pool: { min: 0, max: embedded ? 1 : 10, idleTimeoutMillis: 10_000 },
    driverOptions: { connectionTimeoutMillis: POOL_WAIT_MS, Client: TimedClient },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // Every unit of work forks its own EntityManager; touching the global one is a bug we want to hear about.
    allowGlobalContext: false,
    debug: false,
    ...(log ? { logger: log } : {}),
  });
}
