import { Injectable } from '@nestjs/common';
import { isAlwaysOpen, orderingAt, type OrderingMoment, type OrderingSettings } from '../domain/ordering-schedule.js';
import { pickupSlotsAt, type PickupSlotsMoment } from '../domain/pickup-slots.js';

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
  private readonly slots = new Map<string, { from: number; moment: PickupSlotsMoment }>();
  /** The server's clock; tests set another (they move time, never wait). */
  clock: () => number = () => Date.now();

  /**
   * Today's pickup slots of a business with order ahead on (issue 33), worked out once until they may change (the
   * first slot's last moment, a boundary of the schedule, midnight), like `at`. None while order ahead is off.
   */
  slotsAt(settings: OrderingSettings, now: number = this.clock()): PickupSlotsMoment {
    if (!settings.ahead) return { asap: this.at(settings, now).open, slots: [], validUntil: Infinity };
    const key = JSON.stringify(settings);
    const known = this.slots.get(key);
    if (known && known.from <= now && now < known.moment.validUntil) return known.moment;
    const moment = pickupSlotsAt(settings, settings.ahead, now);
    if (this.slots.size >= KEPT) this.slots.clear();
    this.slots.set(key, { from: now, moment });
    return moment;
  }

  at(settings: OrderingSettings, now: number = this.clock()): OrderingMoment {
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
