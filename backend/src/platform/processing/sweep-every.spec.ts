import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Database } from '../database/database.js';
import { sweepEvery } from './sweep-every.js';

/** A database whose first-ready hooks run when the test says so. */
function fakeDatabase() {
  const hooks: (() => Promise<void>)[] = [];
  const database = { onFirstReady: (_name: string, hook: () => Promise<void>) => void hooks.push(hook) };
  return { database: database as unknown as Database, ready: () => Promise.all(hooks.map((hook) => hook())) };
}

function quietLogger() {
  const logger = new Logger('test');
  const errors: string[] = [];
  jest.spyOn(logger, 'error').mockImplementation((message: unknown) => void errors.push(String(message)));
  return { logger, errors };
}

/** Lets the sweeps' promises settle between the timer's ticks. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('sweepEvery', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts with the database, sweeps every period, and stops', async () => {
    const { database, ready } = fakeDatabase();
    const { logger } = quietLogger();
    let runs = 0;
    const stop = sweepEvery(database, { name: 't', everyMs: 1_000, logger, what: 'test sweep' }, async () => {
      runs++;
    });
    jest.advanceTimersByTime(5_000);
    expect(runs).toBe(0);
    await ready();
    for (let tick = 0; tick < 3; tick++) {
      jest.advanceTimersByTime(1_000);
      await settle();
    }
    expect(runs).toBe(3);
    stop();
    jest.advanceTimersByTime(3_000);
    await settle();
    expect(runs).toBe(3);
  });

  it('sweeps once before the timer when asked, awaiting it', async () => {
    const { database, ready } = fakeDatabase();
    const { logger } = quietLogger();
    let runs = 0;
    const stop = sweepEvery(
      database,
      { name: 't', everyMs: 60_000, logger, what: 'test sweep', first: 'await' },
      async () => {
        runs++;
      },
    );
    await ready();
    expect(runs).toBe(1);
    stop();
  });

  it('never runs two sweeps at once: a slow one makes the next ticks skip', async () => {
    const { database, ready } = fakeDatabase();
    const { logger } = quietLogger();
    let started = 0;
    let finish: () => void = () => {};
    const stop = sweepEvery(database, { name: 't', everyMs: 1_000, logger, what: 'test sweep' }, () => {
      started++;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await ready();
    jest.advanceTimersByTime(4_000);
    await settle();
    expect(started).toBe(1);
    finish();
    await settle();
    jest.advanceTimersByTime(1_000);
    await settle();
    expect(started).toBe(2);
    stop();
  });

  it('logs a failure, is quiet about a moment without the database, and goes on', async () => {
    const { database, ready } = fakeDatabase();
    const { logger, errors } = quietLogger();
    const failures = [new Error('a bug'), Object.assign(new Error('gone'), { code: '57P01' })];
    let runs = 0;
    const stop = sweepEvery(database, { name: 't', everyMs: 1_000, logger, what: 'test sweep' }, async () => {
      runs++;
      const failure = failures.shift();
      if (failure) throw failure;
    });
    await ready();
    for (let tick = 0; tick < 3; tick++) {
      jest.advanceTimersByTime(1_000);
      await settle();
    }
    expect(runs).toBe(3);
    expect(errors).toEqual(['test sweep failed: Error: a bug']);
    stop();
  });
});
