import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { HealthResponse } from '@tafrit/contracts';
import type { FastifyReply } from 'fastify';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';

const PING_TIMEOUT_MS = 2_000;

/**
 * The spec's health shape (`{ success, timestamp, message, error }`): the database's, polled by the admin's connection
 * badge, and a load balancer's two questions (decision 059). Liveness is "the process serves": a restart would not
 * help anything else. Readiness is "send me traffic": the database answers and every start-up step is done
 * (migrations, processors started, the demo seed), so an instance that is starting or cut off from the database is
 * left out, without being restarted.
 */
@Controller('api/health')
export class HealthController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  @Get('live')
  live(): HealthResponse {
    return { success: true, timestamp: new Date().toISOString(), message: 'השרת פועל' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const timestamp = new Date().toISOString();
    const notReady = (error: 'database_unavailable' | 'starting', message: string): HealthResponse => {
      void reply.status(503).header('retry-after', '5');
      return { success: false, timestamp, message, error };
    };
    if (!this.database.isReady) return notReady('database_unavailable', 'מסד הנתונים אינו זמין');
    try {
      await withTimeout(this.database.ping(), PING_TIMEOUT_MS);
    } catch (error) {
      this.database.reportFailure(error);
      return notReady('database_unavailable', 'מסד הנתונים אינו זמין');
    }
    if (this.database.startUpPending().length > 0) return notReady('starting', 'השרת עדיין עולה');
    return { success: true, timestamp, message: 'השרת מוכן' };
  }

  @Get('database')
  async database_(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const timestamp = new Date().toISOString();
    try {
      await withTimeout(this.database.ping(), PING_TIMEOUT_MS);
      return { success: true, timestamp, message: 'מסד הנתונים זמין' };
    } catch (error) {
      this.database.reportFailure(error);
      void reply.status(503).header('retry-after', '5');
      return {
        success: false,
        timestamp,
        message: 'שגיאת חיבור למסד הנתונים',
        error: error instanceof Error && /timeout/i.test(error.message) ? 'timeout' : 'unreachable',
      };
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
