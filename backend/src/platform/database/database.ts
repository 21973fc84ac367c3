import { stripVTControlCharacters } from 'node:util';
import type { MikroORM } from '@mikro-orm/core';
import type { Pool } from 'pg';
import type { EntityManager, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { DatabaseUnavailableError, isDatabaseUnavailableError } from './database-errors.js';
import { embeddedDataDir, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { createOrm, type EntityClass } from './orm.js';
import type { PreparedStatement } from './prepared-statement.js';
import { applyRepeatableSql, type RepeatableSql } from './repeatable-sql.js';

export type DatabaseStatus = 'starting' | 'ready' | 'unavailable' | 'closed';
export type ReadyHook = (database: Database) => Promise<void>;
/** A named start-up step (`onFirstReady`). */
interface StartUpStep {
  name: string;
  hook: ReadyHook;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; undefined starts the embedded PGlite database in `dataDir`. */
  url: string | undefined;
  dataDir: string | undefined;
  /** The app's MikroORM entities (backend/src/entities.ts): the modules own them, platform imports none. */
  entities: readonly EntityClass[];
  /**
   * The modules' repeatable SQL (backend/src/entities.ts: `order_append`), applied after the migrations whenever its
   * text changed (repeatable-sql.ts). Handed in like the entities: platform imports no module.
   */
  repeatableSql: readonly RepeatableSql[];
  /**
   * The embedded database's server, already starting (`startEmbeddedPostgres(embeddedDataDir(dataDir))`): the
   * process starts it first thing, so PGlite opens while the rest of the server loads. Only without `url`.
   */
  embeddedServer?: Promise<EmbeddedPostgres>;
  retryIntervalMs?: number;
  /** First wait before a failed start-up step runs again (doubling, at most a minute); 1 s by default. */
  stepRetryMs?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, error?: unknown) => void;
}

/**
 * Owns the connection to PostgreSQL (or PGlite) for the whole process. It never lets a missing database stop the
 * process: migrations and ready hooks (seed, processors) run when the database first answers, and after an outage
 * the status flips back to ready by itself as soon as a probe succeeds.
 */
export class Database {
  status: DatabaseStatus = 'starting';
  lastError: string | undefined;
  readonly embedded: boolean;
  private ormInstance: MikroORM<PostgreSqlDriver> | undefined;
  private embeddedServer: Promise<EmbeddedPostgres> | undefined;
  private readonly readyHooks: StartUpStep[] = [];
  /** Steps that have succeeded once (an outage runs them all again, but what they did is done). */
  private readonly stepsDone = new Set<StartUpStep>();
  private migrated = false;
  private preparedOnce = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;
  private pool: Promise<Pool> | undefined;
  private readonly stepTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: DatabaseOptions) {
    this.embedded = !options.url;
  }

  get orm(): MikroORM<PostgreSqlDriver> {
    if (!this.ormInstance) throw new DatabaseUnavailableError();
    return this.ormInstance;
  }

  /** DATA_DIR of the embedded database kept on disk; undefined for PostgreSQL and for an in-memory one (tests). */
  get embeddedFolder(): string | undefined {
    return this.embedded ? this.options.dataDir : undefined;
  }

  get isReady(): boolean {
    return this.status === 'ready';
  }

  /** A fresh EntityManager for one unit of work; throws `DatabaseUnavailableError` while the database is down. */
  em(): EntityManager {
    if (this.status !== 'ready') throw new DatabaseUnavailableError();
    return this.orm.em.fork() as EntityManager;
  }

  /**
   * Runs a prepared statement (the extended protocol: parsed once per connection, then only bound and executed) on
   * the ORM's own pool, outside any unit of work: one round trip, its own transaction when it writes. The hot paths
   * (the order's commands) use it; never call it while holding a transaction of `em()` (on PGlite the pool has one
   * connection, and it would wait for itself). Parameters are `$1, $2, ...`; pass JSON as a string.
   */
  async run<Row>(statement: PreparedStatement<Row>, values: readonly unknown[]): Promise<Row[]> {
    if (this.status !== 'ready') throw new DatabaseUnavailableError();
    this.pool ??= this.nativePool();
    const pool = await this.pool;
    const result = await pool.query<Row & object>({ name: statement.name, text: statement.text, values: [...values] });
    return result.rows;
  }

  private async nativePool(): Promise<Pool> {
    const pool = (await this.orm.em.getConnection().getNativeClient()) as Pool;
    if (this.embedded) {
      // PGlite is one backend session behind every connection: statements a closed connection prepared are still
      // there, and a new connection that prepares the same name would be refused. Each new one starts clean (the
      // statement is queued before any query of whoever asked for the connection).
      pool.on('connect', (client) => void client.query('deallocate all').catch(() => undefined));
    }
    return pool;
  }

  /**
   * What of the start is not done yet: `migrations` until they and the repeatable SQL ran, then the names of the
   * start-up steps that have not succeeded (still to run, or failed and waiting to run again). Readiness waits for
   * none (the health module's `/api/health/ready`).
   */
  startUpPending(): string[] {
    const steps = this.readyHooks.filter((step) => !this.stepsDone.has(step)).map((step) => step.name);
    return this.migrated ? steps : ['migrations', ...steps];
  }

  /**
   * The connections of the pool behind the ORM (the embedded database has one). Undefined while the database is not
   * ready: asking the ORM for its pool then would try to connect.
   */
  async poolStats(): Promise<{ total: number; idle: number; waiting: number; max: number } | undefined> {
    if (!this.ormInstance || this.status !== 'ready') return undefined;
    const pool = (await this.ormInstance.em.getConnection().getNativeClient()) as Pool;
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 0 };
  }

  /** Runs once, after migrations, the first time the database answers (and never again on reconnects). */
  onFirstReady(name: string, hook: ReadyHook): void {
    this.readyHooks.push({ name, hook });
  }

  async start(): Promise<void> {
    let url = this.options.url;
    if (!url) {
      this.embeddedServer =
        this.options.embeddedServer ??
        startEmbeddedPostgres(this.options.dataDir ? embeddedDataDir(this.options.dataDir) : undefined);
      url = (await this.embeddedServer).url;
    }
    const log = this.options.log;
    this.ormInstance = createOrm({
      url,
      entities: this.options.entities,
      embedded: this.embedded,
      ...(log ? { log: (message: string) => log('info', stripVTControlCharacters(message)) } : {}),
    });
    await this.probe();
  }

  /** The embedded database's dump (`EmbeddedPostgres.dump`); only without `url`, once started. */
  async dumpEmbedded(): Promise<Uint8Array> {
    if (!this.embeddedServer) throw new Error('only the embedded database is dumped in process');
    return (await this.embeddedServer).dump();
  }

  /** Asks the database for a sign of life; used by health and by the recovery loop. */
  async ping(): Promise<void> {
    await this.orm.em.getConnection().execute('select 1');
  }

  /** Called by the HTTP layer when a query failed because the connection is gone. */
  reportFailure(error: unknown): void {
    if (!isDatabaseUnavailableError(error) || this.status === 'closed') return;
    if (this.status === 'ready')
      this.options.log?.('warn', 'database connection lost; retrying in the background', error);
    this.markUnavailable(error);
  }

  async close(): Promise<void> {
    this.status = 'closed';
    clearTimeout(this.retryTimer);
    for (const timer of this.stepTimers) clearTimeout(timer);
    this.stepTimers.clear();
    await this.probing?.catch(() => undefined);
    this.pool = undefined;
    await this.ormInstance?.close(true).catch(() => undefined);
    // Started early but never awaited (the application failed to build): it is stopped all the same.
    const embeddedServer = this.embeddedServer ?? this.options.embeddedServer;
    await (await embeddedServer?.catch(() => undefined))?.stop();
  }

  private probe(): Promise<void> {
    this.probing ??= this.runProbe().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  private async runProbe(): Promise<void> {
    try {
      await this.ping();
      if (!this.preparedOnce) await this.prepare();
      this.status = 'ready';
      this.lastError = undefined;
    } catch (error) {
      if (!isDatabaseUnavailableError(error)) throw error;
      this.markUnavailable(error);
    }
  }

  private async prepare(): Promise<void> {
    if (!(await this.migrationsUpToDate())) await this.orm.migrator.up();
    const applied = await applyRepeatableSql(this.orm.em.fork() as EntityManager, this.options.repeatableSql);
    if (applied.length > 0) this.options.log?.('info', `applied the changed SQL of ${applied.join(', ')}`);
    this.migrated = true;
    // Hooks may use `em()`, which requires the ready status. They must be idempotent: an outage in the middle of
    // them means they all run again on the next successful probe.
    this.status = 'ready';
    const failed: StartUpStep[] = [];
    for (const step of this.readyHooks) {
      try {
        await step.hook(this);
        this.stepsDone.add(step);
      } catch (error) {
        this.options.log?.('error', `start-up step "${step.name}" failed`, error);
        if (isDatabaseUnavailableError(error)) throw error;
        failed.push(step);
      }
    }
    this.preparedOnce = true;
    for (const step of failed) this.retryStep(step, 1);
  }

  /**
   * A start-up step that failed for another reason than an outage (a passing error: a lock timeout, a connection
   * refused by a full server) runs again in the background, after 1 s, 2 s, 4 s ... at most a minute apart, until it
   * succeeds or the process stops: the default terms or a sweep's first run are never left undone until a restart.
   * Steps are idempotent, so running one again is safe.
   */
  private retryStep(step: StartUpStep, attempt: number): void {
    if (this.status === 'closed') return;
    const delay = Math.min(60_000, (this.options.stepRetryMs ?? 1_000) * 2 ** (attempt - 1));
    const timer = setTimeout(() => {
      this.stepTimers.delete(timer);
      if (this.status === 'closed') return;
      const run = this.status === 'ready' ? step.hook(this) : Promise.reject(new DatabaseUnavailableError());
      run.then(
        () => {
          this.stepsDone.add(step);
          this.options.log?.('info', `start-up step "${step.name}" succeeded on attempt ${attempt + 1}`);
        },
        (error: unknown) => {
          if (!isDatabaseUnavailableError(error)) {
            this.options.log?.('error', `start-up step "${step.name}" failed again (attempt ${attempt + 1})`, error);
          }
          this.retryStep(step, attempt + 1);
        },
      );
    }, delay);
    timer.unref();
    this.stepTimers.add(timer);
  }

  /**
   * Whether every migration of this build is recorded as executed, in one query: the migrator's own check first makes
   * sure the database and its table exist (several catalogue queries, 0.15-0.3 s of a start on PGlite). Any doubt (no
   * table yet, a migration missing, an unexpected error) leaves it to the migrator, which checks and runs them.
   */
  private async migrationsUpToDate(): Promise<boolean> {
    const { tableName = 'mikro_orm_migrations', migrationsList = [] } = this.orm.config.get('migrations');
    try {
      const rows = await this.orm.em
        .getConnection()
        .execute<{ name: string }[]>(`select name from ${this.orm.em.getPlatform().quoteIdentifier(tableName)}`);
      const executed = new Set(rows.map(({ name }) => name.replace(/\.[jt]s$/, '')));
      return migrationsList.length > 0 && migrationsList.every(({ name }) => executed.has(name));
    } catch (error) {
      if (isDatabaseUnavailableError(error)) throw error;
      return false;
    }
  }

  private markUnavailable(error: unknown): void {
    if (this.status === 'closed') return;
    this.status = 'unavailable';
    this.lastError = error instanceof Error ? error.message : String(error);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.probe().catch(() => undefined), this.options.retryIntervalMs ?? 1_000);
    this.retryTimer.unref();
  }
}
