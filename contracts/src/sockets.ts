// Socket.io namespaces and events shared by the backend gateways, the owner console and the printing agent.
// Payloads are deliberately small (ids and what a list row needs); clients refetch details over HTTP.
import { z } from 'zod';

export const SOCKET_NAMESPACES = {
  // Owner consoles of one business (live orders, menu edits in another tab).
  owner: '/owner',
  // Printing agents; an agent token never opens /owner and an owner token never opens /agent.
  agent: '/agent',
} as const;
export type SocketNamespace = (typeof SOCKET_NAMESPACES)[keyof typeof SOCKET_NAMESPACES];

export const SOCKET_EVENTS = {
  orderPlaced: 'order.placed',
  orderPaid: 'order.paid',
  orderStatusChanged: 'order.status_changed',
  slipPrint: 'slip.print',
  slipAck: 'slip.ack',
  menuChanged: 'menu.changed',
} as const;
export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

const id = z.string().min(1);
const isoTime = z.iso.datetime({ offset: true });
const agorot = z.number().int().nonnegative();

export const orderPlacedPayloadSchema = z.object({
  orderId: id,
  orderNumber: id,
  totalAgorot: agorot,
  placedAt: isoTime,
});
export const orderPaidPayloadSchema = z.object({ orderId: id, orderNumber: id, amountAgorot: agorot, paidAt: isoTime });
export const orderStatusChangedPayloadSchema = z.object({
  orderId: id,
  orderNumber: id,
  status: z.string().min(1),
  changedAt: isoTime,
});
// Server -> agent. The slip's printable content is added by the printing issue.
export const slipPrintPayloadSchema = z.object({ slipId: id, orderId: id, orderNumber: id });
// Agent -> server, sent only after the printer took the bytes (or refused them).
export const slipAckPayloadSchema = z.object({
  slipId: id,
  status: z.enum(['printed', 'failed']),
  error: z.string().optional(),
});
export const menuChangedPayloadSchema = z.object({ departmentId: id, changedAt: isoTime });

export const socketPayloadSchemas = {
  'order.placed': orderPlacedPayloadSchema,
  'order.paid': orderPaidPayloadSchema,
  'order.status_changed': orderStatusChangedPayloadSchema,
  'slip.print': slipPrintPayloadSchema,
  'slip.ack': slipAckPayloadSchema,
  'menu.changed': menuChangedPayloadSchema,
} as const satisfies Record<SocketEventName, z.ZodType>;

export type SocketPayloads = { [Name in SocketEventName]: z.infer<(typeof socketPayloadSchemas)[Name]> };

/** Which namespace carries each event. */
export const socketEventNamespace: Readonly<Record<SocketEventName, SocketNamespace>> = {
  'order.placed': '/owner',
  'order.paid': '/owner',
  'order.status_changed': '/owner',
  'menu.changed': '/owner',
  'slip.print': '/agent',
  'slip.ack': '/agent',
};
