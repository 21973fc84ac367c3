import { Injectable } from '@nestjs/common';
import type { OrderState, PlacedOrder } from '../domain/order.decider.js';

/** What this process knows of one payment page it opened: facts that never change once the page exists. */
export interface KnownPage {
  orderId: string;
  provider: string;
  terminal: 'business' | 'platform';
  businessPhone: string;
}

interface Entry {
  state: PlacedOrder;
  version: number;
  /** When this process last wrote (or read) the order: `fresh` answers only for a short while after. */
  at: number;
}

/** Orders and pages kept at most (about 2 KB an order): the last hour of a very busy instance. */
const KEPT = 20_000;

/**
 * The orders this process wrote most recently, each as the state its last command committed with the stream
 * version (decision 015 §10). A hint, never the truth: a command that starts from a remembered state still appends
 * with that version as the expected one, so a state another instance moved meanwhile is refused by `order_append`
 * and decided again on the row. It saves the read before the next command of the same order (the payment after the
 * checkout) and the diner's read right after the payment.
 */
@Injectable()
export class RecentOrders {
  private readonly orders = new Map<string, Entry>();
  private readonly numbers = new Map<string, string>();
  private readonly pages = new Map<string, KnownPage>();

  /** The clock of `fresh` (tests move it). */
  now: () => number = Date.now;

  remember(state: OrderState, version: number): void {
    if (!state.placed) return;
    const { orderId } = state;
    // Re-inserted so the map's order is the order of use: the oldest is dropped first.
    this.orders.delete(orderId);
    this.orders.set(orderId, { state, version, at: this.now() });
    this.numbers.set(numberKey(state.departmentId, state.orderNumber), orderId);
    while (this.orders.size > KEPT) this.forget(this.orders.keys().next().value!);
  }

  /** Records a page's facts as its `PaymentPageOpened` said (the state keeps only its id and address). */
  rememberPage(lowProfileId: string, page: KnownPage): void {
    // Pages go with their order (`forget`); this bound only guards against pages whose order was never kept.
    if (this.pages.size >= KEPT * 4) this.pages.clear();
    this.pages.set(lowProfileId, page);
  }

  /** The order's last known state and version, for a command's expected version (checked by the append). */
  get(orderId: string): { state: PlacedOrder; version: number } | undefined {
    const entry = this.orders.get(orderId);
    return entry && { state: entry.state, version: entry.version };
  }

  page(lowProfileId: string): KnownPage | undefined {
    return this.pages.get(lowProfileId);
  }

  /**
   * The order by its department and number if this process wrote it within `withinMs`: as current as a read of the
   * row for a single instance, and with several no later than their usual notice of another instance's change.
   */
  fresh(departmentId: string, orderNumber: number, withinMs: number): PlacedOrder | undefined {
    const orderId = this.numbers.get(numberKey(departmentId, orderNumber));
    const entry = orderId ? this.orders.get(orderId) : undefined;
    if (!entry || this.now() - entry.at > withinMs) return undefined;
    return entry.state;
  }

  private forget(orderId: string): void {
    const entry = this.orders.get(orderId);
    this.orders.delete(orderId);
    if (!entry) return;
    const key = numberKey(entry.state.departmentId, entry.state.orderNumber);
    if (this.numbers.get(key) === orderId) this.numbers.delete(key);
    for (const page of entry.state.payment.pages) this.pages.delete(page.lowProfileId);
  }
}

const numberKey = (departmentId: string, orderNumber: number) => `${departmentId}/${orderNumber}`;
