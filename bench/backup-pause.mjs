// How long statements wait while the embedded database is backed up (decision 061), on a database of a given size:
//   npm run build -w backend && node bench/backup-pause.mjs [rows, 300000 ≈ 130 MB]
// A table of event-sized rows is filled, one client commits small transactions without pause, and the slowest of them
// is printed for three seconds before the backup and for the backup's length. Not part of `npm run bench`.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../backend/dist/platform/database/embedded-postgres.js';

const rows = Number(process.argv[2] ?? 300000);
const folder = mkdtempSync(join(tmpdir(), 'tafrit-backup-pause-'));
const server = await startEmbeddedPostgres(folder);
const c = new pg.Client({ connectionString: server.url });
await c.connect();
await c.query(
  'create table events (id bigserial primary key, stream text, data jsonb, recorded_at timestamptz default now())',
);
for (let i = 0; i < rows; i += 50000)
  await c.query(
    `insert into events (stream, data) select md5(g::text), jsonb_build_object('lines', repeat(md5(g::text), 8), 'n', g) from generate_series(1, 50000) g`,
  );
const [{ size }] = (await c.query('select pg_database_size(current_database()) as size')).rows;
console.log(
  'database',
  Math.round(size / 1e6),
  'MB; folder',
  execSync(`du -sm ${folder}`).toString().split('\t')[0],
  'MB',
);
let running = true;
let worst = 0;
let count = 0;
const w = (async () => {
  while (running) {
    const t = performance.now();
    await c.query('begin');
    await c.query(`insert into events (stream, data) values ('s', '{"a":1}')`);
    await c.query('commit');
    worst = Math.max(worst, performance.now() - t);
    count++;
  }
})();
await new Promise((r) => setTimeout(r, 3000));
console.log('before: slowest insert', worst.toFixed(1), 'ms over', count);
worst = 0;
count = 0;
const t = performance.now();
const tar = await server.dump();
console.log(
  'backup',
  Math.round(performance.now() - t),
  'ms,',
  Math.round(tar.length / 1e6),
  'MB; during it: slowest insert',
  worst.toFixed(1),
  'ms over',
  count,
  'inserts',
);
running = false;
await w;
await c.end();
await server.stop();
rmSync(folder, { recursive: true, force: true });
