/**
 * PostgreSQL's own online backup of the embedded database's folder, run inside PGlite's worker thread (decision 061):
 * `pg_backup_start` (an immediate checkpoint), the folder's files read asynchronously while statements go on,
 * `pg_backup_stop`'s label, then the WAL from the backup's start to its end record. Statements wait only for the
 * checkpoint and the stop, not for the copy: a page the copy reads half-written is rewritten on the copy's first
 * opening from the full-page image the WAL holds of it after the checkpoint (PGlite runs with `full_page_writes` on
 * and `wal_level = replica`). The result is a tar of the same layout as PGlite's `dumpDataDir` (PGlite opens it with
 * `loadDataDir`, recovering to the backup's end from the label), held in memory as that dump was.
 *
 * It is source text, like the worker's own program (embedded-postgres.ts): the very same code runs from the build,
 * the bundle and the TypeScript sources under Jest. It defines `onlineBackup(server, dataDir)` (PGlite's socket server) in the worker's scope.
 */
export const ONLINE_BACKUP_SOURCE = String.raw`
const backupFs = require('node:fs/promises');
const backupPath = require('node:path');

// One simple-protocol query message, as a client sends it.
const queryMessage = (sql) => {
  const body = Buffer.from(sql + '\0', 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return new Uint8Array(message);
};

// PGlite has one session for every client, and its socket server's queue lets a client that opened a transaction run
// alone until it ends, taking the others in turn (first come, first served) whenever no transaction is open. A backup's
// statement joins that queue as a client of its own would: it runs between two transactions, never inside one, and
// waits no longer than a client would. The answer comes as protocol bytes: its data rows' fields are read as text.
const BACKUP_CLIENT = -1;
async function queued(server, sql) {
  const chunks = [];
  await server.queryQueue.enqueue(BACKUP_CLIENT, queryMessage(sql), (chunk) => chunks.push(Buffer.from(chunk)));
  const bytes = Buffer.concat(chunks);
  const rows = [];
  for (let at = 0; at + 5 <= bytes.length;) {
    const type = String.fromCharCode(bytes[at]);
    const end = at + 1 + bytes.readInt32BE(at + 1);
    if (type === 'D') {
      const fields = [];
      let field = at + 7;
      for (let count = bytes.readInt16BE(at + 5); count > 0; count--) {
        const length = bytes.readInt32BE(field);
        fields.push(length < 0 ? null : bytes.toString('utf8', field + 4, field + 4 + length));
        field += 4 + Math.max(length, 0);
      }
      rows.push(fields);
    } else if (type === 'E') {
      const message = bytes.subarray(at + 5, end).toString('utf8').split('\0').find((part) => part.startsWith('M'));
      throw new Error(message ? message.slice(1) : 'the statement failed');
    }
    at = end;
  }
  return rows;
}

// One ustar header (names up to 255 bytes, split at a slash into prefix and name as the format allows).
function tarHeader(name, size, type) {
  const header = Buffer.alloc(512);
  const put = (text, offset, length) => header.write(text, offset, length, 'utf8');
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    put(name.slice(cut + 1), 0, 100);
    put(name.slice(0, cut), 345, 155);
  } else put(name, 0, 100);
  put(type === '5' ? '0000755\0' : '0000644\0', 100, 8);
  put('0000000\0', 108, 8);
  put('0000000\0', 116, 8);
  put(size.toString(8).padStart(11, '0') + '\0', 124, 12);
  put(Math.floor(Date.now() / 1000).toString(8).padStart(11, '0') + '\0', 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return header;
}

// What PostgreSQL's documentation leaves out of a base backup: folders whose contents a start makes again (the WAL is
// added after the stop), and files of the running server.
const SKIP_CONTENTS = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp',
  'pg_subtrans', 'pg_replslot']);
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init', 'backup_label', 'tablespace_map']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

async function onlineBackup(server, dataDir) {
  const chunks = [];
  const add = (name, data) => {
    chunks.push(tarHeader(name, data ? data.length : 0, data ? '0' : '5'));
    if (!data || data.length === 0) return;
    chunks.push(data);
    const pad = (512 - (data.length % 512)) % 512;
    if (pad) chunks.push(Buffer.alloc(pad));
  };
  const [[startFile]] = await queued(server,
    "select pg_walfile_name(lsn) from pg_backup_start('tafrit backup', true) as lsn");
  let stopped = false;
  try {
    const copy = async (relative) => {
      for (const name of (await backupFs.readdir(backupPath.join(dataDir, relative))).sort()) {
        const path = relative ? relative + '/' + name : name;
        if (name.startsWith('pgsql_tmp') || SKIP_FILES.has(name)) continue;
        // A file removed while the folder is copied (a dropped table, a finished temporary file) is left out, as
        // pg_basebackup leaves it: the WAL replayed at the first opening says it is gone.
        const stat = await backupFs.lstat(backupPath.join(dataDir, path)).catch((error) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (!stat) continue;
        if (stat.isDirectory()) {
          add('/' + path);
          if (!SKIP_CONTENTS.has(path)) await copy(path);
          continue;
        }
        if (!stat.isFile()) continue;
        const data = await backupFs.readFile(backupPath.join(dataDir, path)).catch((error) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (data) add('/' + path, data);
      }
    };
    await copy('');
    const [[label, stopFile]] = await queued(server,
      'select labelfile, pg_walfile_name(lsn) from pg_backup_stop(false)');
    stopped = true;
    add('/backup_label', Buffer.from(label, 'utf8'));
    // PGlite, one process, checkpoints only when asked or when max_wal_size is reached: the WAL since the start is
    // still there unless a checkpoint in between recycled it, which the check below turns into a failed backup.
    const segments = (await backupFs.readdir(backupPath.join(dataDir, 'pg_wal')))
      .filter((name) => WAL_SEGMENT.test(name) && name >= startFile)
      .sort();
    if (!segments.includes(startFile) || !segments.includes(stopFile)) {
      throw new Error('the WAL of the backup (' + startFile + ' to ' + stopFile + ') is no longer in pg_wal');
    }
    for (const name of segments) {
      add('/pg_wal/' + name, await backupFs.readFile(backupPath.join(dataDir, 'pg_wal', name)));
    }
    add('/pg_wal/archive_status');
    chunks.push(Buffer.alloc(1024));
    return Buffer.concat(chunks);
  } finally {
    // A failed copy must not leave the session in backup mode: the next backup could not start.
    if (!stopped) await queued(server, 'select 1 from pg_backup_stop(false)').catch(() => undefined);
  }
}
`;
