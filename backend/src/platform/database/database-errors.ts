import { ConnectionException } from '@mikro-orm/core';

// Node socket errors and PostgreSQL SQLSTATEs that mean "the database is not reachable right now" rather than
// "this query is wrong": class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now), 53300.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof ConnectionException) return true;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}

/** Thrown by code that needs the database while it is known to be down; rendered as 503 DATABASE_UNAVAILABLE. */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * The name of the unique constraint an insert or update violated, or undefined. Works for MikroORM's wrapped
 * exceptions and for raw driver errors (SQLSTATE 23505), which reach us from query-builder and raw SQL paths.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code, constraint, message, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint;
      const named = typeof message === 'string' ? /unique constraint "([^"]+)"/.exec(message) : null;
      if (named?.[1]) return named[1];
    }
    current = cause;
  }
  return undefined;
}
