import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { CreatePromoCodeCommand, decidePromotions } from './promo-commands.js';

/** A new code (`PromoCodeCreated`); a name the business already has is refused (`promo.code_taken`). Answers its id. */
@CommandHandler(CreatePromoCodeCommand)
export class CreatePromoCodeHandler implements ICommandHandler<CreatePromoCodeCommand, string> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ businessPhone, code, rules, context }: CreatePromoCodeCommand): Promise<string> {
    const promoCodeId = randomUUID();
    const now = new Date().toISOString();
    await decidePromotions(
      this.store,
      businessPhone,
      { type: 'CreatePromoCode', data: { promoCodeId, code, rules, now } },
      context,
    );
    return promoCodeId;
  }
}
