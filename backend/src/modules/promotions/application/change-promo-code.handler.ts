import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { ChangePromoCodeCommand, decidePromotions } from './promo-commands.js';

/** A code's new rules (`PromoCodeChanged`): orders placed before keep the discount they were given. */
@CommandHandler(ChangePromoCodeCommand)
export class ChangePromoCodeHandler implements ICommandHandler<ChangePromoCodeCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ businessPhone, promoCodeId, rules, context }: ChangePromoCodeCommand): Promise<void> {
    const now = new Date().toISOString();
    await decidePromotions(
      this.store,
      businessPhone,
      { type: 'ChangePromoCode', data: { promoCodeId, rules, now } },
      context,
    );
  }
}
