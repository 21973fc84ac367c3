import {
  isDatabaseBusyError,
  isDatabaseOutOfRoomError,
  isDatabaseTransientError,
  isDatabaseUnavailableError,
  violatedUniqueConstraint,
} from './database-errors.js';

const wrapped = (inner: unknown, levels = 2): unknown =>
  levels === 0 ? inner : new Error(`wrapper ${levels}`, { cause: wrapped(inner, levels - 1) });

describe('database errors, read through the causes they wrap', () => {
  it('takes a driver socket error three levels down for an outage', () => {
    const socket = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    expect(isDatabaseUnavailableError(wrapped(socket, 3))).toBe(true);
  });

  it('does not take a dropped request (the same code without a syscall) for an outage', () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(isDatabaseUnavailableError(wrapped(aborted))).toBe(false);
  });

  it('does not take a gateway fetch failure for an outage, even over a socket error', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(isDatabaseUnavailableError(new TypeError('fetch failed', { cause: socket }))).toBe(false);
  });

  it('knows a shutdown SQLSTATE and a connection class code', () => {
    expect(isDatabaseUnavailableError(wrapped(Object.assign(new Error('x'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
  });

  it('takes a pool with no free connection for load, not for an outage; a connect that timed out is an outage', () => {
    const queued = wrapped(new Error('timeout exceeded when trying to connect'));
    expect(isDatabaseBusyError(queued)).toBe(true);
    expect(isDatabaseUnavailableError(queued)).toBe(false);
    expect(isDatabaseTransientError(queued)).toBe(true);
    const connecting = wrapped(new Error('Connection terminated due to connection timeout'));
    expect(isDatabaseUnavailableError(connecting)).toBe(true);
    expect(isDatabaseBusyError(connecting)).toBe(false);
    expect(isDatabaseTransientError(new Error('syntax error'))).toBe(false);
  });

  it('finds a full disk under the wrappers', () => {
    expect(isDatabaseOutOfRoomError(wrapped(Object.assign(new Error('no space'), { code: 'ENOSPC' })))).toBe(true);
    expect(isDatabaseOutOfRoomError(wrapped(new Error('other')))).toBe(false);
  });

  it('names the violated unique constraint from the field or from the message', () => {
    const withField = Object.assign(new Error('dup'), { code: '23505', constraint: 'orders_pkey' });
    expect(violatedUniqueConstraint(wrapped(withField))).toBe('orders_pkey');
    const inMessage = Object.assign(new Error('duplicate key value violates unique constraint "x_key"'), {
      code: '23505',
    });
    expect(violatedUniqueConstraint(inMessage)).toBe('x_key');
    expect(violatedUniqueConstraint(new Error('other'))).toBeUndefined();
  });

  it('stops on a cause that points back at itself', () => {
    const loop = new Error('loop') as Error & { cause?: unknown };
    loop.cause = loop;
    expect(isDatabaseUnavailableError(loop)).toBe(false);
    expect(violatedUniqueConstraint(loop)).toBeUndefined();
  });
});
