import { ORDER_AHEAD_OFF, type OrderAheadSettings } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import { businessDecider, type BusinessState } from './business.decider.js';
import { BusinessClosedError, BusinessNotFoundError } from './business.errors.js';
import type { BusinessEvent } from './business.events.js';

/** Settings' order ahead (issue 33), validated by the contract. */
export type ChooseOrderAhead = { type: 'ChooseOrderAhead'; data: { settings: OrderAheadSettings; now: string } };

interface OrderAheadState {
  business: BusinessState;
  /** Off until first chosen. */
  orderAhead: OrderAheadSettings;
}

/**
 * The owner's order-ahead settings on the business stream (issue 33): a decider of its own, folding the business
 * as the business decider does (a closed business changes nothing) and the settings beside it.
 */
export const orderAheadDecider: Decider<ChooseOrderAhead, BusinessEvent, OrderAheadState> = {
  initialState: () => ({ business: businessDecider.initialState(), orderAhead: ORDER_AHEAD_OFF }),

  decide({ data: { settings, now } }, { business, orderAhead }) {
    if (business.status === 'unregistered') throw new BusinessNotFoundError();
    if (business.status === 'closed') throw new BusinessClosedError(business.phone);
    // Saving the same settings again, or "off" before any choice, records nothing.
    if (JSON.stringify(orderAhead) === JSON.stringify(settings)) return [];
    return [{ type: 'OrderAheadChosen', data: { phone: business.phone, settings, changedAt: now } }];
  },

  evolve(state, event) {
    return {
      business: businessDecider.evolve(state.business, event),
      orderAhead: event.type === 'OrderAheadChosen' ? event.data.settings : state.orderAhead,
    };
  },
};
