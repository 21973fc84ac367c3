import { Injectable } from '@nestjs/common';
import { isAlwaysOpen, orderingAt, type OrderingMoment, type OrderingSettings } from '../domain/ordering-schedule.js';

/** Schedules remembered at most (past it, the memory starts over): one per business that set hours. */
const KEPT = 10_000;

/**
 * Whether ordering is open now, for the checkout: the server's clock, never the browser's. A business that set
 * nothing costs nothing; one with hours is worked out once per boundary of its schedule (keyed by its settings'
 * JSON, so a checkout that read the row again finds the same answer), never once per checkout (decision 028).
 */
@Injectable()
export class OrderingMoments {
  private readonly moments = new Map<string, { from: number; moment: OrderingMoment }>();

  at(settings: OrderingSettings, now: number = Date.now()): OrderingMoment {
    if (isAlwaysOpen(settings)) return orderingAt(settings, now);
    const key = JSON.stringify(settings);
    const known = this.moments.get(key);
    if (known && known.from <= now && now < known.moment.validUntil) return known.moment;
    const moment = orderingAt(settings, now);
    if (this.moments.size >= KEPT) this.moments.clear();
    this.moments.set(key, { from: now, moment });
    return moment;
  }
}
