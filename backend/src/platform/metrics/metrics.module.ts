import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Metrics } from './metrics.js';

/**
 * Hands the process's one `Metrics` (made in app.factory.ts, before Nest, as the database is: the HTTP hooks and the
 * socket adapter count into it too) to every module, which registers the figures it owns.
 */
@Global()
@Module({})
export class MetricsModule implements OnApplicationShutdown {
  constructor(private readonly metrics: Metrics) {}

  static forRoot(metrics: Metrics): DynamicModule {
    return { module: MetricsModule, providers: [{ provide: Metrics, useValue: metrics }], exports: [Metrics] };
  }

  onApplicationShutdown(): void {
    this.metrics.close();
  }
}
