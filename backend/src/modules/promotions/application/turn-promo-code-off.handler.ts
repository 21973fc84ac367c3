import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { decidePromotions, TurnPromoCodeOffCommand } from './promo-commands.js';

/** The code holds for no new order (`PromoCodeTurnedOff`); its orders and history stay. */
@CommandHandler(TurnPromoCodeOffCommand)
export class TurnPromoCodeOffHandler implements ICommandHandler<TurnPromoCodeOffCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ businessPhone, promoCodeId, context }: TurnPromoCodeOffCommand): Promise<void> {
    const now = new Date().toISOString();
    await decidePromotions(
      this.store,
      businessPhone,
      { type: 'TurnPromoCodeOff', data: { promoCodeId, now } },
      context,
    );
  }
}
