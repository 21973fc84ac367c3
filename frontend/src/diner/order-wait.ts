// The thank-you page's requests: the diner session's newest order (`GET /api/orders/{departmentId}/latest`) and the held
// ask for its next change (`GET /api/orders/{departmentId}/{orderNumber}/wait`), which the server answers once the
// order is settled, or moves on from the status shown, or after about 25 s.
import type { DinerOrderView } from '@tafrit/contracts/ordering-types';

/** Held asks of `/wait` (each answered when the order is settled, or after about 25 s), failed ones included. */
export const MAX_WAITS = 6;
/** After a failed ask (no network, a 5xx), the next one waits this long: never a tight loop. */
export const RETRY_DELAY_MS = 2000;
/** A held ask unanswered this long (the server answers by about 25 s) is given up, as a failed one. */
export const WAIT_CUTOFF_MS = 35_000;
/** Following the kitchen, failed asks wait longer each time, up to this. */
export const FOLLOW_BACKOFF_MAX_MS = 30_000;

export type Latest = { status: 'ok'; order: DinerOrderView } | { status: 'none' } | { status: 'error' };

function isOrder(value: unknown): value is DinerOrderView {
  const order = value as Partial<DinerOrderView> | null;
  return (
    typeof order === 'object' &&
    order !== null &&
    typeof order.orderId === 'string' &&
    typeof order.orderNumber === 'number' &&
    Array.isArray(order.items) &&
    typeof order.totalAmount === 'string'
  );
}

/** `{ success, data, message }`; 404 with data null when the order is not this diner session's (or there is none). */
async function readOrder(url: string, signal?: AbortSignal): Promise<Latest> {
  try {
    const response = await fetch(url, {
      credentials: 'include',
      headers: { accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
    if (response.ok && isOrder(body?.data)) return { status: 'ok', order: body.data };
    if (response.status === 404 || (response.ok && body?.data === null)) return { status: 'none' };
    return { status: 'error' };
  } catch {
    return { status: 'error' };
  }
}

/** The newest order of this diner session at the business. */
export function fetchLatestOrder(departmentId: string, signal?: AbortSignal): Promise<Latest> {
  return readOrder(`/api/orders/${encodeURIComponent(departmentId)}/latest`, signal);
}

/**
 * The order by its number, answered once it is settled or after about 25 s; given up after WAIT_CUTOFF_MS. With
 * `seen` (the status shown), answered once the settled order moves on from it: the kitchen's next step.
 */
export async function waitForOrder(
  departmentId: string,
  orderNumber: number,
  signal?: AbortSignal,
  seen?: string,
): Promise<Latest> {
  const ask = new AbortController();
  const stop = () => ask.abort();
  const cutoff = setTimeout(stop, WAIT_CUTOFF_MS);
  if (signal?.aborted) ask.abort();
  signal?.addEventListener('abort', stop);
  try {
    const query = seen ? `?seen=${encodeURIComponent(seen)}` : '';
    return await readOrder(`/api/orders/${encodeURIComponent(departmentId)}/${orderNumber}/wait${query}`, ask.signal);
  } finally {
    clearTimeout(cutoff);
    signal?.removeEventListener('abort', stop);
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Still to come: the payment's confirmation (unless the order expired), or the invoice of a paid order (a failed
 * payment gets none). The server's "settled" is the opposite: it answers a wait for any other order at once.
 */
export const isPending = (order: DinerOrderView) =>
  (order.paymentStatus === 'pending' && order.status !== 'expired') ||
  (order.paymentStatus === 'paid' && order.invoiceStatus === 'pending');
