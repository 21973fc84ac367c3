import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { MetricsController } from './metrics.controller.js';

/** The operator's answers: health for load balancers and the metrics for Prometheus (decision 059). */
@Module({ controllers: [HealthController, MetricsController] })
export class HealthModule {}
