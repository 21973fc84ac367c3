import { Injectable } from '@nestjs/common';
import type { SandboxPageFacts } from './sandbox/sandbox-payment-provider.js';

/** What the order learnt from the provider: paid, failed, or not settled yet. */
export type RecordedPaymentOutcome = 'paid' | 'failed' | 'pending';

/**
 * What payments asks of the orders a payment page belongs to. Ordering implements it (payments may not import
 * ordering, which uses payments' provider), and plugs its implementation into `PaymentOrdersPort` at start.
 */
export interface PaymentOrders {
  /** The provider's result of a page, recorded on its order: the path Cardcom's webhook and the sandbox page take. */
  recordResult(lowProfileId: string, correlationId: string): Promise<RecordedPaymentOutcome>;
  /** A sandbox page's facts worked out again from its order; none for a page that is not a sandbox page of ours. */
  sandboxPageFacts(lowProfileId: string): Promise<SandboxPageFacts | null>;
}

/** The port payments' controllers call; the ordering module connects its implementation when it starts. */
@Injectable()
export class PaymentOrdersPort implements PaymentOrders {
  private orders: PaymentOrders | undefined;

  connect(orders: PaymentOrders): void {
    this.orders = orders;
  }

  recordResult(lowProfileId: string, correlationId: string): Promise<RecordedPaymentOutcome> {
    return this.connected().recordResult(lowProfileId, correlationId);
  }

  sandboxPageFacts(lowProfileId: string): Promise<SandboxPageFacts | null> {
    return this.connected().sandboxPageFacts(lowProfileId);
  }

  private connected(): PaymentOrders {
    if (!this.orders) throw new Error('no module connected the payment orders (the ordering module is missing)');
    return this.orders;
  }
}
