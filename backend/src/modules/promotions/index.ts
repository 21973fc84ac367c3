// The promotions module's front door: other modules import only from here.
export { PromotionsModule } from './promotions.module.js';
export { PromoCodeReader } from './projections/promo-codes.reader.js';
// The demo café's code is created through the same command an owner's request sends.
export { CreatePromoCodeCommand } from './application/promo-commands.js';
