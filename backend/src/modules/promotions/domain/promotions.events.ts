import type { PromoRulesInput } from '@tafrit/contracts';

/** One stream per business: `promos-{businessPhone}` (issue 33), so the decider sees every code's name at once. */
export const promotionsStreamId = (businessPhone: string): string => `promos-${businessPhone}`;

/** A new code with its rules. `code` is upper case and never changes: the orders placed with it name it. */
export interface PromoCodeCreated {
  type: 'PromoCodeCreated';
  data: { promoCodeId: string; code: string; rules: PromoRulesInput; at: string };
}

/** The code's rules as the owner edited them (the whole rules, not a difference). */
export interface PromoCodeChanged {
  type: 'PromoCodeChanged';
  data: { promoCodeId: string; rules: PromoRulesInput; at: string };
}

/** The code no longer holds for new orders; its orders and history stay. */
export interface PromoCodeTurnedOff {
  type: 'PromoCodeTurnedOff';
  data: { promoCodeId: string; at: string };
}

export interface PromoCodeTurnedOn {
  type: 'PromoCodeTurnedOn';
  data: { promoCodeId: string; at: string };
}

export type PromotionsEvent = PromoCodeCreated | PromoCodeChanged | PromoCodeTurnedOff | PromoCodeTurnedOn;

export const PROMOTIONS_EVENT_TYPES: readonly PromotionsEvent['type'][] = [
  'PromoCodeCreated',
  'PromoCodeChanged',
  'PromoCodeTurnedOff',
  'PromoCodeTurnedOn',
];
