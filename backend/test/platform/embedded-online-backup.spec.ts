import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  type EmbeddedPostgres,
  embeddedDataDir,
  startEmbeddedPostgres,
} from '../../src/platform/database/embedded-postgres.js';

// The embedded database's online backup (decision 061): taken while clients write in transactions over the socket,
// the copy opens on its own, holds every transaction committed before the backup began and no half of any, and the
// server can take the next backup (its backup mode ended).

let scratch: string;
let server: EmbeddedPostgres;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'tafrit-online-backup-'));
  server = await startEmbeddedPostgres(embeddedDataDir(scratch));
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  // Enough rows that the copy spans many reads while the writers go on.
  await client.query(`create table pairs (batch int not null, side int not null, filler text not null,
                                          primary key (batch, side))`);
  await client.query(`insert into pairs select g, s, repeat(md5(g::text), 8)
                        from generate_series(1, 20000) g, generate_series(1, 2) s`);
  await client.end();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Writers, each committing two rows of one batch per transaction, until `stop` is called. */
function writers(count: number) {
  const committed = new Set<number>();
  let running = true;
  let next = 100_000;
  const loops = Array.from({ length: count }, async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      while (running) {
        const batch = next++;
        await client.query('begin');
        await client.query(`insert into pairs values ($1, 1, 'a')`, [batch]);
        // The other half of the pair after a turn of the event loop: a backup's statement could come in between.
        await new Promise((resolve) => setImmediate(resolve));
        await client.query(`insert into pairs values ($1, 2, 'b')`, [batch]);
        await client.query('commit');
        committed.add(batch);
      }
    } finally {
      await client.end();
    }
  });
  return {
    committed,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function opened(tar: Uint8Array) {
  const copy = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(tar)]) });
  const { rows } = await copy.query<{ batch: number; sides: number }>(
    'select batch, count(*)::int as sides from pairs where batch >= 100000 group by batch',
  );
  const counted = await copy.query<{ base: number }>('select count(*)::int as base from pairs where batch < 100000');
  const base = counted.rows[0]?.base;
  await copy.close();
  return { batches: new Map(rows.map((row) => [row.batch, row.sides])), base };
}

describe('the embedded online backup', () => {
  it('copies the folder while clients commit, into a copy that holds every earlier commit and no half of one', async () => {
    const load = writers(3);
    // Writing before the backup starts: a set of commits the copy must hold.
    while (load.committed.size < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = new Set(load.committed);
    const tar = await server.dump();
    const after = new Set(load.committed);
    await load.stop();

    const { batches, base } = await opened(tar);
    expect(base).toBe(40_000);
    for (const batch of before) expect(batches.get(batch)).toBe(2);
    // Whatever else it holds was committed by the time the backup ended, and whole.
    for (const [batch, sides] of batches) {
      expect(sides).toBe(2);
      expect(after.has(batch)).toBe(true);
    }
  }, 300_000);

  it('takes the next backup after one, holding what was committed in between', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await server.dump();
    await client.query(`insert into pairs values (1, 3, 'later')`);
    await client.end();
    const tar = await server.dump();
    const copy = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(tar)]) });
    const { rows } = await copy.query<{ filler: string }>('select filler from pairs where batch = 1 and side = 3');
    await copy.close();
    expect(rows).toEqual([{ filler: 'later' }]);
  }, 300_000);
});
