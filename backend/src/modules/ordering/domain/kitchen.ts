import type { OrderEvent } from '@tafrit/contracts';
import { OrderInvalidTransitionError } from './order.errors.js';
import { OrderExpiredError } from './order.errors.js';
import { isTabRound, slipIdOf, type At, type PlacedOrder } from './order.state.js';

/** The kitchen's steps and the order's printed slip. */
export type KitchenCommand =
  | { type: 'AcceptOrder'; data: At & { readyInMinutes?: number } }
  | { type: 'MarkOrderReady' | 'MarkOrderServed'; data: At }
  | { type: 'QueueSlip'; data: At & { slipId: string } }
  | { type: 'MarkOrderDue'; data: At }
  /** A tab's round recorded on its table's cart goes to the kitchen (decision 058): its slip, once. */
  | { type: 'StartRound'; data: At }
  | { type: 'RecordSlipPrinted'; data: At & { slipId: string; agentId: string } }
  | { type: 'RecordPrintFailure'; data: At & { slipId: string; agentId: string; reason: string } };

type Command<T extends KitchenCommand['type']> = Extract<KitchenCommand, { type: T }>;
type StepCommand = Command<'AcceptOrder' | 'MarkOrderReady' | 'MarkOrderServed'>;

/** The kitchen's steps, in order: each command moves the order one step and repeating it changes nothing. */
const KITCHEN_STEPS = {
  AcceptOrder: { from: 'paid', to: 'accepted', event: 'OrderAccepted' },
  MarkOrderReady: { from: 'accepted', to: 'ready', event: 'OrderReady' },
  MarkOrderServed: { from: 'ready', to: 'served', event: 'OrderServed' },
} as const;

/** Accepting may say when the order will be ready (`readyInMinutes`). */
export function moveKitchenStep(command: StepCommand, order: PlacedOrder): OrderEvent[] {
  const { orderId, businessPhone } = order;
  const step = KITCHEN_STEPS[command.type];
  if (order.status === step.to) return [];
  if (order.status !== step.from) throw new OrderInvalidTransitionError(order.status, command.type);
  const at = command.data.now;
  const minutes = command.type === 'AcceptOrder' ? command.data.readyInMinutes : undefined;
  if (minutes === undefined) return [{ type: step.event, data: { orderId, businessPhone, at } }];
  const estimatedReadyAt = new Date(Date.parse(at) + minutes * 60_000).toISOString();
  return [{ type: 'OrderAccepted', data: { orderId, businessPhone, at, estimatedReadyAt } }];
}

/** A paid order's slip (a test order's is queued as it is placed). */
export function queueSlip(command: Command<'QueueSlip'>, order: PlacedOrder): OrderEvent[] {
  if (order.slipQueued) return [];
  if (order.payment.status !== 'paid' && !order.test && !isTabRound(order)) {
    throw new OrderInvalidTransitionError(order.payment.status, command.type);
  }
  const { orderId, businessPhone } = order;
  return [
    { type: 'SlipQueued', data: { orderId, businessPhone, slipId: command.data.slipId, queuedAt: command.data.now } },
  ];
}

/**
 * A paid order for later whose preparation should start by `now` (issue 33): `OrderDue` and its slip, once. Early,
 * unpaid, already due, or an order for now: nothing (the sweep may ask any number of times, on any instance).
 */
export function markOrderDue(command: Command<'MarkOrderDue'>, order: PlacedOrder): OrderEvent[] {
  const { pickup, orderId, businessPhone } = order;
  if (!pickup || pickup.due || order.payment.status !== 'paid') return [];
  if (Date.parse(command.data.now) < Date.parse(pickup.dueAt)) return [];
  if (order.status === 'cancelled') return [];
  return [
    { type: 'OrderDue', data: { orderId, businessPhone, pickupAt: pickup.at, dueAt: pickup.dueAt } },
    ...(order.slipQueued
      ? []
      : [
          {
            type: 'SlipQueued' as const,
            data: { orderId, businessPhone, slipId: slipIdOf(orderId), queuedAt: command.data.now },
          },
        ]),
  ];
}

/**
 * A tab's round to the kitchen (decision 058): its slip, marked as a round, as a test order's is queued with it; it is
 * then the kitchen's like a paid order. Asked again (the processor after the handler), nothing more.
 */
export function startRound(command: Command<'StartRound'>, order: PlacedOrder): OrderEvent[] {
  if (!order.tab || !('round' in order.tab)) throw new OrderInvalidTransitionError('not a round', command.type);
  if (order.slipQueued) return [];
  if (order.status === 'expired') throw new OrderExpiredError(order.orderId);
  const { orderId, businessPhone } = order;
  const slip = { orderId, businessPhone, slipId: slipIdOf(orderId), queuedAt: command.data.now };
  return [{ type: 'SlipQueued', data: { ...slip, round: order.tab.round } }];
}

export function recordSlipPrinted(command: Command<'RecordSlipPrinted'>, order: PlacedOrder): OrderEvent[] {
  if (order.slip === 'printed') return [];
  if (!order.slipQueued) throw new OrderInvalidTransitionError(order.slip, command.type);
  const { orderId, businessPhone } = order;
  const { slipId, agentId, now } = command.data;
  return [{ type: 'SlipPrinted', data: { orderId, businessPhone, slipId, agentId, printedAt: now } }];
}

/**
 * A failure after the slip printed (a stale retry of the agent) changes nothing; a repeated failure (the agent
 * retries every half minute while the printer is out of paper) is recorded once, not every time.
 */
export function recordPrintFailure(command: Command<'RecordPrintFailure'>, order: PlacedOrder): OrderEvent[] {
  if (order.slip === 'printed' || order.slip === 'failed') return [];
  if (!order.slipQueued) throw new OrderInvalidTransitionError(order.slip, command.type);
  const { orderId, businessPhone } = order;
  const { slipId, agentId, reason, now } = command.data;
  return [
    {
      type: 'PrintFailed',
      data: { orderId, businessPhone, slipId, agentId, reason: reason.slice(0, 500), failedAt: now },
    },
  ];
}

type KitchenEvent = Extract<
  OrderEvent,
  { type: 'OrderAccepted' | 'OrderReady' | 'OrderServed' | 'SlipQueued' | 'SlipPrinted' | 'PrintFailed' | 'OrderDue' }
>;

export function evolveKitchen(order: PlacedOrder, event: KitchenEvent): PlacedOrder {
  switch (event.type) {
    case 'OrderAccepted': {
      const { estimatedReadyAt } = event.data;
      return estimatedReadyAt ? { ...order, status: 'accepted', estimatedReadyAt } : { ...order, status: 'accepted' };
    }
    case 'OrderReady':
      return { ...order, status: 'ready' };
    case 'OrderServed':
      return { ...order, status: 'served' };
    case 'SlipQueued':
      // A tab's round reaches the kitchen with its slip (decision 058): the kitchen's status starts where a paid one's does.
      return { ...order, slipQueued: true, slip: 'queued', ...(event.data.round ? { status: 'paid' as const } : {}) };
    case 'SlipPrinted':
      return { ...order, slip: 'printed' };
    case 'PrintFailed':
      return { ...order, slip: 'failed' };
    case 'OrderDue':
      return order.pickup ? { ...order, pickup: { ...order.pickup, due: true } } : order;
  }
}
