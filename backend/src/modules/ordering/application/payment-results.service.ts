import { Inject, Injectable, Logger } from '@nestjs/common';
import { orderEventSchemaVersions, orderStreamId } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/event-store/postgres/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessEntity } from '../../accounts/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type TerminalChoice } from '../../payments/index.js';
import { orderDecider } from '../domain/order.decider.js';
import { PaymentMismatchError } from '../domain/order.errors.js';

export type RecordedOutcome = 'paid' | 'failed' | 'pending';

interface PageRow {
  order_id: string;
  provider: string;
  terminal: 'business' | 'platform';
  business_id: string;
}

/**
 * The one path every payment result takes (Cardcom's webhook, the sandbox page after a card, the thank-you page's
 * check): find the page we opened, ask the provider itself for the result, compare it with the order and record it
 * through the order aggregate with the expected version. Replayed, duplicated, concurrent or out-of-order calls decide
 * nothing new: the aggregate knows the payment's state.
 */
@Injectable()
export class PaymentResults {
  private readonly logger = new Logger('PaymentResults');

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async verifyAndRecord(lowProfileId: string, correlationId: string): Promise<RecordedOutcome> {
    const [page] = await query<PageRow>(
      this.database.em(),
      `select p.order_id, p.provider, p.terminal, o.business_id from payment_pages p join orders o on o.id = p.order_id
        where p.low_profile_id = ?`,
      [lowProfileId],
    );
    if (!page) throw new AppError('payment.unknown');
    if (page.provider !== this.provider.name) {
      throw new AppError('payment.unknown', { message: `page of provider ${page.provider} is not ours to verify` });
    }

    const result = await this.provider.getResult(lowProfileId, await this.terminalOf(page));
    if (result.status === 'unknown') throw new AppError('payment.unknown');
    if (result.returnValue !== null && result.returnValue !== page.order_id) {
      this.logger.error(`payment page ${lowProfileId} returned ${result.returnValue}, expected ${page.order_id}`);
      throw new AppError('payment.verification_failed');
    }
    if (result.status === 'pending') return 'pending';

    const now = new Date().toISOString();
    const command =
      result.status === 'paid'
        ? ({
            type: 'RecordPayment',
            data: {
              provider: this.provider.name,
              lowProfileId,
              transactionId: result.transactionId,
              approvalNumber: result.approvalNumber,
              last4: result.last4,
              brand: result.brand,
              amountAgorot: result.amountAgorot,
              document: result.document,
              now,
            },
          } as const)
        : ({
            type: 'RecordPaymentFailure',
            data: {
              provider: this.provider.name,
              lowProfileId,
              responseCode: result.responseCode,
              reason: result.reason,
              now,
            },
          } as const);
    try {
      await handleCommand({
        store: this.store,
        streamId: orderStreamId(page.order_id),
        decider: orderDecider,
        schemaVersions: orderEventSchemaVersions,
        command,
        metadata: { correlationId, actor: { kind: 'system', id: `payments:${this.provider.name}` }, occurredAt: now },
      });
    } catch (error) {
      if (error instanceof PaymentMismatchError) {
        // Money moved that does not match the order: loud in the logs, and nothing recorded.
        this.logger.error(`payment ${lowProfileId} for order ${page.order_id} refused: ${error.message}`);
        throw new AppError('payment.verification_failed');
      }
      throw error;
    }
    return result.status;
  }

  private async terminalOf(page: PageRow): Promise<TerminalChoice> {
    if (page.terminal === 'platform') return { owner: 'platform', credentials: null };
    const business = await this.database.em().findOne(BusinessEntity, { phone: page.business_id });
    if (!business?.cardcomTerminalNumber || !business.cardcomApiName) {
      throw new AppError('payment.provider_failed', { message: 'the business terminal is no longer configured' });
    }
    return {
      owner: 'business',
      credentials: { terminalNumber: business.cardcomTerminalNumber, apiName: business.cardcomApiName },
    };
  }
}
