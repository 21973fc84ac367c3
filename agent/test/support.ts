// Test doubles: a fake server /agent namespace (socket.io on loopback) and a fake network printer (a TCP server
// that collects what it is sent, one job per connection).
import { agentHandshakeSchema, type SlipAckPayload, type SlipPrintPayload } from '@tafrit/contracts/sockets';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server, type Namespace, type Socket as ServerSocket } from 'socket.io';

export const AGENT_ID = 'agent-1';
export const AGENT_SECRET = 'secret-1';

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'tafrit-agent-test-'));

export const waitFor = async (check: () => boolean, what = 'condition', timeoutMs = 5_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReceivedAck {
  ack: SlipAckPayload;
  at: number;
}

export interface FakeServer {
  url: string;
  port: number;
  namespace: Namespace;
  connections: number;
  handshakes: unknown[];
  acks: ReceivedAck[];
  heartbeats: number;
  /** Decides the answer to each ack; `null` leaves it unanswered. */
  answerAck: (ack: SlipAckPayload, socket: ServerSocket) => { ok: boolean } | null;
  /** Refuses the next handshakes with this message while set. */
  refuseWith: string | null;
  onAck: ((ack: SlipAckPayload) => void) | null;
  push(slip: SlipPrintPayload): void;
  sockets(): ServerSocket[];
  close(): Promise<void>;
}

export const startFakeServer = async (port = 0): Promise<FakeServer> => {
  const http: HttpServer = createHttpServer();
  const io = new Server(http, { transports: ['websocket'] });
  const namespace = io.of('/agent');
  const fake: FakeServer = {
    url: '',
    port: 0,
    namespace,
    connections: 0,
    handshakes: [],
    acks: [],
    heartbeats: 0,
    answerAck: () => ({ ok: true }),
    refuseWith: null,
    onAck: null,
    push: (slip) => void namespace.emit('slip.print', slip),
    sockets: () => [...namespace.sockets.values()],
    close: () =>
      new Promise<void>((resolve) => {
        io.close(() => resolve());
        http.closeAllConnections();
      }),
  };
  namespace.use((socket, next) => {
    fake.handshakes.push(socket.handshake.auth);
    if (fake.refuseWith) return next(new Error(fake.refuseWith));
    const auth = agentHandshakeSchema.safeParse(socket.handshake.auth);
    if (!auth.success || auth.data.agentId !== AGENT_ID || auth.data.secret !== AGENT_SECRET) {
      return next(new Error('printer.agent_credential_invalid'));
    }
    next();
  });
  namespace.on('connection', (socket) => {
    fake.connections += 1;
    socket.on('agent.heartbeat', () => {
      fake.heartbeats += 1;
    });
    socket.on('slip.ack', (ack: SlipAckPayload, callback?: (answer: { ok: boolean }) => void) => {
      fake.acks.push({ ack, at: Date.now() });
      fake.onAck?.(ack);
      const answer = fake.answerAck(ack, socket);
      if (answer && typeof callback === 'function') callback(answer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  fake.port = (http.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}`;
  return fake;
};

export interface FakePrinter {
  port: number;
  spec: string;
  /** Complete jobs: the bytes of each connection, added when the agent closed it. */
  jobs: Buffer[];
  close(): Promise<void>;
}

export const startFakePrinter = async (): Promise<FakePrinter> => {
  const jobs: Buffer[] = [];
  const open = new Set<Socket>();
  const server: NetServer = createNetServer((socket) => {
    open.add(socket);
    const parts: Buffer[] = [];
    socket.on('data', (chunk) => parts.push(chunk));
    socket.on('end', () => jobs.push(Buffer.concat(parts)));
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    spec: `tcp://127.0.0.1:${port}`,
    jobs,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

/** A loopback port nobody listens on: connecting to it is refused. */
export const closedPort = async (): Promise<number> => {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

export const slip = (slipId: string, bytes: Buffer, orderNumber: number | null = 7): SlipPrintPayload => ({
  slipId,
  orderId: orderNumber === null ? null : `order-${slipId}`,
  orderNumber,
  escposBase64: bytes.toString('base64'),
});

/** Bytes that look like a real slip: init, a raster header, data and a cut. */
export const slipBytes = (seed: number, size = 20_000): Buffer => {
  const body = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) body[index] = (index * 31 + seed * 7) & 0xff;
  return Buffer.concat([Buffer.from([0x1b, 0x40, 0x1d, 0x76, 0x30, 0x00]), body, Buffer.from([0x1d, 0x56, 0x00])]);
};
