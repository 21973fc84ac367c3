import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DinerLanguage } from '@tafrit/contracts';
import type { CommandMetadata } from '../../../platform/event-store/aggregate.js';
import { AppError } from '../../../platform/http/app-error.js';
import { OrderStore, type LoadedOrder } from '../persistence/order-store.js';
import { ReadySmsPhones } from '../persistence/ready-sms-phones.js';

export class RequestReadySmsCommand {
  constructor(
    readonly orderId: string,
    /** E.164, checked by the contract's schema. */
    readonly phone: string,
    readonly language: DinerLanguage,
    readonly correlationId: string,
    /** The diner session asking: another session's order is the same 404 as an unknown one. */
    readonly dinerSessionId: string,
    /** The order as the request just read it. */
    readonly known?: LoadedOrder,
  ) {}
}

/**
 * The diner's number for one SMS when the order is ready, given after the order was placed (the checkout's payment
 * page was already open, or the same checkout sent again with it). `ReadySmsRequested` and the sealed number are
 * stored in one statement; asked again, the latest number is kept (decision 033).
 */
@CommandHandler(RequestReadySmsCommand)
export class RequestReadySmsHandler implements ICommandHandler<RequestReadySmsCommand, void> {
  constructor(
    private readonly orders: OrderStore,
    private readonly phones: ReadySmsPhones,
  ) {}

  async execute({ orderId, phone, language, correlationId, dinerSessionId, known }: RequestReadySmsCommand) {
    const current = known ?? (await this.orders.load(orderId));
    if (!current.state.placed || current.state.dinerSessionId !== dinerSessionId) throw new AppError('order.not_found');
    const sealed = this.phones.seal(orderId, phone);
    const now = new Date().toISOString();
    const result = await this.orders.execute(
      orderId,
      { type: 'RequestReadySms', data: { language, now } },
      { correlationId, actor: { kind: 'diner' }, occurredAt: now },
      { known: current, readySmsPhoneSealed: sealed },
    );
    // Asked again in the same language: nothing new in the log, but the number the diner gave now is the one kept.
    if (result.events.length === 0 && result.state.placed && result.state.readySms?.status === 'requested') {
      await this.phones.keep(orderId, result.state.businessPhone, sealed);
    }
  }
}

export class RecordReadySmsCommand {
  constructor(
    readonly orderId: string,
    readonly outcome: { sent: true } | { sent: false; reason: string },
    readonly metadata: CommandMetadata,
    /** The effect claim this outcome completes (recorded in the same transaction as the event). */
    readonly completeEffect?: string,
  ) {}
}

/** `ReadySmsSent` or `ReadySmsFailed` on the order, once (the aggregate ignores a repeat). */
@CommandHandler(RecordReadySmsCommand)
export class RecordReadySmsHandler implements ICommandHandler<RecordReadySmsCommand, void> {
  constructor(private readonly orders: OrderStore) {}

  async execute({ orderId, outcome, metadata, completeEffect }: RecordReadySmsCommand): Promise<void> {
    const now = metadata.occurredAt;
    await this.orders.execute(
      orderId,
      outcome.sent
        ? { type: 'RecordReadySms', data: { now } }
        : { type: 'RecordReadySmsFailure', data: { now, reason: outcome.reason } },
      metadata,
      { completeEffect },
    );
  }
}
