import { describe, expect, it } from '@jest/globals';
import { promoRulesSchema } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { promotionsDecider } from './promotions.decider.js';
import { PromotionsError } from './promotions.errors.js';
import type { PromotionsEvent } from './promotions.events.js';

const { given } = deciderSpec(promotionsDecider);
const now = '2026-12-07T10:00:00.000Z';
const rules = promoRulesSchema.parse({ kind: 'percent', percent: 10 });
const created = (promoCodeId: string, code: string): PromotionsEvent => ({
  type: 'PromoCodeCreated',
  data: { promoCodeId, code, rules, at: now },
});

describe("a business's promo codes", () => {
  it('a new code is recorded with its rules', () =>
    given([])
      .when({ type: 'CreatePromoCode', data: { promoCodeId: 'p1', code: 'HAPPY', rules, now } })
      .then([created('p1', 'HAPPY')]));

  it('a name the business already has is refused, also when that code is off', () =>
    given([created('p1', 'HAPPY'), { type: 'PromoCodeTurnedOff', data: { promoCodeId: 'p1', at: now } }])
      .when({ type: 'CreatePromoCode', data: { promoCodeId: 'p2', code: 'HAPPY', rules, now } })
      .thenThrows(PromotionsError, (error) => expect(error.code).toBe('promo.code_taken')));

  it('an edit records the whole new rules', () => {
    const edited = promoRulesSchema.parse({ kind: 'amount', amountAgorot: 500, minOrderAgorot: 3_000 });
    return given([created('p1', 'HAPPY')])
      .when({ type: 'ChangePromoCode', data: { promoCodeId: 'p1', rules: edited, now } })
      .then([{ type: 'PromoCodeChanged', data: { promoCodeId: 'p1', rules: edited, at: now } }]);
  });

  it('an unknown code cannot be edited or turned off', () =>
    given([])
      .when({ type: 'TurnPromoCodeOff', data: { promoCodeId: 'p9', now } })
      .thenThrows(PromotionsError, (error) => expect(error.code).toBe('not_found')));

  it('turning a code off, then off again, records it once', () => {
    given([created('p1', 'HAPPY')])
      .when({ type: 'TurnPromoCodeOff', data: { promoCodeId: 'p1', now } })
      .then([{ type: 'PromoCodeTurnedOff', data: { promoCodeId: 'p1', at: now } }]);
    given([created('p1', 'HAPPY'), { type: 'PromoCodeTurnedOff', data: { promoCodeId: 'p1', at: now } }])
      .when({ type: 'TurnPromoCodeOff', data: { promoCodeId: 'p1', now } })
      .then([]);
  });

  it('a code turned off may be turned on again', () =>
    given([created('p1', 'HAPPY'), { type: 'PromoCodeTurnedOff', data: { promoCodeId: 'p1', at: now } }])
      .when({ type: 'TurnPromoCodeOn', data: { promoCodeId: 'p1', now } })
      .then([{ type: 'PromoCodeTurnedOn', data: { promoCodeId: 'p1', at: now } }]));
});
