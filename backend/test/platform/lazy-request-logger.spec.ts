import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { lazyRequestLogger } from '../../src/platform/logging/lazy-request-logger.js';

// Every request's logger is made lazily (app.factory.ts): nothing is built for a request that logs nothing, and what
// a request does log carries the same bindings (the request id) as Fastify's own child would.

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level }, stream) };
}

async function appWith(level: string) {
  const { lines, logger } = capture(level);
  let children = 0;
  const counting = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof logger.child>) => {
    children++;
    return counting(...args);
  }) as typeof logger.child;
  const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger, genReqId: () => 'req-1' });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.warn({ detail: 1 }, 'something to say');
    return { ok: true };
  });
  await app.ready();
  // Fastify's own children made while starting are not the requests'.
  children = 0;
  return { app, lines, children: () => children };
}

describe('the lazy request logger', () => {
  it('makes no child for a request that logs nothing at the level', async () => {
    const { app, lines, children } = await appWith('warn');
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    await app.close();
  });

  it("writes a request's line with the request id, as Fastify's own child would", async () => {
    const { app, lines, children } = await appWith('warn');
    await app.inject({ method: 'GET', url: '/loud' });
    expect(children()).toBe(1);
    expect(lines).toEqual([expect.objectContaining({ level: 40, reqId: 'req-1', detail: 1, msg: 'something to say' })]);
    await app.close();
  });

  it("keeps Fastify's request lines at the info level", async () => {
    const { app, lines } = await appWith('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-1', 'incoming request'],
      ['req-1', 'request completed'],
    ]);
    await app.close();
  });
});
