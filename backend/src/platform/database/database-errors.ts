import { ConnectionException } from '@mikro-orm/core';

// PostgreSQL SQLSTATEs that mean "the database is not reachable right now" rather than "this query is wrong": class
// 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now), 53300 (too many connections).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

// Node's socket errors, when a socket of the driver's raised them (they carry the failed `syscall`: connect, read,
// write, getaddrinfo). The same codes without a syscall are someone else's: `ECONNRESET` "aborted" is a client that
// dropped its own request in the middle of the body, and must never be taken for a database outage (which would
// answer 503 to every other request for a second).
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE']);

// A disk or memory the database cannot write to (53100 disk full, 53200 out of memory, the PGlite file system's
// ENOSPC): the database answers, but no write can be kept right now. Not an outage (nothing to reconnect to); the
// request is refused as one would be, with 503 and Retry-After, and nothing is recorded.
const NO_ROOM_CODES = new Set(['53100', '53200', 'ENOSPC', 'EDQUOT']);

/** `fetch` (a payment or SMS gateway) wraps its socket's error: that is the gateway's outage, not the database's. */
const isFetchFailure = (error: unknown): boolean => error instanceof TypeError && error.message === 'fetch failed';

/** The fields of a driver's or a wrapper's error these checks look at (any may be missing). */
interface ErrorLink {
  code?: unknown;
  message?: unknown;
  syscall?: unknown;
  constraint?: unknown;
}

/**
 * The error and the causes it wraps, outermost first: MikroORM, pg and PGlite wrap the driver's error one to three
 * levels deep. Five links at most, so a cause that points back at itself cannot loop.
 */
function* causeChain(error: unknown): Generator<ErrorLink & object> {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    yield current as ErrorLink & object;
    current = (current as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailableError(error: unknown): boolean {
  for (const current of causeChain(error)) {
    if (current instanceof ConnectionException) return true;
    if (isFetchFailure(current)) return false;
    const { code, message, syscall } = current;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      if (SOCKET_CODES.has(code) && typeof syscall === 'string') return true;
    }
    // `timeout expired` is pg's client giving up on a connect (orm.ts CONNECT_TIMEOUT_MS): the whole message, exactly.
    if (
      typeof message === 'string' &&
      (/Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i.test(message) ||
        message === 'timeout expired')
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Every pooled connection stayed busy for the pool's whole wait (orm.ts POOL_WAIT_MS): the database answers, this
 * process has more work than connections. Answered 503 with Retry-After like an outage, but the database is not
 * marked down (that would refuse every other request until a probe succeeds, turning a burst into an outage).
 */
export function isDatabaseBusyError(error: unknown): boolean {
  for (const current of causeChain(error)) {
    if (isFetchFailure(current)) return false;
    if (typeof current.message === 'string' && current.message === 'timeout exceeded when trying to connect')
      return true;
  }
  return false;
}

/** An outage or a saturated pool: worth retrying later, never a fault of the request or the event being handled. */
export function isDatabaseTransientError(error: unknown): boolean {
  return isDatabaseUnavailableError(error) || isDatabaseBusyError(error);
}

/** Whether the database refused a write for want of room (a full disk, no memory): see NO_ROOM_CODES. */
export function isDatabaseOutOfRoomError(error: unknown): boolean {
  for (const current of causeChain(error)) {
    if (isFetchFailure(current)) return false;
    if (typeof current.code === 'string' && NO_ROOM_CODES.has(current.code)) return true;
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
  for (const { code, constraint, message } of causeChain(error)) {
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint;
      const named = typeof message === 'string' ? /unique constraint "([^"]+)"/.exec(message) : null;
      if (named?.[1]) return named[1];
    }
  }
  return undefined;
}
