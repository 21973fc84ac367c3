import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import { sandboxPageFacts, type SandboxPageFacts } from '../../payments/index.js';
import type { OrderState } from '../domain/order.decider.js';
import { paymentPageAddresses } from './payment-page-request.js';

const PAGE_ORDER = preparedStatement<{ state: OrderState | null }>(
  'sandbox_page_order',
  `select o.state from payment_pages p join orders o on o.id = p.order_id
    where p.low_profile_id = $1 and p.provider = 'sandbox'`,
);

/**
 * A sandbox page's facts worked out again from its order (decision 015): the page has no row until a card is tried,
 * and the process that opened it keeps them in memory, so this is asked only after a restart or on another instance.
 * None for a page that is not a sandbox page of ours, or an order too old to hold its seller (those pages got their
 * row when they opened).
 */
@Injectable()
export class SandboxPageFactsReader {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async of(lowProfileId: string): Promise<SandboxPageFacts | null> {
    const [row] = await this.database.run(PAGE_ORDER, [lowProfileId]);
    const state = row?.state;
    if (!state?.placed || !state.seller) return null;
    return sandboxPageFacts({
      orderId: state.orderId,
      orderNumber: state.orderNumber,
      amountAgorot: state.totalAgorot,
      businessName: state.seller.name,
      ...paymentPageAddresses(this.config, state.departmentId),
      // Google Pay's button is known only to the process that opened the page (the order does not record it).
      method: state.payment.pages.find((page) => page.lowProfileId === lowProfileId)?.method ?? 'card',
    });
  }
}
