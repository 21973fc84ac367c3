import { afterEach, describe, expect, it } from '@jest/globals';
import { AGENT_VERSION } from '@tafrit/contracts/printing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgent, type Agent } from '../src/agent.js';
import { agentInfoFor } from '../src/agent-info.js';
import { openPrintedMemory } from '../src/printed-memory.js';
import { createPrinter, type Printer } from '../src/printer/index.js';
import {
  AGENT_ID,
  AGENT_SECRET,
  closedPort,
  sleep,
  slip,
  slipBytes,
  startFakePrinter,
  startFakeServer,
  tempDir,
  waitFor,
  type FakePrinter,
  type FakeServer,
} from './support.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const serve = async (port?: number): Promise<FakeServer> => {
  const server = await startFakeServer(port);
  cleanups.push(() => server.close());
  return server;
};
const printerServer = async (): Promise<FakePrinter> => {
  const printer = await startFakePrinter();
  cleanups.push(() => printer.close());
  return printer;
};

const startAgent = async ({
  server,
  printer,
  dir = tempDir(),
  secret = AGENT_SECRET,
  ackTimeoutMs = 2_000,
}: {
  server: FakeServer;
  printer: Printer;
  dir?: string;
  secret?: string;
  ackTimeoutMs?: number;
}): Promise<{ agent: Agent; dir: string; lines: string[] }> => {
  const lines: string[] = [];
  const agent = createAgent({
    server: server.url,
    agentId: AGENT_ID,
    agentSecret: secret,
    info: agentInfoFor(printer, 'מטבח'),
    printer,
    memory: await openPrintedMemory(join(dir, 'printed-slips.json')),
    log: (line) => lines.push(line),
    heartbeatMs: 50,
    ackTimeoutMs,
    reconnectDelayMs: 50,
    reconnectDelayMaxMs: 200,
  });
  cleanups.push(() => agent.stop());
  agent.start();
  return { agent, dir, lines };
};

const connected = (server: FakeServer, count = 1) => waitFor(() => server.connections >= count, 'connection');

describe('the printing agent', () => {
  it('connects with its handshake and sends heartbeats while connected', async () => {
    const server = await serve();
    const printer = await printerServer();
    await startAgent({ server, printer: createPrinter(printer.spec) });
    await connected(server);
    expect(server.handshakes[0]).toEqual({
      agentId: AGENT_ID,
      secret: AGENT_SECRET,
      agent: expect.objectContaining({
        printerName: 'מטבח',
        printerType: 'escpos-raster',
        connectionType: 'tcp',
        agentVersion: AGENT_VERSION,
      }),
    });
    await waitFor(() => server.heartbeats >= 2, 'two heartbeats');
  });

  it('a pushed slip reaches the printer byte for byte and is acknowledged only after the bytes arrived', async () => {
    const server = await serve();
    const printer = await printerServer();
    const bytes = slipBytes(1, 200_000);
    let jobsWhenAcked = -1;
    server.onAck = () => {
      jobsWhenAcked = printer.jobs.length;
    };
    const { dir, lines } = await startAgent({ server, printer: createPrinter(printer.spec) });
    await connected(server);
    server.push(slip('slip-1', bytes, 42));
    await waitFor(() => server.acks.length === 1, 'the ack');
    expect(server.acks[0]!.ack).toEqual({ slipId: 'slip-1', status: 'printed' });
    expect(jobsWhenAcked).toBe(1);
    expect(printer.jobs[0]!.equals(bytes)).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'printed-slips.json'), 'utf8'))).toEqual({ slipIds: ['slip-1'] });
    expect(lines.some((line) => line.includes('#42'))).toBe(true);
  });

  it('a printer that refuses connections makes the ack failed with a reason', async () => {
    const server = await serve();
    const port = await closedPort();
    await startAgent({ server, printer: createPrinter(`tcp://127.0.0.1:${port}`) });
    await connected(server);
    server.push(slip('slip-refused', slipBytes(2)));
    await waitFor(() => server.acks.length === 1, 'the ack');
    const { ack } = server.acks[0]!;
    expect(ack.status).toBe('failed');
    expect(ack.error).toMatch(/ECONNREFUSED/);
    expect(ack.error!.length).toBeLessThanOrEqual(500);
  });

  it('a slip the agent cannot read is acknowledged as failed', async () => {
    const server = await serve();
    const printer = await printerServer();
    await startAgent({ server, printer: createPrinter(printer.spec) });
    await connected(server);
    server.namespace.emit('slip.print', { slipId: 'slip-bad', orderId: null, orderNumber: null, escposBase64: '' });
    await waitFor(() => server.acks.length === 1, 'the ack');
    expect(server.acks[0]!.ack).toMatchObject({ slipId: 'slip-bad', status: 'failed' });
    expect(printer.jobs).toHaveLength(0);
  });

  it('the same slip pushed twice prints once and is acknowledged twice', async () => {
    const server = await serve();
    const printer = await printerServer();
    await startAgent({ server, printer: createPrinter(printer.spec) });
    await connected(server);
    const payload = slip('slip-twice', slipBytes(3));
    server.push(payload);
    server.push(payload);
    await waitFor(() => server.acks.length === 2, 'two acks');
    expect(server.acks.map(({ ack }) => ack)).toEqual([
      { slipId: 'slip-twice', status: 'printed' },
      { slipId: 'slip-twice', status: 'printed' },
    ]);
    await sleep(100);
    expect(printer.jobs).toHaveLength(1);
  });

  it('remembers printed slips across restarts of the agent', async () => {
    const server = await serve();
    const printer = await printerServer();
    const dir = tempDir();
    const first = await startAgent({ server, printer: createPrinter(printer.spec), dir });
    await connected(server);
    server.push(slip('slip-kept', slipBytes(4)));
    await waitFor(() => server.acks.length === 1, 'the first ack');
    await first.agent.stop();
    await startAgent({ server, printer: createPrinter(printer.spec), dir });
    await connected(server, 2);
    server.push(slip('slip-kept', slipBytes(4)));
    await waitFor(() => server.acks.length === 2, 'the second ack');
    expect(server.acks[1]!.ack.status).toBe('printed');
    expect(printer.jobs).toHaveLength(1);
  });

  it('a connection cut before the ack was answered: the ack is sent again after reconnecting, nothing prints twice', async () => {
    const server = await serve();
    const printer = await printerServer();
    let cut = false;
    server.answerAck = (_ack, socket) => {
      if (cut) return { ok: true };
      cut = true;
      socket.conn.close(); // the network drops: no answer reaches the agent
      return null;
    };
    const { agent } = await startAgent({ server, printer: createPrinter(printer.spec) });
    await connected(server);
    const payload = slip('slip-cut', slipBytes(5));
    server.push(payload);
    await waitFor(() => server.connections === 2 && agent.connected, 'the reconnection');
    server.push(payload); // the server still holds it as pending and pushes it again
    await waitFor(() => server.acks.length >= 3, 'the acks after reconnecting');
    await sleep(100);
    expect(server.acks.every(({ ack }) => ack.slipId === 'slip-cut' && ack.status === 'printed')).toBe(true);
    expect(printer.jobs).toHaveLength(1);
  });

  it('an ack answered ok: false is kept and sent again', async () => {
    const server = await serve();
    const printer = await printerServer();
    let answers = 0;
    server.answerAck = () => ({ ok: (answers += 1) > 1 });
    await startAgent({ server, printer: createPrinter(printer.spec) });
    await connected(server);
    server.push(slip('slip-retry', slipBytes(6)));
    await waitFor(() => server.acks.length === 2, 'the ack sent again');
    await sleep(200);
    expect(server.acks).toHaveLength(2);
    expect(printer.jobs).toHaveLength(1);
  });

  it('an ack without an answer in time is sent again after reconnecting', async () => {
    const server = await serve();
    const printer = await printerServer();
    server.answerAck = () => null;
    const { agent } = await startAgent({ server, printer: createPrinter(printer.spec), ackTimeoutMs: 100 });
    await connected(server);
    server.push(slip('slip-silent', slipBytes(7)));
    await waitFor(() => server.acks.length === 1, 'the first ack');
    server.answerAck = () => ({ ok: true });
    for (const socket of server.sockets()) socket.conn.close();
    await waitFor(() => server.acks.length >= 2 && agent.connected, 'the ack after reconnecting');
    expect(server.acks[1]!.ack).toEqual({ slipId: 'slip-silent', status: 'printed' });
    expect(printer.jobs).toHaveLength(1);
  });

  it('prints slips pushed together one at a time in arrival order', async () => {
    const server = await serve();
    const printed: string[] = [];
    let busy = 0;
    let maxBusy = 0;
    const slowPrinter: Printer = {
      connectionType: 'file',
      spec: 'file:slow',
      defaultName: 'slow',
      print: async (bytes) => {
        busy += 1;
        maxBusy = Math.max(maxBusy, busy);
        await sleep(30);
        printed.push(bytes.toString());
        busy -= 1;
      },
    };
    await startAgent({ server, printer: slowPrinter });
    await connected(server);
    for (const id of ['a', 'b', 'c', 'd']) server.push(slip(id, Buffer.from(id)));
    await waitFor(() => server.acks.length === 4, 'four acks');
    expect(printed).toEqual(['a', 'b', 'c', 'd']);
    expect(server.acks.map(({ ack }) => ack.slipId)).toEqual(['a', 'b', 'c', 'd']);
    expect(maxBusy).toBe(1);
  });

  it('reconnects by itself when the server restarts', async () => {
    const server = await serve();
    const printer = await printerServer();
    const { agent } = await startAgent({ server, printer: createPrinter(printer.spec) });
    await connected(server);
    await server.close();
    await waitFor(() => !agent.connected, 'the disconnection');
    await sleep(300); // a few refused reconnection attempts
    const restarted = await serve(server.port);
    await waitFor(() => restarted.connections === 1 && agent.connected, 'the reconnection');
    expect(restarted.handshakes[0]).toMatchObject({ agentId: AGENT_ID, secret: AGENT_SECRET });
    restarted.push(slip('after-restart', slipBytes(8)));
    await waitFor(() => restarted.acks.length === 1, 'the ack');
    expect(printer.jobs).toHaveLength(1);
  });

  it('keeps retrying a handshake refused for another reason', async () => {
    const server = await serve();
    const printer = await printerServer();
    server.refuseWith = 'server.busy';
    const { agent } = await startAgent({ server, printer: createPrinter(printer.spec) });
    await waitFor(() => server.handshakes.length >= 2, 'two refused handshakes');
    server.refuseWith = null;
    await waitFor(() => agent.connected, 'the connection');
  });

  it('stops when its credential is refused', async () => {
    const server = await serve();
    const printer = await printerServer();
    const { agent, lines } = await startAgent({ server, printer: createPrinter(printer.spec), secret: 'revoked' });
    await expect(agent.ended).resolves.toBe('credential_invalid');
    await sleep(300);
    expect(server.handshakes).toHaveLength(1);
    expect(lines.some((line) => line.includes('pair'))).toBe(true);
  });

  it('stops when it was replaced by another agent', async () => {
    const server = await serve();
    const printer = await printerServer();
    const { agent } = await startAgent({ server, printer: createPrinter(printer.spec) });
    await connected(server);
    server.namespace.emit('agent.replaced', { at: new Date().toISOString() });
    await expect(agent.ended).resolves.toBe('replaced');
    expect(agent.connected).toBe(false);
    await sleep(300);
    expect(server.connections).toBe(1);
  });

  it('stopping finishes the slip being printed and acknowledges it first', async () => {
    const server = await serve();
    let release: () => void = () => undefined;
    const printing = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = false;
    const heldPrinter: Printer = {
      connectionType: 'file',
      spec: 'file:held',
      defaultName: 'held',
      print: async () => {
        started = true;
        await printing;
      },
    };
    const { agent } = await startAgent({ server, printer: heldPrinter });
    await connected(server);
    server.push(slip('slip-held', Buffer.from('x')));
    server.push(slip('slip-next', Buffer.from('y')));
    await waitFor(() => started, 'printing to start');
    const stopped = agent.stop();
    release();
    await stopped;
    expect(server.acks.map(({ ack }) => ack)).toEqual([{ slipId: 'slip-held', status: 'printed' }]);
    expect(agent.connected).toBe(false);
  });
});
