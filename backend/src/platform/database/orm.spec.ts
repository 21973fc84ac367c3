import { defineEntity, p } from '@mikro-orm/core';
import { createServer, type Server, type Socket } from 'node:net';
import { isDatabaseBusyError, isDatabaseUnavailableError } from './database-errors.js';
import { CONNECT_TIMEOUT_MS, createOrm, POOL_WAIT_MS } from './orm.js';

const Probe = defineEntity({ name: 'Probe', tableName: 'probes', properties: { id: p.integer().primary() } });

// A server that accepts the TCP connection and never answers: a host that hangs, the case the connect timeout is for.
let server: Server;
const sockets: Socket[] = [];
let port = 0;

beforeAll(async () => {
  server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('the ORM pool: a short connect, a long wait for a free connection', () => {
  it('keeps the two waits apart', () => {
    expect(CONNECT_TIMEOUT_MS).toBeLessThan(POOL_WAIT_MS);
  });

  it('gives up on a server that never answers after the connect timeout, as an outage, long before the pool wait', async () => {
    const orm = createOrm({ url: `postgres://postgres@127.0.0.1:${port}/none`, entities: [Probe], embedded: false });
    const started = Date.now();
    const failure = await orm.em
      .fork()
      .getConnection()
      .execute('select 1')
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const waited = Date.now() - started;
    expect(isDatabaseUnavailableError(failure)).toBe(true);
    expect(isDatabaseBusyError(failure)).toBe(false);
    expect(sockets.length).toBeGreaterThan(0);
    // Not before the connect timeout; and the pool's own (longer) timer never fired.
    expect(waited).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(POOL_WAIT_MS);
    await orm.close(true).catch(() => undefined);
  }, 60_000);
});
