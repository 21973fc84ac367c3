import { join } from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { ONLINE_BACKUP_SOURCE } from './embedded-online-backup.js';

export interface EmbeddedPostgres {
  url: string;
  /**
   * A copy of the data folder as an uncompressed tar that PGlite opens with `loadDataDir`. A folder on disk is copied
   * by PostgreSQL's online backup (embedded-online-backup.ts): statements wait only for its checkpoint and its end,
   * and the copy's first opening recovers to the backup's end from the WAL it holds. A database in memory (tests) is
   * PGlite's own `dumpDataDir`, taken between two statements. Measured in decision 061.
   */
  dump(): Promise<Uint8Array>;
  stop(): Promise<void>;
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export const embeddedDataDir = (dataDir: string): string => join(dataDir, 'pglite');

/**
 * The worker's whole program (CommonJS, evaluated): open PGlite, serve it on loopback, and on 'stop' close both.
 * Kept as source text rather than a file so the very same code runs from the build, from a bundle and from the
 * TypeScript sources under Jest; the two packages come as absolute URLs, resolved by the main thread.
 */
const WORKER_SOURCE = `
${ONLINE_BACKUP_SOURCE}
const { parentPort, workerData } = require('node:worker_threads');
const { mkdirSync } = require('node:fs');
require('node:module').enableCompileCache?.();
(async () => {
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
    import(workerData.pgliteUrl),
    import(workerData.socketUrl),
  ]);
  if (workerData.dataDir) mkdirSync(workerData.dataDir, { recursive: true });
  const db = await PGlite.create(workerData.dataDir ? { dataDir: workerData.dataDir } : {});
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  parentPort.on('message', (message) => {
    if (message && message.type === 'dump') {
      // Answered on the request's own port, so a dump never takes the stop's reply (or another dump's). A folder on
      // disk is copied online (statements go on meanwhile); one in memory (tests) is dumped between two statements.
      (workerData.dataDir
        ? onlineBackup(server, workerData.dataDir).then((tar) =>
            tar.byteOffset === 0 && tar.buffer.byteLength === tar.length ? tar.buffer : new Uint8Array(tar).buffer)
        : db.dumpDataDir('none').then((file) => file.arrayBuffer()))
        .then(
          (buffer) => message.port.postMessage({ buffer }, [buffer]),
          (error) => message.port.postMessage({ error: String(error && error.message ? error.message : error) }),
        )
        .finally(() => message.port.close());
      return;
    }
    if (message !== 'stop') return;
    (async () => {
      await server.stop();
      // Closing flushes PGlite's files: a process that exits without this can lose its latest writes.
      await db.close();
    })().then(
      () => parentPort.postMessage({ type: 'stopped' }),
      (error) => parentPort.postMessage({ type: 'stopped', error }),
    );
  });
  parentPort.postMessage({ type: 'ready', address: server.getServerConn() });
})().catch((error) => parentPort.postMessage({ type: 'failed', error }));
`;

type WorkerMessage =
  { type: 'ready'; address: string } | { type: 'failed'; error: unknown } | { type: 'stopped'; error?: unknown };

/**
 * Real PostgreSQL (compiled to WebAssembly) served over the Postgres wire protocol on loopback so MikroORM and the
 * event store use the very same `pg` driver path as production. `dataDir` undefined keeps the database in memory
 * (tests).
 *
 * PGlite runs in a worker thread of this process: opening a data folder (compiling and starting PostgreSQL, about
 * half a second of CPU) then overlaps the main thread's own start (loading the modules, building Nest's
 * application), and its queries run beside the main thread's work rather than inside it. It is the same process and
 * the same files: the worker ends with the process, and a stop closes PGlite cleanly as before.
 */
export function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      dataDir,
      pgliteUrl: import.meta.resolve('@electric-sql/pglite'),
      socketUrl: import.meta.resolve('@electric-sql/pglite-socket'),
    },
  });
  return new Promise<EmbeddedPostgres>((resolve, reject) => {
    let ready = false;
    let stopping: Promise<void> | undefined;
    const onStartFailure = (error: unknown) => {
      void worker.terminate();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    worker.once('message', (message: WorkerMessage) => {
      if (message.type === 'failed') return onStartFailure(message.error);
      if (message.type !== 'ready') return onStartFailure(new Error(`unexpected message ${message.type}`));
      ready = true;
      resolve({
        url: `postgres://postgres@${message.address}/postgres`,
        dump() {
          const { port1, port2 } = new MessageChannel();
          return new Promise<Uint8Array>((done, failed) => {
            port1.once('message', (reply: { buffer?: ArrayBuffer; error?: string }) => {
              port1.close();
              if (reply.buffer) done(new Uint8Array(reply.buffer));
              else failed(new Error(`the embedded database could not be dumped: ${reply.error}`));
            });
            worker.postMessage({ type: 'dump', port: port2 }, [port2]);
          });
        },
        stop() {
          stopping ??= new Promise<void>((stopped, failed) => {
            worker.once('message', (reply: WorkerMessage) => {
              void worker.terminate();
              if (reply.type === 'stopped' && reply.error) failed(reply.error);
              else stopped();
            });
            // A worker that is already gone has nothing left to close.
            worker.once('exit', () => stopped());
            worker.postMessage('stop');
          });
          return stopping;
        },
      });
    });
    worker.on('error', (error) => {
      if (!ready) return onStartFailure(error);
      // In this very process PGlite's failure would have been an uncaught exception: it still is one.
      throw error;
    });
    worker.once('exit', (code) => {
      if (!ready) return onStartFailure(new Error(`the embedded database stopped while starting (exit code ${code})`));
      if (!stopping) throw new Error(`the embedded database stopped unexpectedly (exit code ${code})`);
    });
  });
}
