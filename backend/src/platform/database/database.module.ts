import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Database } from './database.js';

export const DATABASE = Symbol('DATABASE');

/**
 * Hands the one `Database` of this process to every module. The database is created and started outside Nest (see
 * app.factory.ts) so it can start before modules finish and be closed last, after the HTTP server stops.
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  static forRoot(database: Database): DynamicModule {
    return { module: DatabaseModule, providers: [{ provide: DATABASE, useValue: database }], exports: [DATABASE] };
  }

  async onApplicationShutdown(): Promise<void> {
    // PGlite must be closed cleanly, or its most recent writes may not reach the disk.
    await this.database.close();
  }
}
