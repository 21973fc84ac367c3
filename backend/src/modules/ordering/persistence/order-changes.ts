import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';

/**
 * Tells whoever waits on an order (the diner's thank-you page, through `GET .../wait`) that it changed. Fed by every
 * order command of this process after its commit. A change committed by another instance is not seen here: the
 * waiting request looks at the row again every few seconds as well (OrderWaitQuery), so it is late, never lost.
 */
@Injectable()
export class OrderChanges {
  private readonly waiters = new Map<string, Set<() => void>>();

  publish(events: readonly RecordedEvent[]): void {
    const seen = new Set<string>();
    for (const event of events) {
      const orderId = (event.data as { orderId?: unknown }).orderId;
      if (typeof orderId !== 'string' || seen.has(orderId)) continue;
      seen.add(orderId);
      const waiting = this.waiters.get(orderId);
      if (!waiting) continue;
      this.waiters.delete(orderId);
      for (const wake of waiting) wake();
    }
  }

  /** Resolves at the order's next change, after `timeoutMs`, or when `signal` aborts (the diner left). */
  next(orderId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      let waiting = this.waiters.get(orderId);
      if (!waiting) this.waiters.set(orderId, (waiting = new Set()));
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        const current = this.waiters.get(orderId);
        current?.delete(done);
        if (current?.size === 0) this.waiters.delete(orderId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      waiting.add(done);
    });
  }

  /** How many requests wait now (tests, the debug view). */
  get waiting(): number {
    let count = 0;
    for (const waiting of this.waiters.values()) count += waiting.size;
    return count;
  }
}
