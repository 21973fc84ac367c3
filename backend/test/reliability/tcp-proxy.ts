import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './product-process.js';

export interface TcpProxy {
  port: number;
  /** The network between the app and its database fails: open connections drop, new ones are refused. */
  cut(): Promise<void>;
  /** The database is reachable again, on the same address. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP proxy to `target`, standing for the network between the app and PostgreSQL. */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  const pair = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', drop);
      socket.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const started = createServer(pair);
      started.once('error', reject);
      started.listen(port, '127.0.0.1', () => {
        server = started;
        resolve();
      });
    });

  const stopListening = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    const closed = new Promise<void>((resolve) => running.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };

  await listen();
  return { port, cut: stopListening, restore: listen, close: stopListening };
}
