import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  allocationNumberRequired,
  israelDateOf,
  type MonthString,
  type PlatformInvoiceEvent,
  platformInvoiceEventSchemaVersions,
  platformInvoiceStreamId,
  VAT_RATE_PERCENT,
} from '@tafrit/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import {
  EVENT_STORE,
  type EventStore,
  StreamVersionConflictError,
} from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader } from '../../accounts/index.js';
import {
  foldPlatformInvoice,
  includedVat,
  type PlatformInvoiceCommand,
  platformInvoiceDecider,
  PlatformInvoiceMonthNotEnded,
} from '../domain/platform-invoice.decider.js';

/** Who asks: the sweep (`system`) or an administrator. */
export interface DocumentRequest {
  now: Date;
  correlationId: string;
  actor: { kind: 'system' } | { kind: 'admin'; id: string };
}

/**
 * Issue the month's platform invoice of one business, or, when it was issued, the credit document a later refund
 * calls for. Idempotent: the sweep runs it for every business of every ended month; the administrator may too.
 */
export class IssuePlatformDocumentCommand {
  constructor(
    readonly businessPhone: string,
    readonly month: MonthString,
    readonly request: DocumentRequest,
  ) {}
}

export const platformInvoiceMessagesHe = {
  monthNotEnded: 'חשבוניות העמלה של חודש מופקות רק לאחר שהחודש הסתיים',
} as const;

/** The month's commission on what was kept (after refunds, VAT included), in agorot, from `monthly_commissions`. */
export async function commissionAfterRefunds(em: EntityManager, businessPhone: string, month: MonthString) {
  const [row] = await query<{ commission: string }>(
    em,
    `select ((total_commission - refunded_commission) * 100)::bigint::text as commission
       from monthly_commissions where business_id = ? and month = ?`,
    [businessPhone, month],
  );
  return Number(row?.commission ?? 0);
}

/**
 * The document's number from the platform's own gapless sequence of its kind, taken last in the document's
 * transaction: the row stays locked until the commit, so concurrent issues take consecutive numbers, and a rollback
 * (the same document issued by someone else meanwhile) gives the number back.
 */
async function nextNumber(em: EntityManager, kind: 'invoice' | 'credit'): Promise<number> {
  const [row] = await query<{ last_number: number }>(
    em,
    `insert into platform_document_sequences (kind, last_number) values (?, 1)
     on conflict (kind) do update set last_number = platform_document_sequences.last_number + 1
     returning last_number`,
    [kind],
  );
  return Number(row!.last_number);
}

/** Appends what the decider decided to a month's invoice stream, in `em`'s transaction, after `version`. */
export async function appendPlatformInvoiceEvents(
  store: EventStore,
  em: EntityManager,
  streamId: string,
  version: number,
  events: readonly PlatformInvoiceEvent[],
  request: DocumentRequest,
): Promise<void> {
  await store.appendToStream(
    streamId,
    events.map((event) => ({
      type: event.type,
      data: event.data,
      metadata: {
        correlationId: request.correlationId,
        actor: request.actor,
        occurredAt: request.now.toISOString(),
        schemaVersion: platformInvoiceEventSchemaVersions[event.type],
      },
    })),
    { expectedVersion: version === 0 ? 'no_stream' : version, em },
  );
}

@CommandHandler(IssuePlatformDocumentCommand)
export class IssuePlatformDocumentHandler implements ICommandHandler<IssuePlatformDocumentCommand, boolean> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly businesses: BusinessReader,
  ) {}

  /** Answers whether a document was issued. */
  async execute(command: IssuePlatformDocumentCommand): Promise<boolean> {
    try {
      return await this.once(command);
    } catch (error) {
      if (error instanceof PlatformInvoiceMonthNotEnded) {
        throw new AppError('conflict', { message: platformInvoiceMessagesHe.monthNotEnded });
      }
      // Someone issued this business's document meanwhile: decide again on what they wrote.
      if (error instanceof StreamVersionConflictError) return this.once(command);
      throw error;
    }
  }

  private async once({ businessPhone, month, request }: IssuePlatformDocumentCommand): Promise<boolean> {
    const commissionAgorot = await commissionAfterRefunds(this.database.em(), businessPhone, month);
    const seller = await this.businesses.sellerOf(businessPhone);
    // The café is a VAT-registered business that deducts the commission's VAT: above the threshold on the document's
    // date, the invoice needs an allocation number (decision 049).
    const vatAgorot = includedVat(commissionAgorot, VAT_RATE_PERCENT);
    const needsNumber =
      seller !== undefined &&
      allocationNumberRequired({
        issuedOn: israelDateOf(request.now.toISOString()),
        beforeVatAgorot: commissionAgorot - vatAgorot,
        vatAgorot,
        buyer: { taxId: seller.dealerNumber },
      });
    const allocationFor = needsNumber ? seller.dealerNumber : null;
    const streamId = platformInvoiceStreamId(businessPhone, month);
    return this.database.em().transactional(async (em) => {
      const stream = await this.store.readStream(streamId, { em });
      const state = foldPlatformInvoice(stream.events);
      const facts = {
        businessPhone,
        businessName: seller?.name ?? '',
        month,
        issuer: this.config.platform,
        vatRatePercent: VAT_RATE_PERCENT,
        issuedAt: request.now.toISOString(),
      };
      const commandWith = (number: number): PlatformInvoiceCommand =>
        state.invoice
          ? { type: 'CreditPlatformInvoice', facts, commissionAgorot, creditNumber: number }
          : { type: 'IssuePlatformInvoice', facts, commissionAgorot, invoiceNumber: number, allocationFor };
      // Decided first without a number: a document that is not due takes none.
      if (platformInvoiceDecider.decide(commandWith(1), state).length === 0) return false;
      const number = await nextNumber(em, state.invoice ? 'credit' : 'invoice');
      const events = platformInvoiceDecider.decide(commandWith(number), state);
      await appendPlatformInvoiceEvents(this.store, em, streamId, stream.version, events, request);
      return true;
    });
  }
}
