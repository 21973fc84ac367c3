import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Server, ServerOptions } from 'socket.io';
import type { Metrics } from '../metrics/metrics.js';
import { loadIoredis, loadRedisAdapter } from '../redis-packages.js';

/**
 * Heartbeats of every socket: a client that goes silent is dropped within 20 s (ping every 10 s, 10 s to answer), well
 * inside the 45 s in which a printer must show offline. Sockets only speak WebSocket: no long-polling fallback whose
 * requests would need sticky sessions behind a load balancer.
 */
const SOCKET_OPTIONS: Partial<ServerOptions> = {
  pingInterval: 10_000,
  pingTimeout: 10_000,
  transports: ['websocket'],
  serveClient: false,
  cors: { origin: false },
  maxHttpBufferSize: 256 * 1024,
};

/**
 * socket.io on the HTTP server's port. With `REDIS_URL`, the Redis adapter carries every room broadcast to the other
 * instances, so an owner console or a printing agent connected to one instance gets events caused on another.
 */
export class SocketAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];
  private readonly servers = new Set<Server>();

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string | undefined,
    private readonly log: Logger,
    metrics?: Metrics,
  ) {
    super(app);
    const servers = this.servers;
    metrics?.gauge({
      name: 'tafrit_sockets_open',
      help: 'Sockets connected to this instance, by namespace (owner consoles, printing agents, shared tables)',
      labelNames: ['namespace'],
      collect() {
        this.reset();
        for (const server of servers) {
          for (const [name, namespace] of server._nsps) this.inc({ namespace: name }, namespace.sockets.size);
        }
      },
    });
  }

  // Nest brings its own copy of socket.io (same version, other declarations): the types are bridged here only.
  override createIOServer(port: number, options?: Parameters<IoAdapter['createIOServer']>[1]) {
    const base = super.createIOServer(port, { ...options, ...SOCKET_OPTIONS } as typeof options);
    const server = base as unknown as Server;
    this.servers.add(server);
    if (this.redisUrl && this.clients.length === 0) {
      const { Redis } = loadIoredis();
      const publisher = new Redis(this.redisUrl, { maxRetriesPerRequest: 2 });
      const subscriber = publisher.duplicate();
      for (const client of [publisher, subscriber]) {
        // Redis down: broadcasts stay on this instance until ioredis reconnects; never a crash.
        client.on('error', (error: Error) => this.log.warn(`socket redis: ${error.message}`));
        this.clients.push(client);
      }
      server.adapter(loadRedisAdapter().createAdapter(publisher, subscriber));
    }
    return base;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    this.servers.clear();
    await Promise.all(this.clients.map((client) => client.quit().catch(() => undefined)));
    this.clients.length = 0;
  }
}
