import { AGENT_VERSION, type AgentInfo, type LiveEvent, SOCKET_EVENTS } from '@tafrit/contracts';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './test-app.js';

export const TEST_AGENT_INFO: AgentInfo = {
  printerName: 'מדפסת מטבח',
  printerType: 'escpos-raster',
  connectionType: 'tcp',
  agentVersion: AGENT_VERSION,
  operatingSystem: 'Linux 6.1',
};

/**
 * A socket.io client of one namespace, connected (or refused: `connect_error` rejects with its message). `beforeConnect`
 * runs before anything can arrive: a listener added there hears what the server sends right on the connection.
 */
export async function openSocket(
  app: TestApp,
  namespace: string,
  auth: Record<string, unknown>,
  beforeConnect?: (socket: Socket) => void,
): Promise<Socket> {
  const socket = io(`${app.url}${namespace}`, { transports: ['websocket'], auth, reconnection: false, forceNew: true });
  beforeConnect?.(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/** The message a refused handshake gives, or 'connected' when it was not refused. */
export async function refusal(app: TestApp, namespace: string, auth: Record<string, unknown>): Promise<string> {
  try {
    (await openSocket(app, namespace, auth)).close();
    return 'connected';
  } catch (error) {
    return (error as Error).message;
  }
}

/** Collects what a socket hears on one event, and waits for a match. */
export function listen<Payload>(socket: Socket, event: string) {
  const heard: Payload[] = [];
  const waiters: { match: (payload: Payload) => boolean; resolve: (payload: Payload) => void }[] = [];
  socket.on(event, (payload: Payload) => {
    heard.push(payload);
    for (const waiter of [...waiters]) {
      if (waiter.match(payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    }
  });
  return {
    heard,
    next(match: (payload: Payload) => boolean = () => true, timeoutMs = 10_000): Promise<Payload> {
      const already = heard.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} matching within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (payload) => {
            clearTimeout(timer);
            resolve(payload);
          },
        });
      });
    },
  };
}

export const liveEvents = (socket: Socket) => listen<LiveEvent>(socket, SOCKET_EVENTS.live);

/** Emits with an acknowledgement and waits for the answer. */
export function request<Answer>(socket: Socket, event: string, payload: unknown): Promise<Answer> {
  return socket.timeout(10_000).emitWithAck(event, payload) as Promise<Answer>;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
