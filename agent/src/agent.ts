// The agent's core: one socket.io connection to the server's /agent namespace, a queue that prints pushed slips one
// at a time in arrival order, acknowledgements that survive a dropped connection (an outbox) and the memory of
// printed slips that keeps a slip pushed twice from reaching the kitchen twice.
import { AGENT_HEARTBEAT_MS, type AgentInfo } from '@tafrit/contracts/printing';
import {
  SOCKET_EVENTS,
  SOCKET_NAMESPACES,
  slipPrintPayloadSchema,
  type AgentHandshake,
  type SlipAckAnswer,
  type SlipAckPayload,
  type SlipPrintPayload,
} from '@tafrit/contracts/sockets';
import { io, type Socket } from 'socket.io-client';
import { CREDENTIAL_INVALID_CODE, serverUrl } from './http.js';
import type { PrintedMemory } from './printed-memory.js';
import { shortReason, type Printer } from './printer/index.js';

export const ACK_TIMEOUT_MS = 10_000;
export const RECONNECT_DELAY_MS = 1_000;
export const RECONNECT_DELAY_MAX_MS = 30_000;
export const RECONNECT_RANDOMIZATION = 0.5;

/** Why the agent stopped: `stopped` on request; the other two mean "pair again" (exit code 3). */
export type AgentEnd = 'stopped' | 'replaced' | 'credential_invalid';

export interface AgentOptions {
  server: string;
  agentId: string;
  agentSecret: string;
  info: AgentInfo;
  printer: Printer;
  memory: PrintedMemory;
  log?: (line: string) => void;
  heartbeatMs?: number;
  ackTimeoutMs?: number;
  reconnectDelayMs?: number;
  reconnectDelayMaxMs?: number;
}

export interface Agent {
  start(): void;
  /** Finishes the slip being printed (and its ack), then disconnects. */
  stop(): Promise<void>;
  /** Settles once the agent stopped for good. */
  readonly ended: Promise<AgentEnd>;
  readonly connected: boolean;
}

const describeSlip = (slip: SlipPrintPayload): string =>
  slip.orderNumber === null
    ? `test slip ${slip.slipId} / דף בדיקה`
    : `order #${slip.orderNumber} / הזמנה ${slip.orderNumber}`;

export const createAgent = ({
  server,
  agentId,
  agentSecret,
  info,
  printer,
  memory,
  log = () => undefined,
  heartbeatMs = AGENT_HEARTBEAT_MS,
  ackTimeoutMs = ACK_TIMEOUT_MS,
  reconnectDelayMs = RECONNECT_DELAY_MS,
  reconnectDelayMaxMs = RECONNECT_DELAY_MAX_MS,
}: AgentOptions): Agent => {
  const queue: SlipPrintPayload[] = [];
  /** Acks the server has not confirmed yet, by slip: sent again after reconnecting. */
  const outbox = new Map<string, SlipAckPayload>();
  let socket: Socket | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryAttempt = 0;
  let working: Promise<void> | null = null;
  let stopping = false;
  let endResolve: (end: AgentEnd) => void = () => undefined;
  const ended = new Promise<AgentEnd>((resolve) => {
    endResolve = resolve;
  });

  const sendAck = (ack: SlipAckPayload): Promise<void> =>
    new Promise<void>((resolve) => {
      // While disconnected socket.io would buffer the emit and send it later anyway; the outbox does it instead,
      // so one ack is never sent twice from two places.
      if (!socket?.connected) {
        outbox.set(ack.slipId, ack);
        resolve();
        return;
      }
      socket.timeout(ackTimeoutMs).emit(SOCKET_EVENTS.slipAck, ack, (error: Error | null, answer?: SlipAckAnswer) => {
        if (error || answer?.ok !== true) {
          // A newer ack for the same slip (sent meanwhile) wins over this retry.
          if (!outbox.has(ack.slipId)) outbox.set(ack.slipId, ack);
          log(
            `ack for slip ${ack.slipId} not confirmed (${error ? error.message : 'ok: false'}): kept to send again / האישור יישלח שוב`,
          );
        } else if (outbox.get(ack.slipId) === ack) {
          outbox.delete(ack.slipId);
        }
        resolve();
      });
    });

  const flushOutbox = () => {
    for (const ack of [...outbox.values()]) {
      outbox.delete(ack.slipId);
      void sendAck(ack);
    }
  };

  const printOne = async (slip: SlipPrintPayload): Promise<void> => {
    if (memory.has(slip.slipId)) {
      log(`${describeSlip(slip)} was already printed: acknowledged again / כבר הודפס, אושר שוב`);
      await sendAck({ slipId: slip.slipId, status: 'printed' });
      return;
    }
    try {
      await printer.print(Buffer.from(slip.escposBase64, 'base64'));
    } catch (error) {
      const reason = shortReason(error);
      log(`printing ${describeSlip(slip)} failed / ההדפסה נכשלה: ${reason}`);
      await sendAck({ slipId: slip.slipId, status: 'failed', error: reason });
      return;
    }
    try {
      await memory.remember(slip.slipId);
    } catch (error) {
      // The slip is on paper: acknowledge it anyway; only a repeat push could print it twice.
      log(`cannot save the printed-slips memory / שמירת הזיכרון נכשלה: ${shortReason(error)}`);
    }
    log(`printed ${describeSlip(slip)} / הודפס`);
    await sendAck({ slipId: slip.slipId, status: 'printed' });
  };

  const drain = () => {
    if (working || stopping) return;
    working = (async () => {
      while (queue.length > 0 && !stopping) {
        const slip = queue.shift()!;
        await printOne(slip);
      }
    })().finally(() => {
      working = null;
      if (queue.length > 0 && !stopping) drain();
    });
  };

  const stopHeartbeat = () => {
    clearInterval(heartbeat);
    heartbeat = undefined;
  };

  /** socket.io does not reconnect by itself after the server refused a handshake or disconnected us on purpose. */
  const scheduleRetry = () => {
    if (stopping || retryTimer) return;
    const base = Math.min(reconnectDelayMs * 2 ** retryAttempt, reconnectDelayMaxMs);
    const jitter = base * RECONNECT_RANDOMIZATION * (Math.random() * 2 - 1);
    retryAttempt += 1;
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        if (!stopping && socket && !socket.active) socket.connect();
      },
      Math.max(0, Math.min(base + jitter, reconnectDelayMaxMs)),
    );
  };

  const finish = async (end: AgentEnd) => {
    stopping = true;
    clearTimeout(retryTimer);
    stopHeartbeat();
    if (working) await working;
    socket?.disconnect();
    endResolve(end);
  };

  const start = () => {
    if (socket) return;
    const auth: AgentHandshake = { agentId, secret: agentSecret, agent: info };
    socket = io(serverUrl(server, SOCKET_NAMESPACES.agent), {
      transports: ['websocket'],
      auth,
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: reconnectDelayMs,
      reconnectionDelayMax: reconnectDelayMaxMs,
      randomizationFactor: RECONNECT_RANDOMIZATION,
    });

    socket.on('connect', () => {
      retryAttempt = 0;
      log(`connected to ${server} / מחובר לשרת`);
      stopHeartbeat();
      heartbeat = setInterval(() => {
        socket?.emit(SOCKET_EVENTS.agentHeartbeat, {});
        // An ack the server answered `ok: false` is worth another try without waiting for a reconnect.
        if (outbox.size > 0) flushOutbox();
      }, heartbeatMs);
      flushOutbox();
    });

    socket.on('disconnect', (reason) => {
      stopHeartbeat();
      if (stopping) return;
      log(`disconnected (${reason}), reconnecting / החיבור נותק, מתחבר מחדש`);
      if (!socket?.active) scheduleRetry();
    });

    socket.on('connect_error', (error: Error) => {
      if (stopping) return;
      if (error.message === CREDENTIAL_INVALID_CODE) {
        log('the server refused this agent: pair it again / השרת דחה את הסוכן: יש לחבר אותו מחדש (pair)');
        void finish('credential_invalid');
        return;
      }
      log(`cannot connect (${error.message}), retrying / אין חיבור, מנסה שוב`);
      if (!socket?.active) scheduleRetry();
    });

    socket.on(SOCKET_EVENTS.agentReplaced, () => {
      log('another agent was paired for this business: stopping / סוכן אחר חובר לעסק: הסוכן הזה נעצר');
      void finish('replaced');
    });

    socket.on(SOCKET_EVENTS.slipPrint, (payload: unknown) => {
      const parsed = slipPrintPayloadSchema.safeParse(payload);
      if (!parsed.success) {
        log(`ignored an invalid slip / התקבל דף לא תקין: ${parsed.error.message.slice(0, 200)}`);
        const slipId = (payload as { slipId?: unknown } | null)?.slipId;
        // Tell the server, or it would keep the slip pending for ever.
        if (typeof slipId === 'string' && slipId) {
          void sendAck({ slipId, status: 'failed', error: 'invalid slip payload (agent could not read it)' });
        }
        return;
      }
      if (stopping) return; // the server keeps it pending and pushes it to the next connection
      queue.push(parsed.data);
      drain();
    });
  };

  return {
    start,
    stop: () => finish('stopped'),
    ended,
    get connected() {
      return socket?.connected ?? false;
    },
  };
};
