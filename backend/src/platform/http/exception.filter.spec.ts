import { jest } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { NotFoundException } from '@nestjs/common';
import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Database } from '../database/database.js';
import { AppError } from './app-error.js';
import { EnvelopeExceptionFilter } from './exception.filter.js';
import type { SpaFallback } from './spa-fallback.js';

function harness() {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const reply = {
    sent: false,
    status(code: number) {
      sent.status = code;
      return reply;
    },
    type() {
      return reply;
    },
    headers(values: Record<string, string>) {
      Object.assign(sent.headers, values);
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const logged: unknown[] = [];
  const quiet: unknown[] = [];
  const request = {
    url: '/api/things',
    method: 'GET',
    raw: { destroyed: false, complete: true, socket: { destroyed: false } },
    log: {
      error: (entry: unknown) => logged.push(entry),
      warn: (entry: unknown) => quiet.push(entry),
      info: (entry: unknown) => quiet.push(entry),
    },
  };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
  } as unknown as ArgumentsHost;
  const database = { reportFailure: jest.fn() } as unknown as Database;
  const spa = { handles: () => false, send: jest.fn() } as unknown as SpaFallback;
  return { filter: new EnvelopeExceptionFilter(database, spa), host, sent, logged, quiet, database, request };
}

describe('the error envelope', () => {
  it('renders an AppError with its code, Hebrew message and fields', () => {
    const { filter, host, sent } = harness();
    filter.catch(new AppError('validation.failed', { fields: { email: 'כתובת האימייל אינה תקינה' } }), host);
    expect(sent.status).toBe(400);
    expect(sent.body).toEqual({
      success: false,
      code: 'validation.failed',
      message: 'חלק מהפרטים שהוזנו אינם תקינים',
      fields: { email: 'כתובת האימייל אינה תקינה' },
    });
  });

  it('never leaks a stack, SQL or driver text in a 500', () => {
    const { filter, host, sent, logged } = harness();
    const error = new UniqueConstraintViolationException(
      Object.assign(new Error('insert into "businesses" ("phone") values ($1) - duplicate key'), { code: '23505' }),
    );
    filter.catch(error, host);
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ success: false, code: 'internal', message: 'אירעה שגיאה בשרת, נסו שוב מאוחר יותר' });
    expect(JSON.stringify(sent.body)).not.toMatch(/insert|businesses|duplicate|at /);
    expect(logged).toHaveLength(1);
  });

  it('turns a lost connection into 503 DATABASE_UNAVAILABLE and tells the database', () => {
    const { filter, host, sent, database } = harness();
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    filter.catch(lost, host);
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBe('5');
    expect((sent.body as { code: string }).code).toBe('DATABASE_UNAVAILABLE');
    expect(database.reportFailure).toHaveBeenCalledWith(lost);
  });

  it('answers a saturated pool 503 with Retry-After without marking the database down', () => {
    const { filter, host, sent, database } = harness();
    // What pg's pool raises when no connection came free within its wait (orm.ts POOL_WAIT_MS), wrapped by MikroORM.
    filter.catch(new Error('wrapper', { cause: new Error('timeout exceeded when trying to connect') }), host);
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBe('5');
    expect((sent.body as { code: string }).code).toBe('DATABASE_UNAVAILABLE');
    expect(database.reportFailure).not.toHaveBeenCalled();
  });

  it('keeps a client that dropped its request quiet: no answer, no outage, no error logged', () => {
    const { filter, host, sent, logged, quiet, database, request } = harness();
    request.raw = { destroyed: true, complete: false, socket: { destroyed: true } };
    // What Node raises on the request stream of a client that closed mid-body (no syscall: not a driver's socket).
    filter.catch(Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 }), host);
    expect(sent.status).toBeUndefined();
    expect(database.reportFailure).not.toHaveBeenCalled();
    expect(logged).toHaveLength(0);
    expect(quiet).toHaveLength(1);
  });

  it('answers a full disk 503 with Retry-After without marking the database down', () => {
    const { filter, host, sent, database } = harness();
    filter.catch(Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }), host);
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBeDefined();
    expect((sent.body as { code: string; message: string }).message).toMatch(/[\u0590-\u05FF]/);
    expect(database.reportFailure).not.toHaveBeenCalled();
  });

  it('answers a foreign key broken by a concurrent delete with 409 conflict', () => {
    const { filter, host, sent } = harness();
    const error = new ForeignKeyConstraintViolationException(
      Object.assign(new Error('insert or update on table "products" violates foreign key constraint'), {
        code: '23503',
      }),
    );
    filter.catch(error, host);
    expect(sent.status).toBe(409);
    expect((sent.body as { code: string }).code).toBe('conflict');
  });

  it('answers a stale stream version with 409', () => {
    const { filter, host, sent } = harness();
    filter.catch(Object.assign(new Error('conflict'), { code: 'stream.conflict' }), host);
    expect(sent.status).toBe(409);
    expect((sent.body as { code: string }).code).toBe('stream.conflict');
  });

  it('maps framework errors such as a too large body to their own codes', () => {
    const { filter, host, sent } = harness();
    filter.catch(Object.assign(new Error('Request body is too large'), { statusCode: 413 }), host);
    expect(sent.status).toBe(413);
    expect((sent.body as { code: string }).code).toBe('payload.too_large');
  });

  it('answers an unknown API route with api.not_found', () => {
    const { filter, host, sent } = harness();
    filter.catch(new NotFoundException('Cannot GET /api/things'), host);
    expect(sent.status).toBe(404);
    expect((sent.body as { code: string }).code).toBe('api.not_found');
  });
});
