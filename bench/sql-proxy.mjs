// A counting TCP proxy between the product and PostgreSQL: it forwards every byte unchanged and reads the PostgreSQL
// frontend/backend protocol (version 3) on the way, so the bench can print what a paid order costs the database.
// It runs in a process of its own (`startSqlProxy` forks this file), so its parsing costs neither the product's CPU
// (which the bench measures) nor the load generator's event loop.
//
// What it counts, per connection and summed:
//   - round trips: the client's Sync messages (extended protocol: Parse/Bind/Execute... then Sync, one wait for the
//     server) plus its simple Query messages;
//   - statements: Execute messages plus simple Query messages;
//   - commits: the server's CommandComplete tags "COMMIT", plus the autocommitted transactions: a ReadyForQuery with
//     status 'I' (idle) that follows one with status 'I', where the messages between them wrote (an INSERT, UPDATE,
//     DELETE, MERGE or COPY tag) and none of them was BEGIN, START, COMMIT or ROLLBACK;
//   - the diner's reads of its order: a round trip whose statements carry the marker `/* diner-read */` (in the text
//     of its Parse or Query) is counted apart, and so are the statements with the marker;
//   - round trips per label: the statement's name (if the client named it) and its first words (verb and first
//     table), so the figures show where the round trips go.
import { fork } from 'node:child_process';
import { createServer, connect } from 'node:net';

export const DINER_READ_MARKER = '/* diner-read */';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const WRITE_TAGS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);
const TRANSACTION_TAGS = new Set(['BEGIN', 'START', 'COMMIT', 'ROLLBACK']);
const LABELS_AT_MOST = 500;
const EMPTY = Buffer.alloc(0);

/**
 * Reads a stream of protocol messages in whatever chunks TCP delivers them. Only the bodies of the types `wanted`
 * accepts are kept (the rest, such as result rows, are skipped as they pass). `untyped` is for the client's first
 * messages (startup, SSL request), which have no type byte.
 */
class MessageReader {
  constructor(wanted, onMessage) {
    this.wanted = wanted;
    this.onMessage = onMessage;
    this.untyped = false;
    this.singleBytes = 0; // the server's one-byte answers to an SSL or GSS request, not framed as messages
    this.onSingleByte = () => {};
    this.header = Buffer.alloc(5);
    this.headerLength = 0;
    this.type = 0;
    this.remaining = 0; // body bytes still to come
    this.parts = undefined; // the body's chunks when it is kept, undefined when skipped
  }

  push(chunk) {
    let at = 0;
    while (at < chunk.length) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, chunk.length - at);
        if (this.parts) this.parts.push(chunk.subarray(at, at + take));
        at += take;
        this.remaining -= take;
        if (this.remaining === 0) this.finish();
        continue;
      }
      if (this.headerLength === 0 && this.singleBytes > 0) {
        this.singleBytes--;
        this.onSingleByte(chunk[at++]);
        continue;
      }
      const headerSize = this.untyped ? 4 : 5;
      const take = Math.min(headerSize - this.headerLength, chunk.length - at);
      chunk.copy(this.header, this.headerLength, at, at + take);
      this.headerLength += take;
      at += take;
      if (this.headerLength < headerSize) continue;
      this.headerLength = 0;
      this.type = this.untyped ? 0 : this.header[0];
      const length = this.header.readInt32BE(this.untyped ? 0 : 1);
      this.remaining = Math.max(0, length - 4);
      this.parts = this.untyped || this.wanted(this.type) ? [] : undefined;
      if (this.remaining === 0) this.finish();
    }
  }

  finish() {
    const parts = this.parts;
    this.parts = undefined;
    // A skipped message is still reported, with an empty body: its type is enough (Execute, ErrorResponse).
    this.onMessage(this.type, !parts ? EMPTY : parts.length === 1 ? parts[0] : Buffer.concat(parts));
  }
}

/** The NUL-terminated string at `offset` of `body`, and the offset after its NUL. */
function cstring(body, offset) {
  const end = body.indexOf(0, offset);
  const stop = end === -1 ? body.length : end;
  return [body.toString('utf8', offset, stop), stop + 1];
}

/** A short name for a statement: its verb and its first table, e.g. `select from "orders"`, `insert into "events"`. */
export function statementLabel(text) {
  const sql = text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replaceAll('"', '');
  const verb =
    /^(with|select|insert into|update|delete from|begin|commit|rollback|set|show|lock|savepoint|release|listen|notify|values|call|do)\b/.exec(
      sql,
    )?.[1];
  if (!verb) return sql.split(' ').slice(0, 3).join(' ').slice(0, 60);
  const table = (pattern) => pattern.exec(sql)?.[1];
  const name = '([\\w$]+(?:\\.[\\w$]+)?)';
  switch (verb) {
    case 'insert into':
    case 'update':
    case 'delete from': {
      const target = table(new RegExp(`^${verb} ${name}`));
      return `${verb} ${target ?? '?'}`;
    }
    case 'select':
    case 'with': {
      // For a WITH, what it does in the end: its first data-changing verb if any, else a select.
      const writes = /\b(insert into|update|delete from) ([\w$]+(?:\.[\w$]+)?)/.exec(sql);
      if (verb === 'with' && writes) return `with ... ${writes[1]} ${writes[2]}`;
      const from = table(new RegExp(`\\bfrom ${name}`));
      if (from) return `${verb === 'with' ? 'with ... select' : 'select'} from ${from}`;
      // A select of a function (a lock, a sequence): its name.
      return `${verb === 'with' ? 'with ... select' : 'select'} ${/^(?:with .*? )?select ([\w$.]+)/.exec(sql)?.[1] ?? '...'}`;
    }
    case 'lock':
      return sql.split(' ').slice(0, 3).join(' ');
    default:
      return verb;
  }
}

const NAMED = '\0named:';

/** Labels already made, by statement text: a server sends the same few texts again and again. */
const labelCache = new Map();

/** The label of a round trip's statement: its name if it has one, its first words; each of a simple query's parts. */
function labelOf(text) {
  let label = labelCache.get(text);
  if (label === undefined) {
    label = makeLabel(text);
    if (labelCache.size >= 10_000) labelCache.clear();
    labelCache.set(text, label);
  }
  return label;
}

function makeLabel(text) {
  if (text.startsWith(NAMED)) {
    const [name, sql] = text.slice(NAMED.length).split('\0');
    return `${name}: ${statementLabel(sql ?? '')}`;
  }
  const parts = text.split(';').filter((part) => part.trim() !== '');
  return parts.length > 1 ? parts.map(statementLabel).join('; ') : statementLabel(text);
}

/** The counters, summed over every connection; `labels` counts round trips per label (diner reads apart). */
function newCounts() {
  return {
    connections: 0,
    roundTrips: 0,
    statements: 0,
    commits: 0,
    autocommits: 0,
    rollbacks: 0,
    errors: 0,
    dinerReadRoundTrips: 0,
    dinerReadStatements: 0,
    simpleQueries: 0,
    labels: {},
  };
}

function countConnection(counts) {
  const statements = new Map(); // prepared statement name ('' = unnamed) -> its text
  let batch = []; // the texts of the statements of the round trip being sent
  let parsedInBatch = [];
  let tags = []; // CommandComplete tags since the last ReadyForQuery
  let lastStatus = 'I';
  let opaque = false; // after an accepted SSL request the bytes are encrypted: forwarded, no longer read

  const countRoundTrip = (texts) => {
    const dinerRead = texts.some((text) => text.includes(DINER_READ_MARKER));
    if (dinerRead) counts.dinerReadRoundTrips++;
    else counts.roundTrips++;
    const labels = texts.length === 1 ? [labelOf(texts[0])] : [...new Set(texts.map(labelOf))];
    const label = (dinerRead ? '[diner-read] ' : '') + (labels.length > 0 ? labels.join(' + ') : '(sync only)');
    if (label in counts.labels || Object.keys(counts.labels).length < LABELS_AT_MOST) {
      counts.labels[label] = (counts.labels[label] ?? 0) + 1;
    } else counts.labels['(other)'] = (counts.labels['(other)'] ?? 0) + 1;
  };

  const fromServer = new MessageReader(
    (type) => type === 0x43 /* C */ || type === 0x5a /* Z */,
    (type, body) => {
      if (opaque) return;
      if (type === 0x43) {
        const tag = cstring(body, 0)[0].split(' ')[0];
        tags.push(tag);
      } else if (type === 0x5a) {
        const status = String.fromCharCode(body[0]);
        counts.commits += tags.filter((tag) => tag === 'COMMIT').length;
        counts.rollbacks += tags.filter((tag) => tag === 'ROLLBACK').length;
        if (
          status === 'I' &&
          lastStatus === 'I' &&
          !tags.some((tag) => TRANSACTION_TAGS.has(tag)) &&
          tags.some((tag) => WRITE_TAGS.has(tag))
        ) {
          counts.commits++;
          counts.autocommits++;
        }
        lastStatus = status;
        tags = [];
      } else if (type === 0x45 /* E */) counts.errors++;
    },
  );

  const fromClient = new MessageReader(
    (type) => type === 0x51 /* Q */ || type === 0x50 /* P */ || type === 0x42 /* B */ || type === 0x43 /* C */,
    (type, body) => {
      if (opaque) return;
      switch (type) {
        case 0: {
          // Startup-phase messages: an SSL or GSS request keeps the next message untyped and gets a one-byte answer.
          const code = body.length >= 4 ? body.readInt32BE(0) : 0;
          if (code === SSL_REQUEST || code === GSS_REQUEST) {
            fromServer.singleBytes++;
            fromServer.onSingleByte = (byte) => {
              if (byte === 0x53 /* S: encrypted from here on */) opaque = true;
            };
          } else fromClient.untyped = false;
          break;
        }
        case 0x51: {
          // Query: one round trip (it may hold several statements).
          const [text] = cstring(body, 0);
          counts.simpleQueries++;
          if (text.includes(DINER_READ_MARKER)) counts.dinerReadStatements++;
          else counts.statements++;
          countRoundTrip([text]);
          break;
        }
        case 0x50: {
          // Parse: statement name, then its text.
          const [name, next] = cstring(body, 0);
          const [text] = cstring(body, next);
          // A named statement keeps its name in front, where the label shows it.
          const labelled = name ? `${NAMED}${name}\0${text}` : text;
          statements.set(name, labelled);
          parsedInBatch.push(labelled);
          break;
        }
        case 0x42: {
          // Bind: portal name, then the statement it binds.
          const [, next] = cstring(body, 0);
          const [name] = cstring(body, next);
          batch.push(statements.get(name) ?? `${NAMED}${name}\0`);
          break;
        }
        case 0x45: {
          // Execute: the statement bound last.
          const text = batch.at(-1) ?? '';
          if (text.includes(DINER_READ_MARKER)) counts.dinerReadStatements++;
          else counts.statements++;
          break;
        }
        case 0x43: {
          // Close: 'S' statement or 'P' portal, then its name.
          if (body[0] === 0x53) statements.delete(cstring(body, 1)[0]);
          break;
        }
        case 0x53: {
          // Sync: the end of a round trip.
          countRoundTrip(batch.length > 0 ? batch : parsedInBatch);
          batch = [];
          parsedInBatch = [];
          break;
        }
      }
    },
  );
  fromClient.untyped = true;
  return { fromClient, fromServer };
}

/** The proxy itself (in the forked process): listens on loopback, forwards to `host:port`, answers snapshots. */
function serve(host, port) {
  const counts = newCounts();
  const server = createServer({ noDelay: true }, (client) => {
    counts.connections++;
    const upstream = connect({ host, port, noDelay: true });
    const { fromClient, fromServer } = countConnection(counts);
    // Forwarded first, read after: the counting never delays a byte. Backpressure as pipe() would do it.
    const forward = (from, to, reader) => {
      from.on('data', (chunk) => {
        if (!to.write(chunk)) {
          from.pause();
          to.once('drain', () => from.resume());
        }
        reader.push(chunk);
      });
    };
    forward(client, upstream, fromClient);
    forward(upstream, client, fromServer);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
  process.on('message', (message) => {
    if (message?.type === 'snapshot') {
      process.send({ type: 'snapshot', id: message.id, counts: structuredClone(counts), cpu: process.cpuUsage() });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === new URL(import.meta.url).pathname && process.send) {
  serve(process.argv[2], Number(process.argv[3]));
}

/**
 * Forks the proxy in front of `databaseUrl`. Returns the URL that leads through it, `snapshot()` (the counters so
 * far, and the proxy's own CPU in ms) and `stop()`.
 */
export async function startSqlProxy(databaseUrl) {
  const upstream = new URL(databaseUrl);
  const child = fork(new URL(import.meta.url).pathname, [upstream.hostname, upstream.port || '5432'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the SQL proxy exited with ${code}`)));
  });
  const viaProxy = new URL(databaseUrl);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(port);
  let next = 0;
  return {
    url: viaProxy.toString(),
    pid: child.pid,
    snapshot() {
      const id = ++next;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the SQL proxy did not answer')), 5_000);
        const onMessage = (message) => {
          if (message?.type !== 'snapshot' || message.id !== id) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          const { user, system } = message.cpu;
          resolve({ ...message.counts, cpuMs: (user + system) / 1000 });
        };
        child.on('message', onMessage);
        child.send({ type: 'snapshot', id });
      });
    },
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/** What happened between two snapshots: every counter's difference, labels included. */
export function countsBetween(before, after) {
  const difference = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === 'labels') continue;
    difference[key] = value - (before[key] ?? 0);
  }
  difference.labels = {};
  for (const [label, value] of Object.entries(after.labels)) {
    const delta = value - (before.labels[label] ?? 0);
    if (delta > 0) difference.labels[label] = delta;
  }
  return difference;
}
