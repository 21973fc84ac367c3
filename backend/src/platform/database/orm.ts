import { type EntitySchema, MikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
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
    driverOptions: { connectionTimeoutMillis: 3_000 },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // Every unit of work forks its own EntityManager; touching the global one is a bug we want to hear about.
    allowGlobalContext: false,
    debug: false,
    ...(log ? { logger: log } : {}),
  });
}
