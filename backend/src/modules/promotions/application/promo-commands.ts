import type { Actor, PromoRulesInput } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { type PromotionsCommand, promotionsDecider } from '../domain/promotions.decider.js';
import { promotionsStreamId } from '../domain/promotions.events.js';

/** Who asked and which request it was (an owner's route, or the demo's seed): every event records its actor. */
export interface PromotionsCommandContext {
  actor: Actor;
  correlationId: string;
}

export class CreatePromoCodeCommand {
  constructor(
    readonly businessPhone: string,
    readonly code: string,
    readonly rules: PromoRulesInput,
    readonly context: PromotionsCommandContext,
  ) {}
}

export class ChangePromoCodeCommand {
  constructor(
    readonly businessPhone: string,
    readonly promoCodeId: string,
    readonly rules: PromoRulesInput,
    readonly context: PromotionsCommandContext,
  ) {}
}

export class TurnPromoCodeOffCommand {
  constructor(
    readonly businessPhone: string,
    readonly promoCodeId: string,
    readonly context: PromotionsCommandContext,
  ) {}
}

export class TurnPromoCodeOnCommand {
  constructor(
    readonly businessPhone: string,
    readonly promoCodeId: string,
    readonly context: PromotionsCommandContext,
  ) {}
}

/** Decides one command on the business's promotions stream and appends what it decided. */
export function decidePromotions(
  store: EventStore,
  businessPhone: string,
  command: PromotionsCommand,
  context: PromotionsCommandContext,
) {
  return handleCommand({
    store,
    streamId: promotionsStreamId(businessPhone),
    decider: promotionsDecider,
    command,
    metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: command.data.now },
  });
}
