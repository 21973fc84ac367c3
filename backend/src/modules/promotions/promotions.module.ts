import { Module, type OnModuleInit } from '@nestjs/common';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { OwnerPromoCodesController } from './api/owner-promo-codes.controller.js';
import { ChangePromoCodeHandler } from './application/change-promo-code.handler.js';
import { CreatePromoCodeHandler } from './application/create-promo-code.handler.js';
import { PromoCodesHandler } from './application/promo-codes.query.js';
import { TurnPromoCodeOffHandler } from './application/turn-promo-code-off.handler.js';
import { TurnPromoCodeOnHandler } from './application/turn-promo-code-on.handler.js';
import { promoCodesProjection } from './projections/promo-codes.projection.js';
import { PromoCodeReader } from './projections/promo-codes.reader.js';

/**
 * A business's promo codes (issue 33, decision 052): the event-sourced `promos-{phone}` stream, its `promo_codes`
 * read model and the owner's routes. The checkout (ordering) reads a typed code through `PromoCodeReader`; the uses
 * are counted by ordering with the order itself.
 */
@Module({
  controllers: [OwnerPromoCodesController],
  providers: [
    PromoCodeReader,
    CreatePromoCodeHandler,
    ChangePromoCodeHandler,
    TurnPromoCodeOffHandler,
    TurnPromoCodeOnHandler,
    PromoCodesHandler,
  ],
  exports: [PromoCodeReader],
})
export class PromotionsModule implements OnModuleInit {
  constructor(private readonly projections: InlineProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(promoCodesProjection);
  }
}
