import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Inject,
  NotFoundException,
} from '@nestjs/common';
import { type ErrorCode, failure, httpStatusFor, isErrorCode, messageFor } from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE } from '../database/database.module.js';
import type { Database } from '../database/database.js';
import {
  DatabaseUnavailableError,
  isDatabaseBusyError,
  isDatabaseOutOfRoomError,
  isDatabaseUnavailableError,
} from '../database/database-errors.js';
import { AppError } from './app-error.js';
import { isClientAbort } from './client-abort.js';
import { SpaFallback } from './spa-fallback.js';

interface Rendered {
  status: number;
  code: ErrorCode;
  message?: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  data?: unknown;
}

/**
 * Route config (`@RouteConfig(SPEC_ERROR_FIELD)`) of the calls whose failure shape the spec fixes as
 * `{ success: false, error }` (create-payment): their envelope carries the message as `error` too.
 */
export const SPEC_ERROR_FIELD = { specErrorField: true } as const;

/**
 * Renders every error as the envelope of DESIGN.md §5. Nothing from an unexpected error (stack, SQL, driver text)
 * ever reaches the client: it is logged with the request id and answered as a generic 500.
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly spa: SpaFallback,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();

    // The client dropped its request mid-body: its own doing, not the server's (and never a database outage).
    // Nobody is left to read an answer; a line at info level is all it is worth.
    if (isClientAbort(exception, request)) {
      request.log.info({ err: exception }, 'client closed its request before the body was complete');
      return;
    }

    // Nest answers unknown routes with a bare NotFoundException: outside /api that is the single-page app's job.
    if (exception instanceof NotFoundException && !(exception instanceof AppError) && this.spa.handles(request)) {
      this.spa.send(request, reply);
      return;
    }

    const rendered = this.render(exception, request);
    if (rendered.status >= 500 && rendered.code !== 'DATABASE_UNAVAILABLE') {
      request.log.error({ err: exception }, 'unhandled error');
    }
    // Answered already (the body's deadline sent 408), or the connection is gone: there is nothing left to send.
    if (reply.sent || request.raw.socket?.destroyed) return;
    if (rendered.headers) void reply.headers(rendered.headers);
    const body = failure({
      code: rendered.code,
      ...(rendered.message ? { message: rendered.message } : {}),
      ...(rendered.fields ? { fields: rendered.fields } : {}),
    });
    const specError = (request.routeOptions?.config as { specErrorField?: boolean } | undefined)?.specErrorField;
    const shaped = {
      ...body,
      ...(specError ? { error: body.message } : {}),
      ...(rendered.data === undefined ? {} : { data: rendered.data }),
    };
    void reply.status(rendered.status).type('application/json; charset=utf-8').send(shaped);
  }

  private render(exception: unknown, request: FastifyRequest): Rendered {
    if (exception instanceof AppError) {
      return {
        status: exception.status,
        code: exception.code,
        message: exception.message,
        ...(exception.fields ? { fields: exception.fields } : {}),
        ...(exception.headers ? { headers: exception.headers } : {}),
        ...(exception.data === undefined ? {} : { data: exception.data }),
      };
    }
    if (exception instanceof DatabaseUnavailableError || isDatabaseUnavailableError(exception)) {
      this.database.reportFailure(exception);
      return { status: 503, code: 'DATABASE_UNAVAILABLE', headers: { 'retry-after': '5' } };
    }
    // Every pooled connection stayed busy for the pool's whole wait: load, not an outage (database-errors.ts).
    if (isDatabaseBusyError(exception)) {
      request.log.warn('no pooled database connection came free in time');
      return { status: 503, code: 'DATABASE_UNAVAILABLE', headers: { 'retry-after': '5' } };
    }
    // A full disk (or no memory) refused the write: answered like an outage, so clients retry, but the database is
    // reachable, so it is not marked down. Nothing was recorded (the write's transaction failed as a whole).
    if (isDatabaseOutOfRoomError(exception)) {
      request.log.error({ err: exception }, 'the database has no room to write');
      return { status: 503, code: 'DATABASE_UNAVAILABLE', headers: { 'retry-after': '30' } };
    }
    // A row this write refers to was deleted by a concurrent request after it was read (a product added or moved to a
    // category being deleted): the data changed under the request, as `conflict` says. The write kept nothing.
    if (violatedForeignKey(exception)) {
      request.log.warn({ err: exception }, 'a concurrent delete removed a row this write refers to');
      return { status: 409, code: 'conflict' };
    }
    // Domain errors (and the store's version conflict) carry a stable contract code: answer with its envelope.
    const domainCode = (exception as { code?: unknown } | null)?.code;
    if (exception instanceof Error && isErrorCode(domainCode) && domainCode !== 'DATABASE_UNAVAILABLE') {
      return { status: httpStatusFor(domainCode), code: domainCode };
    }
    if (exception instanceof NotFoundException) {
      return {
        status: 404,
        code: 'api.not_found',
        message: `${messageFor('api.not_found')}: ${request.url.split('?')[0]}`,
      };
    }
    if (exception instanceof HttpException) return fromHttpStatus(exception.getStatus());
    const fastifyStatus = (exception as { statusCode?: unknown }).statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      return fromHttpStatus(fastifyStatus);
    }
    return { status: 500, code: 'internal' };
  }
}

/** Whether the error (or a cause of it) is PostgreSQL's foreign key violation, SQLSTATE 23503. */
function violatedForeignKey(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '23503') return true;
    current = cause;
  }
  return false;
}

/** Errors raised by Fastify or Nest themselves (bad JSON, body too large, wrong media type, ...). */
function fromHttpStatus(status: number): Rendered {
  switch (status) {
    case 400:
    case 415:
    case 422:
      return { status, code: 'validation.failed' };
    case 401:
      return { status, code: 'auth.unauthenticated' };
    case 403:
      return { status, code: 'auth.forbidden' };
    case 404:
      return { status, code: 'api.not_found' };
    case 409:
      return { status, code: 'conflict' };
    case 413:
      return { status, code: 'payload.too_large' };
    case 429:
      return { status, code: 'rate_limited' };
    default:
      return status >= 500 ? { status: 500, code: 'internal' } : { status, code: 'validation.failed' };
  }
}
