import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'tafrit' },
    // Tokens, cookies and codes never reach the log files.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.code', '*.token'],
  });
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Keeps a caller's request id (a proxy's `x-request-id`) when it looks sane, so one id follows a request end to end. */
export function requestIdFor(header: string | string[] | undefined): string {
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate && REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

/** Routes Nest's own messages (bootstrap, module errors) into the same pino stream as request logs. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
