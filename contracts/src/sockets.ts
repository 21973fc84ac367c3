// Socket.io namespaces and events shared by the backend gateways, the owner's live console and the printing agent.
// Pushes follow the event log: every live event carries the global position of the event behind it, so a console
// that reconnects asks for what came after the last position it saw (`live.sync`) and misses nothing.
import { z } from 'zod';
import { agentInfoSchema } from './printing.js';
import { PAYMENT_METHODS } from './order-events.js';

export const SOCKET_NAMESPACES = {
  // Owner consoles of one business; handshake `auth: { token }` with an owner access token.
  owner: '/owner',
  // Printing agents; handshake `auth: { agentId, secret, agent: AgentInfo }`. An owner token never opens /agent and
  // an agent credential never opens /owner.
  agent: '/agent',
} as const;
export type SocketNamespace = (typeof SOCKET_NAMESPACES)[keyof typeof SOCKET_NAMESPACES];

export const SOCKET_EVENTS = {
  /** Server -> owner console: one `LiveEvent`. */
  live: 'live.event',
  /** Owner console -> server, with an acknowledgement: `{ since }` -> `LiveSyncAnswer`. */
  liveSync: 'live.sync',
  /** Server -> agent: a slip to print (`SlipPrintPayload`). */
  slipPrint: 'slip.print',
  /** Agent -> server, with an acknowledgement, only after the printer took every byte (or refused them). */
  slipAck: 'slip.ack',
  /** Agent -> server every `AGENT_HEARTBEAT_MS`. */
  agentHeartbeat: 'agent.heartbeat',
  /** Server -> agent: this agent was replaced by a new pairing; it must stop reconnecting. */
  agentReplaced: 'agent.replaced',
} as const;
export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

const id = z.string().min(1);
const instant = z.iso.datetime({ offset: true });
const agorot = z.number().int().nonnegative();
const position = z.number().int().nonnegative();

/** `cancelled`: the café declined the paid order and refunded it (issue 17); it takes no more steps. */
export const KITCHEN_STATUSES = ['paid', 'accepted', 'ready', 'served', 'cancelled'] as const;
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];
/** The longest estimate the kitchen may give on accepting an order, in minutes. */
export const MAX_READY_IN_MINUTES = 240;
/**
 * The statuses an owner moves an order to, in order. On accepting, the kitchen may say in how many minutes it will be
 * ready (the diner's thank-you page shows the time); no other step takes an estimate.
 */
export const kitchenStepSchema = z
  .object({
    status: z.enum(['accepted', 'ready', 'served']),
    readyInMinutes: z.number().int().min(1).max(MAX_READY_IN_MINUTES).optional(),
  })
  .strict()
  .refine((step) => step.readyInMinutes === undefined || step.status === 'accepted', {
    path: ['readyInMinutes'],
    message: 'זמן הכנה משוער ניתן רק באישור ההזמנה',
  });
export type KitchenStepInput = z.infer<typeof kitchenStepSchema>;

export const PRINT_STATUSES = ['none', 'queued', 'printed', 'failed'] as const;
export type PrintStatus = (typeof PRINT_STATUSES)[number];

/** A paid order as the live console shows it (`GET /api/live-orders` and the `order.paid` live event). */
export const liveOrderSchema = z.object({
  orderId: id,
  orderNumber: z.number().int().positive(),
  paidAt: instant,
  tableNumber: z.number().int().positive().nullable(),
  lines: z.array(
    z.object({
      name: id,
      quantity: z.number().int().positive(),
      lineTotalAgorot: agorot,
      /** The line's choices with their prices as ordered (absent: none); `without` ones the kitchen must not miss. */
      options: z
        .array(z.object({ groupName: z.string(), name: z.string(), priceAgorot: agorot, without: z.boolean() }))
        .optional(),
    }),
  ),
  remarks: z.string().nullable(),
  totalAgorot: agorot,
  /** What the provider has returned on the order so far (issue 17); 0 in payloads stored before refunds existed. */
  refundedAgorot: agorot.default(0),
  /** The diner's tip inside totalAgorot and how they paid (issue 17); absent from older pushes: none, a card. */
  tipAgorot: agorot.optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  status: z.enum(KITCHEN_STATUSES),
  printStatus: z.enum(PRINT_STATUSES),
  printError: z.string().nullable(),
  /** A test order of the owner's (decision 034): never charged, marked on the console and the slip; absent: real. */
  test: z.literal(true).optional(),
  /**
   * A round of a shared table's tab (issue 34, part 3): made now, paid with the table's bill at the end; absent: an
   * order paid before it was made.
   */
  round: z.number().int().positive().optional(),
  /**
   * The order's last refund, when the provider refused it (issue 17): its reason, shown on every open console until a
   * later refund is made; the amount is refundable again. Absent: none refused.
   */
  refundRefused: z.object({ refundId: z.string().max(100), reason: z.string().max(500) }).optional(),
  /**
   * Who took the order to its status, from the `order.status` push an open console received (issue 31); the list's
   * answer leaves it out (the order's timeline says it).
   */
  statusBy: z.string().max(100).optional(),
  /**
   * Order ahead (issue 33): the pickup time the diner chose (absent: as soon as possible), and `upcoming` while the
   * paid order waits for the moment its preparation should start (the kitchen's "upcoming" column, no slip yet).
   */
  pickupAt: instant.optional(),
  upcoming: z.literal(true).optional(),
});
export type LiveOrder = z.infer<typeof liveOrderSchema>;

export const liveEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order.paid'), position, order: liveOrderSchema }),
  z.object({
    kind: z.literal('order.status'),
    position,
    orderId: id,
    status: z.enum(KITCHEN_STATUSES),
    at: instant,
    estimatedReadyAt: instant.optional(),
    /**
     * Who moved it (issue 31): a person's or a screen's name in the team, or "the owner", "support"; absent when no
     * one did (the automatic acceptance) and in pushes stored before it was recorded.
     */
    by: z.string().max(100).optional(),
  }),
  /** A refund was made: `refundedAgorot` is the order's refunded total after it (a repeat sets the same total). */
  z.object({ kind: z.literal('order.refunded'), position, orderId: id, refundedAgorot: agorot, at: instant }),
  /** The provider refused a refund (issue 17): nothing was returned; its reason for every open console. */
  z.object({
    kind: z.literal('order.refund_refused'),
    position,
    orderId: id,
    refundId: z.string().max(100),
    reason: z.string().max(500),
    at: instant,
  }),
  z.object({
    kind: z.literal('slip.status'),
    position,
    orderId: id,
    printStatus: z.enum(PRINT_STATUSES),
    error: z.string().nullable(),
    at: instant,
  }),
  z.object({
    kind: z.literal('printer.status'),
    position,
    isOnline: z.boolean(),
    printerName: z.string().nullable(),
    at: instant,
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** `GET /api/live-orders`: today's (Israel) paid orders, newest first, and the log position they reflect. */
export interface LiveOrdersAnswer {
  orders: LiveOrder[];
  position: number;
  printer: { isOnline: boolean; printerName: string | null; lastSeen: string | null; paired: boolean };
}

export const liveSyncRequestSchema = z.object({ since: position });
/** The events after `since`, oldest first; `reset` when too many were missed: refetch `GET /api/live-orders`. */
export interface LiveSyncAnswer {
  events: LiveEvent[];
  reset: boolean;
}

export const slipPrintPayloadSchema = z.object({
  slipId: id,
  /** Null for a test print. */
  orderId: id.nullable(),
  orderNumber: z.number().int().positive().nullable(),
  /** The whole slip as ESC/POS bytes (raster `GS v 0` and a cut), base64: the agent sends them as they are. */
  escposBase64: z.string().min(1),
});
export type SlipPrintPayload = z.infer<typeof slipPrintPayloadSchema>;

export const slipAckPayloadSchema = z.object({
  slipId: id,
  status: z.enum(['printed', 'failed']),
  error: z.string().max(500).optional(),
});
export type SlipAckPayload = z.infer<typeof slipAckPayloadSchema>;
/** The server's answer to a `slip.ack`: `ok: false` when it could not record it (the agent sends it again). */
export interface SlipAckAnswer {
  ok: boolean;
}

export const agentHandshakeSchema = z.object({ agentId: id, secret: id, agent: agentInfoSchema });
export type AgentHandshake = z.infer<typeof agentHandshakeSchema>;
export const ownerHandshakeSchema = z.object({ token: id });

export const socketPayloadSchemas = {
  'live.event': liveEventSchema,
  'live.sync': liveSyncRequestSchema,
  'slip.print': slipPrintPayloadSchema,
  'slip.ack': slipAckPayloadSchema,
  'agent.heartbeat': z.looseObject({}),
  'agent.replaced': z.object({ at: instant }),
} as const satisfies Record<SocketEventName, z.ZodType>;

export type SocketPayloads = { [Name in SocketEventName]: z.infer<(typeof socketPayloadSchemas)[Name]> };

/** Which namespace carries each event. */
export const socketEventNamespace: Readonly<Record<SocketEventName, SocketNamespace>> = {
  'live.event': '/owner',
  'live.sync': '/owner',
  'slip.print': '/agent',
  'slip.ack': '/agent',
  'agent.heartbeat': '/agent',
  'agent.replaced': '/agent',
};
