import type { PromoRulesInput } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import { PromotionsError } from './promotions.errors.js';
import type { PromotionsEvent } from './promotions.events.js';

export type PromotionsCommand =
  | { type: 'CreatePromoCode'; data: { promoCodeId: string; code: string; rules: PromoRulesInput; now: string } }
  | { type: 'ChangePromoCode'; data: { promoCodeId: string; rules: PromoRulesInput; now: string } }
  | { type: 'TurnPromoCodeOff'; data: { promoCodeId: string; now: string } }
  | { type: 'TurnPromoCodeOn'; data: { promoCodeId: string; now: string } };

export interface PromotionsState {
  /** Each code by its id: its name (upper case) and whether it is on. */
  codes: Readonly<Record<string, { code: string; active: boolean }>>;
}

function known(state: PromotionsState, promoCodeId: string): { code: string; active: boolean } {
  const code = state.codes[promoCodeId];
  if (!code) throw new PromotionsError('not_found', `no promo code ${promoCodeId}`);
  return code;
}

function withCode(state: PromotionsState, promoCodeId: string, active: boolean): PromotionsState {
  const code = state.codes[promoCodeId];
  return code ? { codes: { ...state.codes, [promoCodeId]: { ...code, active } } } : state;
}

/**
 * A business's promo codes (issue 33). A name is the business's once: a turned-off code keeps its name, since its
 * orders name it. Nothing deletes a code; turning it off or on again when it already is changes nothing.
 */
export const promotionsDecider: Decider<PromotionsCommand, PromotionsEvent, PromotionsState> = {
  initialState: () => ({ codes: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PromoCodeCreated':
        return { codes: { ...state.codes, [event.data.promoCodeId]: { code: event.data.code, active: true } } };
      case 'PromoCodeChanged':
        return state;
      case 'PromoCodeTurnedOff':
        return withCode(state, event.data.promoCodeId, false);
      case 'PromoCodeTurnedOn':
        return withCode(state, event.data.promoCodeId, true);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreatePromoCode': {
        const { promoCodeId, code, rules, now } = command.data;
        if (Object.values(state.codes).some((existing) => existing.code === code)) {
          throw new PromotionsError('promo.code_taken', `the business has a code ${code}`);
        }
        return [{ type: 'PromoCodeCreated', data: { promoCodeId, code, rules, at: now } }];
      }
      case 'ChangePromoCode': {
        const { promoCodeId, rules, now } = command.data;
        known(state, promoCodeId);
        return [{ type: 'PromoCodeChanged', data: { promoCodeId, rules, at: now } }];
      }
      case 'TurnPromoCodeOff': {
        const { promoCodeId, now } = command.data;
        if (!known(state, promoCodeId).active) return [];
        return [{ type: 'PromoCodeTurnedOff', data: { promoCodeId, at: now } }];
      }
      case 'TurnPromoCodeOn': {
        const { promoCodeId, now } = command.data;
        if (known(state, promoCodeId).active) return [];
        return [{ type: 'PromoCodeTurnedOn', data: { promoCodeId, at: now } }];
      }
    }
  },
};
