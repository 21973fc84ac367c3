import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  israelMonthRange,
  type MonthString,
  payoutDueDate,
  payoutEventSchemaVersions,
  payoutStreamId,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import {
  PayoutBatchAlreadyCreated,
  PayoutBatchAlreadyTransferred,
  PayoutBatchNotCreated,
  type PayoutCommand,
  payoutDecider,
} from '../domain/payout.decider.js';
import { BusinessReader } from '../../accounts/index.js';
import { draftPayout } from './payout-batch.query.js';

/** Who acts and from where: every payout event records the administrator and the IP (the audit view reads them). */
export interface AdminAct {
  adminPhone: string;
  ip: string | null;
  requestId: string;
  now: Date;
}

export class CreatePayoutBatchCommand {
  constructor(
    readonly month: MonthString,
    readonly act: AdminAct,
  ) {}
}

export class MarkPayoutTransferredCommand {
  constructor(
    readonly month: MonthString,
    readonly act: AdminAct,
  ) {}
}

export const payoutMessagesHe = {
  monthNotEnded: 'אפשר ליצור העברות רק לחודש שהסתיים',
  nothingToPay: 'אין העברות לחודש זה',
  alreadyCreated: 'רשימת ההעברות של החודש כבר נוצרה',
  notCreated: 'יש ליצור את רשימת ההעברות לפני סימונה כהועברה',
  alreadyTransferred: 'ההעברות של החודש כבר סומנו כהועברו',
} as const;

async function runPayout(store: EventStore, month: MonthString, act: AdminAct, command: PayoutCommand) {
  try {
    return await handleCommand({
      store,
      streamId: payoutStreamId(month),
      decider: payoutDecider,
      command,
      metadata: {
        correlationId: act.requestId,
        actor: { kind: 'admin', id: act.adminPhone },
        occurredAt: act.now.toISOString(),
      },
      schemaVersions: payoutEventSchemaVersions,
    });
  } catch (error) {
    if (error instanceof PayoutBatchAlreadyCreated)
      throw new AppError('conflict', { message: payoutMessagesHe.alreadyCreated });
    if (error instanceof PayoutBatchNotCreated)
      throw new AppError('conflict', { message: payoutMessagesHe.notCreated });
    if (error instanceof PayoutBatchAlreadyTransferred) {
      throw new AppError('conflict', { message: payoutMessagesHe.alreadyTransferred });
    }
    throw error;
  }
}

/**
 * `POST /api/admin/payouts/{YYYY-MM}`: fixes the month's transfer list as `PayoutBatchCreated`, with a snapshot of
 * each payee's bank details. Only for a month that has ended in Israel time: before that, orders still come in.
 */
@CommandHandler(CreatePayoutBatchCommand)
export class CreatePayoutBatchHandler implements ICommandHandler<CreatePayoutBatchCommand> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ month, act }: CreatePayoutBatchCommand): Promise<void> {
    if (act.now.getTime() < israelMonthRange(month).end.getTime()) {
      throw new AppError('conflict', { message: payoutMessagesHe.monthNotEnded });
    }
    const { lines, balances } = await draftPayout(this.database, this.businesses, month, this.store);
    if (lines.length === 0 && balances.length === 0)
      throw new AppError('conflict', { message: payoutMessagesHe.nothingToPay });
    await runPayout(this.store, month, act, {
      type: 'CreatePayoutBatch',
      data: {
        month,
        dueDate: payoutDueDate(month),
        lines,
        balances,
        totalAgorot: lines.reduce((sum, line) => sum + line.netAgorot, 0),
        adminPhone: act.adminPhone,
        ip: act.ip,
        at: act.now.toISOString(),
      },
    });
  }
}

/** `POST /api/admin/payouts/{YYYY-MM}/transferred`: the bank carried out the batch; the owners' reports show it. */
@CommandHandler(MarkPayoutTransferredCommand)
export class MarkPayoutTransferredHandler implements ICommandHandler<MarkPayoutTransferredCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ month, act }: MarkPayoutTransferredCommand): Promise<void> {
    await runPayout(this.store, month, act, {
      type: 'MarkPayoutTransferred',
      data: { month, adminPhone: act.adminPhone, ip: act.ip, at: act.now.toISOString() },
    });
  }
}
