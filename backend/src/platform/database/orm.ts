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

/** How the query builder under the ORM opens and abandons a transaction (kysely's PostgresDriver). */
const OPEN_OR_ABANDON = /^(begin|start transaction\b.*|rollback)$/i;

/** What a `begin` or `rollback` answers: no rows. */
const NO_ROWS = { command: '', rowCount: null, oid: 0, rows: [], fields: [] } satisfies pg.QueryResult;

type AnyQuery = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * pg's pool gives one timeout to both waits (its queue and the client's connect): the client keeps its own, shorter
 * one, so an unreachable server is found in seconds while a saturated pool is waited on.
 *
 * It also keeps a lost connection from keeping its pool slot. The query builder gives a transaction's connection back
 * to the pool only when its `begin`, `commit` or `rollback` succeeds; on a connection that is gone, none can, and the
 * slot stayed taken for good (the embedded database's pool of one then held every later request until it timed out;
 * PostgreSQL's lost one of its ten at each outage). A `begin` or `rollback` that fails because this connection can
 * never run a statement again is answered as done: the database ends a session's transaction with the session, and
 * nothing can run on this connection anyway, so the transaction fails at its next statement or its commit, then rolls
 * back "successfully", and the connection goes back to the pool, which drops it (it is not queryable). A `commit`
 * keeps its error: the caller must hear that nothing was kept.
 */
class TimedClient extends pg.Client {
  constructor(config: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/** pg's own test, which its pool applies to a client given back (pg-pool `_release`). */
function canNeverQuery(client: pg.Client): boolean {
  const state = client as unknown as { _queryable: boolean; _ending: boolean };
  return !state._queryable || state._ending;
}

const pgQuery = pg.Client.prototype.query as AnyQuery;
(TimedClient.prototype as unknown as { query: AnyQuery }).query = function query(this: pg.Client, ...args) {
  const result = pgQuery.apply(this, args);
  const [text] = args;
  if (typeof text !== 'string' || !OPEN_OR_ABANDON.test(text.trim()) || !(result instanceof Promise)) return result;
  return result.catch((error: unknown) => {
    if (!canNeverQuery(this)) throw error;
    return NO_ROWS;
  });
};

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
    driverOptions: {
      connectionTimeoutMillis: POOL_WAIT_MS,
      Client: TimedClient,
      // No JIT compilation on PostgreSQL (decision 066): every statement here is short, and one whose row estimate
      // is far off (a batch from `jsonb_to_recordset`, a rebuild's fresh tables) paid 30 ms of compiling for a few
      // ms of work. PGlite has no JIT, and its socket takes no startup options.
      ...(embedded ? {} : { options: '-c jit=off' }),
    },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // Every unit of work forks its own EntityManager; touching the global one is a bug we want to hear about.
    allowGlobalContext: false,
    debug: false,
    ...(log ? { logger: log } : {}),
  });
}
