import { Global, Inject, Logger, Module, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DATABASE } from '../database/database.module.js';
import { Database } from '../database/database.js';
import { ProcessorRunner } from '../processing/processor-runner.js';
import { EVENT_STORE } from './event-store.port.js';
import { InlineProjectionRegistry } from './inline-projection.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

const logger = new Logger('Processors');

/**
 * The event store (`EVENT_STORE`), the inline projections it runs inside each append (`InlineProjectionRegistry`)
 * and the runner of the processors and async projections (`ProcessorRunner`). Feature modules register their
 * projections and processors when they initialise; the runner polls only after `start()`, once the database is ready.
 */
@Global()
@Module({
  providers: [
    { provide: InlineProjectionRegistry, useFactory: () => new InlineProjectionRegistry() },
    {
      provide: EVENT_STORE,
      inject: [DATABASE, InlineProjectionRegistry],
      useFactory: (database: Database, projections: InlineProjectionRegistry) =>
        new PostgresEventStore({ em: () => database.em(), projections }),
    },
    {
      provide: ProcessorRunner,
      inject: [DATABASE, EVENT_STORE],
      useFactory: (database: Database, store: PostgresEventStore) => {
        const runner = new ProcessorRunner({
          em: () => database.em(),
          store,
          // Embedded, every append is this process's own and wakes the runner at once; polling is only a safety net.
          // It must be rare there: PGlite runs each query on this very thread, and five processors polling every
          // second stalled the public menu (p99 at 1,000 req/s went from 2 ms to 15 ms). PostgreSQL is another
          // process, and other instances' appends are found only by polling.
          pollIntervalMs: database.embedded ? 10_000 : 1_000,
          log: (level, message, error) => {
            if (level === 'info') logger.log(message);
            else logger[level](error instanceof Error ? `${message}: ${error.message}` : message);
          },
        });
        // Appends of this process wake the runner at once; other processes' appends are found by polling.
        store.onAppended(() => runner.wake());
        return runner;
      },
    },
  ],
  exports: [EVENT_STORE, InlineProjectionRegistry, ProcessorRunner],
})
export class EventStoreModule implements OnModuleInit, BeforeApplicationShutdown {
  constructor(
    @Inject(ProcessorRunner) private readonly runner: ProcessorRunner,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  // Processors read the log, so they start once the database answers and its migrations ran (maybe after an outage).
  onModuleInit(): void {
    this.database.onFirstReady('processors', async () => this.runner.start());
  }

  // Before the database closes (its module closes it on application shutdown): finish the event in hand.
  async beforeApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }
}
