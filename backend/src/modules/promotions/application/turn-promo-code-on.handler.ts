import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { decidePromotions, TurnPromoCodeOnCommand } from './promo-commands.js';

/** A code turned off holds again (`PromoCodeTurnedOn`). */
@CommandHandler(TurnPromoCodeOnCommand)
export class TurnPromoCodeOnHandler implements ICommandHandler<TurnPromoCodeOnCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ businessPhone, promoCodeId, context }: TurnPromoCodeOnCommand): Promise<void> {
    const now = new Date().toISOString();
    await decidePromotions(this.store, businessPhone, { type: 'TurnPromoCodeOn', data: { promoCodeId, now } }, context);
  }
}
