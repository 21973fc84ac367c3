import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { defineEntity, type MikroORM, p } from '@mikro-orm/core';
import type { EntityManager, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { isDatabaseUnavailableError } from '../../src/platform/database/database-errors.js';
import { createOrm } from '../../src/platform/database/orm.js';
import { query } from '../../src/platform/database/sql.js';
import { startServedDatabase } from '../reliability/served-database.js';
import { tcpProxy, type TcpProxy } from '../reliability/tcp-proxy.js';

// A transaction whose connection is lost (the network, a restart of the database) must give its pooled connection
// back. The query builder under the ORM releases a transaction's connection only when its commit or rollback
// succeeds, and on a lost connection neither can: the slot stayed taken for good. With the embedded database's pool
// of one, every later request then waited for it (a CI run hung on this until each test timed out); on PostgreSQL
// each loss took one of ten for good. The pool here is the embedded one's (one connection), so a slot kept is seen at
// once, and the connection goes through a TCP proxy that cuts it at the chosen step.

const Probe = defineEntity({ name: 'Probe', tableName: 'probes', properties: { id: p.integer().primary() } });

let proxy: TcpProxy;
let url: string;
let orm: MikroORM<PostgreSqlDriver>;
let pool: Pool;
let stopBackend: () => Promise<void>;

beforeAll(async () => {
  const backend = await startServedDatabase();
  stopBackend = backend.close;
  proxy = await tcpProxy(backend);
  url = `postgres://postgres@127.0.0.1:${proxy.port}/${backend.database}`;
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await stopBackend?.();
});

// A pool of its own for each case, so a connection one keeps cannot fail the next.
beforeEach(async () => {
  orm = createOrm({ url, entities: [Probe], embedded: true });
  pool = (await orm.em.getConnection().getNativeClient()) as Pool;
  // One pooled connection, open and idle, as a running server has.
  await query(fork(), 'select 1');
  expect(pool.totalCount).toBe(1);
});

afterEach(async () => {
  await proxy.restore().catch(() => undefined);
  // A pool that kept a connection would wait for it for ever: the case has failed already, and the proxy's close
  // ends its socket.
  if (checkedOut() === 0) await orm.close(true);
});

const fork = () => orm.em.fork() as EntityManager;

/** The connections taken from the pool and not given back. */
const checkedOut = () => pool.totalCount - pool.idleCount;

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('the transaction was expected to fail');
    },
    (error: unknown) => error,
  );
}

describe('a transaction whose connection is lost', () => {
  it('in the middle fails as an outage and gives its connection back', async () => {
    const failure = await failureOf(
      fork().transactional(async (tx) => {
        await query(tx, 'select 1');
        await proxy.cut();
        await query(tx, 'select 2');
      }),
    );
    expect(isDatabaseUnavailableError(failure)).toBe(true);
    expect(checkedOut()).toBe(0);
    await proxy.restore();
    expect(await query(fork(), 'select 3 as n')).toEqual([{ n: 3 }]);
  });

  it('at its commit fails as an outage and gives its connection back', async () => {
    const failure = await failureOf(
      fork().transactional(async (tx) => {
        await query(tx, 'select 1');
        // The callback is done: what fails is the commit itself.
        await proxy.cut();
      }),
    );
    expect(isDatabaseUnavailableError(failure)).toBe(true);
    expect(checkedOut()).toBe(0);
    await proxy.restore();
    expect(await query(fork(), 'select 4 as n')).toEqual([{ n: 4 }]);
  });

  it('at its begin fails as an outage and gives its connection back', async () => {
    // The idle connection is cut while the pool still counts it open: the transaction's begin is the first to meet it.
    const cutting = proxy.cut();
    const failure = await failureOf(fork().transactional((tx) => query(tx, 'select 1')));
    await cutting;
    expect(isDatabaseUnavailableError(failure)).toBe(true);
    expect(checkedOut()).toBe(0);
    await proxy.restore();
    expect(await query(fork(), 'select 5 as n')).toEqual([{ n: 5 }]);
  });

  it('rolls back on the database what it wrote before the loss', async () => {
    await query(fork(), 'create table if not exists lost_writes (n int)');
    const failure = await failureOf(
      fork().transactional(async (tx) => {
        await query(tx, 'insert into lost_writes values (1)');
        await proxy.cut();
      }),
    );
    expect(isDatabaseUnavailableError(failure)).toBe(true);
    await proxy.restore();
    expect(await query(fork(), 'select count(*)::int as n from lost_writes')).toEqual([{ n: 0 }]);
  });
});
