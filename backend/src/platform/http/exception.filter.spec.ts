import { jest } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { NotFoundException } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Database } from '../database/database.js';
import { AppError } from './app-error.js';
import { EnvelopeExceptionFilter } from './exception.filter.js';
import type { SpaFallback } from './spa-fallback.js';

function harness() {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const reply = {
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
  const request = { url: '/api/things', method: 'GET', log: { error: (entry: unknown) => logged.push(entry) } };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
  } as unknown as ArgumentsHost;
  const database = { reportFailure: jest.fn() } as unknown as Database;
  const spa = { handles: () => false, send: jest.fn() } as unknown as SpaFallback;
  return { filter: new EnvelopeExceptionFilter(database, spa), host, sent, logged, database };
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
