import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { HealthResponse } from '@tafrit/contracts';
import type { FastifyReply } from 'fastify';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';

const PING_TIMEOUT_MS = 2_000;

/** The spec's health shape (`{ success, timestamp, message, error }`), polled by the admin's connection badge. */
@Controller('api/health')
export class HealthController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

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
