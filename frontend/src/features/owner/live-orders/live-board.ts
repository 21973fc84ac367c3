// The live console's state and how live events change it. Pure functions, so the rules are tested without a socket.
//
// Events can arrive twice and out of order: a push may overtake the `live.sync` answer that carries the events before
// it. So there is no single "last applied" cursor; each order (and the printer) remembers the position of the newest
// event applied to it, and an event changes it only if it is newer. Everything at or before the list's own `position`
// is already in the list.
import type { KitchenStatus, LiveEvent, LiveOrder, LiveOrdersAnswer } from '@tafrit/contracts/sockets';

export interface LiveBoard {
  /** Newest first (by paid time). */
  orders: LiveOrder[];
  printer: LiveOrdersAnswer['printer'];
  /** The position the fetched list reflects. */
  basePosition: number;
  /** The highest position seen: what `live.sync` asks to continue from. */
  lastPosition: number;
  /** Per order id, the position of the newest event applied to its kitchen status (order.paid, order.status). */
  orderPositions: Record<string, number>;
  /** Per order id, the position of the newest event applied to its slip (order.paid, slip.status). */
  printPositions: Record<string, number>;
  printerPosition: number;
}

export function boardFrom(answer: LiveOrdersAnswer): LiveBoard {
  return {
    orders: sortNewestFirst(answer.orders),
    printer: answer.printer,
    basePosition: answer.position,
    lastPosition: answer.position,
    orderPositions: {},
    printPositions: {},
    printerPosition: answer.position,
  };
}

function sortNewestFirst(orders: LiveOrder[]): LiveOrder[] {
  return [...orders].sort((a, b) => Date.parse(b.paidAt) - Date.parse(a.paidAt) || b.orderNumber - a.orderNumber);
}

type Aspect = 'orderPositions' | 'printPositions';

function isNewer(board: LiveBoard, aspect: Aspect, orderId: string, position: number): boolean {
  return position > (board[aspect][orderId] ?? board.basePosition);
}

function updateOrder(
  board: LiveBoard,
  aspect: Aspect,
  orderId: string,
  position: number,
  change: (order: LiveOrder) => LiveOrder,
): LiveBoard {
  if (!isNewer(board, aspect, orderId, position)) return board;
  if (!board.orders.some((order) => order.orderId === orderId)) return board;
  return {
    ...board,
    orders: board.orders.map((order) => (order.orderId === orderId ? change(order) : order)),
    [aspect]: { ...board[aspect], [orderId]: position },
  };
}

/** The board after one event; the same board (===) when the event changes nothing. */
export function applyLiveEvent(board: LiveBoard, event: LiveEvent): LiveBoard {
  const seen = event.position > board.lastPosition ? { ...board, lastPosition: event.position } : board;
  switch (event.kind) {
    case 'order.paid': {
      const { order } = event;
      const listed = seen.orders.find((candidate) => candidate.orderId === order.orderId);
      if (!listed) {
        if (event.position <= board.basePosition) return seen;
        return {
          ...seen,
          orders: sortNewestFirst([order, ...seen.orders]),
          orderPositions: { ...seen.orderPositions, [order.orderId]: event.position },
          printPositions: { ...seen.printPositions, [order.orderId]: event.position },
        };
      }
      // Already listed: take each part only where nothing newer was applied to it.
      let next = updateOrder(seen, 'orderPositions', order.orderId, event.position, (current) => ({
        ...order,
        printStatus: current.printStatus,
        printError: current.printError,
        // Refunds are kept apart (a total that only grows), whatever the order of the pushes.
        refundedAgorot: Math.max(order.refundedAgorot ?? 0, current.refundedAgorot ?? 0),
      }));
      next = updateOrder(next, 'printPositions', order.orderId, event.position, (current) => ({
        ...current,
        printStatus: order.printStatus,
        printError: order.printError,
      }));
      return next;
    }
    case 'order.status':
      return updateOrder(seen, 'orderPositions', event.orderId, event.position, (order) =>
        // Who moved it (issue 31); a push without a name (the automatic acceptance) names nobody.
        withStatusBy({ ...order, status: event.status }, event.by),
      );
    case 'order.refunded': {
      // A total that only grows: the larger one wins, so a repeat or a push that overtook another changes nothing.
      const listed = seen.orders.find((order) => order.orderId === event.orderId);
      if (!listed || (listed.refundedAgorot ?? 0) >= event.refundedAgorot) return seen;
      return {
        ...seen,
        orders: seen.orders.map((order) =>
          order.orderId === event.orderId ? { ...withoutRefusal(order), refundedAgorot: event.refundedAgorot } : order,
        ),
      };
    }
    case 'order.refund_refused': {
      const listed = seen.orders.find((order) => order.orderId === event.orderId);
      if (!listed) return seen;
      return {
        ...seen,
        orders: seen.orders.map((order) =>
          order.orderId === event.orderId
            ? { ...order, refundRefused: { refundId: event.refundId, reason: event.reason } }
            : order,
        ),
      };
    }
    case 'slip.status':
      return updateOrder(seen, 'printPositions', event.orderId, event.position, (order) => ({
        ...order,
        printStatus: event.printStatus,
        printError: event.error,
      }));
    case 'printer.status':
      if (event.position <= board.printerPosition) return seen;
      return {
        ...seen,
        printerPosition: event.position,
        printer: {
          ...seen.printer,
          isOnline: event.isOnline,
          printerName: event.printerName ?? seen.printer.printerName,
          lastSeen: event.at,
          paired: true,
        },
      };
  }
}

export function applyLiveEvents(board: LiveBoard, events: readonly LiveEvent[]): LiveBoard {
  return events.reduce(applyLiveEvent, board);
}

/** `events` added to `recent`, each position once, oldest first, the newest `limit` kept. */
export function mergeRecent(recent: readonly LiveEvent[], events: readonly LiveEvent[], limit: number): LiveEvent[] {
  const byPosition = new Map<number, LiveEvent>();
  for (const event of [...recent, ...events]) byPosition.set(event.position, event);
  return [...byPosition.values()].sort((a, b) => a.position - b.position).slice(-limit);
}

/**
 * An order as the server answered a kitchen step (no position: the live event that follows confirms it). The answer
 * does not say who moved it: a name a push of the same status brought first stays.
 */
export function replaceOrder(board: LiveBoard, next: LiveOrder): LiveBoard {
  return {
    ...board,
    orders: board.orders.map((order) =>
      order.orderId === next.orderId
        ? withStatusBy(next, order.status === next.status ? order.statusBy : undefined)
        : order,
    ),
  };
}

function withStatusBy(order: LiveOrder, by: string | undefined): LiveOrder {
  const { statusBy: _before, ...rest } = order;
  return by ? { ...rest, statusBy: by } : rest;
}

export function setOrderStatus(board: LiveBoard, orderId: string, status: KitchenStatus): LiveBoard {
  return {
    ...board,
    // The name of who took it to its former status does not belong to the new one: the push names who did.
    orders: board.orders.map((order) =>
      order.orderId === orderId ? withStatusBy({ ...order, status }, undefined) : order,
    ),
  };
}

/** The kitchen's next step for an order, or null once served (or cancelled). */
export function nextStep(status: KitchenStatus): 'accepted' | 'ready' | 'served' | null {
  switch (status) {
    case 'paid':
      return 'accepted';
    case 'accepted':
      return 'ready';
    case 'ready':
      return 'served';
    case 'served':
    case 'cancelled':
      return null;
  }
}

/** Declined, or every agora of it returned: the kitchen has nothing to do with it (issue 17). */
export function isCancelled(order: LiveOrder): boolean {
  const refunded = order.refundedAgorot ?? 0;
  return order.status === 'cancelled' || (refunded > 0 && refunded >= order.totalAgorot);
}

/** Paid orders nobody has accepted yet: the number in the tab's title. */
export function unhandledCount(board: LiveBoard | undefined): number {
  // An order for later waits under "upcoming" (issue 33): not the kitchen's until its preparation starts.
  return board?.orders.filter((order) => order.status === 'paid' && !order.upcoming && !isCancelled(order)).length ?? 0;
}

/** A refund made after a refused one: the refusal is no longer the order's news. */
function withoutRefusal(order: LiveOrder): LiveOrder {
  const { refundRefused: _refused, ...rest } = order;
  return rest;
}
