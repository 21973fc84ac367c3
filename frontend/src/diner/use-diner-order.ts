// The order the thank-you page shows, and its following: read once (or taken from the page the server drew), then
// asked again with held requests while its payment or invoice is pending, then step by step through the kitchen.
import { useEffect, useEffectEvent, useState } from 'react';
import type { DinerOrderView } from '@tafrit/contracts/ordering-types';
import { lastOrder, remarks as remarksStorage } from '@/lib/storage';
import type { CartLine } from './cart';
import { isFollowed } from './order-progress';
import { readInlineJson } from './inline-data';
import {
  fetchLatestOrder,
  FOLLOW_BACKOFF_MAX_MS,
  isPending,
  MAX_WAITS,
  pause,
  RETRY_DELAY_MS,
  waitForOrder,
  type Latest,
} from './order-wait';

/**
 * The diner's order as the server drew it into the page (decision 031), for the first render to hydrate what was
 * drawn; only one of this business's. The page's first effect removes it, so a later visit within the app reads the
 * order itself.
 */
function inlineOrder(departmentId: string): DinerOrderView | undefined {
  const order = readInlineJson(INLINE_ORDER) as Partial<DinerOrderView> | null | undefined;
  return order && typeof order.orderNumber === 'number' && order.departmentId === departmentId
    ? (order as DinerOrderView)
    : undefined;
}
const INLINE_ORDER = 'order-data';

/**
 * The order of the page: `latest` null while the first read is out; `exhausted` once the waits are used up (or the
 * order is no longer this session's); `retry` reads it afresh. `update` empties the cart once the order is paid.
 */
export function useDinerOrder(
  departmentId: string,
  initialOrder: DinerOrderView | undefined,
  update: (change: (lines: readonly CartLine[]) => CartLine[]) => CartLine[],
) {
  // Drawn by the server with the page: shown at once (the page's largest text), then followed as a read one is.
  const [drawn] = useState(() => initialOrder ?? inlineOrder(departmentId));
  const [latest, setLatest] = useState<Latest | null>(() => (drawn ? { status: 'ok', order: drawn } : null));
  const [exhausted, setExhausted] = useState(false);
  const [load, setLoad] = useState(0);

  // The order is paid: what was kept for it goes, through the store so the header's count follows. Only when the
  // saved last order is this one: coming back here later (the back button) must not empty a new cart.
  const finish = useEffectEvent((order: DinerOrderView) => {
    if (order.paymentStatus !== 'paid') return;
    const saved = lastOrder.get<{ orderId?: unknown; orderNumber?: unknown }>(departmentId);
    if (!saved || (saved.orderId !== order.orderId && saved.orderNumber !== order.orderNumber)) return;
    update(() => []);
    remarksStorage.clear(departmentId);
    lastOrder.clear(departmentId);
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    document.getElementById(INLINE_ORDER)?.remove();
    const run = async () => {
      // The order drawn with the page needs no first read (a retry reads it again).
      const first: Latest =
        drawn && load === 0 ? { status: 'ok', order: drawn } : await fetchLatestOrder(departmentId, signal);
      if (signal.aborted) return;
      // Only this first read's failure is shown as one (with a retry); a failed wait keeps the order already shown.
      setLatest(first);
      if (first.status !== 'ok') return;
      finish(first.order);
      let order = first.order;
      for (let waits = 1; isPending(order); waits += 1) {
        const answer = await waitForOrder(departmentId, order.orderNumber, signal);
        if (signal.aborted) return;
        if (answer.status === 'ok') {
          order = answer.order;
          setLatest(answer);
          finish(order);
          if (!isPending(order)) return;
        } else if (answer.status === 'none') {
          // No longer this session's order (say, its cookie is gone): asking again will not help.
          setExhausted(true);
          return;
        }
        if (waits >= MAX_WAITS) {
          setExhausted(true);
          return;
        }
        if (answer.status === 'error') {
          await pause(RETRY_DELAY_MS, signal);
          if (signal.aborted) return;
        }
      }
      await follow(order);
    };
    // Paid and settled: the same held ask, now with the status shown, brings each kitchen step until it is served or
    // cancelled (decision 031). No limit while the page is open; failures back off up to FOLLOW_BACKOFF_MAX_MS.
    const follow = async (from: DinerOrderView) => {
      let order = from;
      let failures = 0;
      while (isFollowed(order) && !signal.aborted) {
        const answer = await waitForOrder(departmentId, order.orderNumber, signal, order.status);
        if (signal.aborted) return;
        if (answer.status === 'ok') {
          failures = 0;
          order = answer.order;
          setLatest(answer);
        } else if (answer.status === 'none') {
          return;
        } else {
          failures += 1;
          await pause(Math.min(RETRY_DELAY_MS * 2 ** (failures - 1), FOLLOW_BACKOFF_MAX_MS), signal);
        }
      }
    };
    // StrictMode runs this effect twice in development: starting after a microtask lets the first run's cleanup
    // cancel it, so one visit is one request.
    queueMicrotask(() => {
      if (!signal.aborted) void run();
    });
    // Leaving (or a retry) drops the request in flight and any pause before the next one.
    return () => controller.abort();
  }, [departmentId, load, drawn]);

  const retry = () => {
    setLatest(null);
    setExhausted(false);
    setLoad((count) => count + 1);
  };
  return { latest, exhausted, retry };
}
