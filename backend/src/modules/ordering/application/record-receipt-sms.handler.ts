import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../platform/event-store/aggregate.js';
import { OrderStore, type LoadedOrder } from '../persistence/order-store.js';

export class RecordReceiptSmsCommand {
  constructor(
    readonly orderId: string,
    /** `sent`, or why no bon went out. */
    readonly outcome: { sent: true; to: string } | { sent: false; to: string | null; reason: string },
    readonly metadata: CommandMetadata,
    readonly known?: LoadedOrder,
    /** The effect claim this outcome completes (recorded in the same transaction as the event). */
    readonly completeEffect?: string,
  ) {}
}

/** `ReceiptSmsSent` or `ReceiptSmsFailed` on the order, once (the aggregate ignores a repeat). */
@CommandHandler(RecordReceiptSmsCommand)
export class RecordReceiptSmsHandler implements ICommandHandler<RecordReceiptSmsCommand, void> {
  constructor(private readonly orders: OrderStore) {}

  async execute({ orderId, outcome, metadata, known, completeEffect }: RecordReceiptSmsCommand): Promise<void> {
    const now = metadata.occurredAt;
    await this.orders.execute(
      orderId,
      outcome.sent
        ? { type: 'RecordReceiptSms', data: { now, to: outcome.to } }
        : { type: 'RecordReceiptSmsFailure', data: { now, to: outcome.to, reason: outcome.reason } },
      metadata,
      { known, completeEffect },
    );
  }
}
