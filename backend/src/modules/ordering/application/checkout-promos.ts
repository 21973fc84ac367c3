import { Injectable } from '@nestjs/common';
import {
  agorotToDecimalString,
  formatIsraelTimeOfDay,
  israelDateOf,
  minuteOfDay,
  promoRefusalHe,
  type PromoRefusal,
} from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { PromoCodeReader } from '../../promotions/index.js';
import type { CheckoutPromo } from '../domain/checkout.js';
import { PromoUses } from '../persistence/promo-uses.js';

/**
 * A typed promo code as the checkout decides with it (issue 33): the code of this business (promotions' reader), its
 * uses as ordering counts them now and whether this diner used it, and the moment in Israel by the server's clock.
 */
@Injectable()
export class CheckoutPromos {
  constructor(
    private readonly codes: PromoCodeReader,
    private readonly uses: PromoUses,
  ) {}

  async of(
    businessPhone: string,
    typed: string,
    dinerKeys: readonly string[],
    now = new Date(),
  ): Promise<CheckoutPromo> {
    const code = await this.codes.byCode(businessPhone, typed);
    const uses = code ? await this.uses.read(code.id, dinerKeys) : { taken: 0, usedByDiner: false };
    return {
      code,
      now: { date: israelDateOf(now), minuteOfDay: minuteOfDay(formatIsraelTimeOfDay(now)) },
      usesTaken: uses.taken,
      usedByDiner: uses.usedByDiner,
    };
  }
}

/** A code that does not hold, as the diner's 409: its reason in Hebrew in `fields.promoCode` (the least, in ₪). */
export function promoInvalid(reason: PromoRefusal, minOrderAgorot?: number): AppError {
  const minOrder = minOrderAgorot === undefined ? undefined : agorotToDecimalString(minOrderAgorot);
  return new AppError('order.promo_invalid', {
    fields: { promoCode: promoRefusalHe(reason, minOrder) },
    data: minOrder === undefined ? { reason } : { reason, minOrderAmount: minOrder },
  });
}
