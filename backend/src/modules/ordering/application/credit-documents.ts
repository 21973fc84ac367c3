import { Inject, Injectable, Logger } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader, BusinessSecrets } from '../../accounts/index.js';
import {
  PAYMENT_PROVIDER,
  PaymentProviderError,
  type CreditDocumentRequest,
  type PaymentProvider,
  type TerminalChoice,
} from '../../payments/index.js';
import type { PlacedOrder } from '../domain/order.decider.js';
import { sellerNow, type Seller } from '../domain/seller.js';
import type { ProviderCredit, RefundState } from '../domain/refunds.js';

const PAGE_TERMINAL = preparedStatement<{ terminal: 'business' | 'platform' }>(
  'refund_page_terminal',
  'select terminal from payment_pages where low_profile_id = $1',
);

/**
 * What a refund's credit document needs from outside the order: the terminal that charged (with the business's own
 * ApiPassword, opened for the call), the provider's document (Cardcom's Documents/CreateDocument) and the seller as
 * it is now. Shared by the refund's completion and the owner's second ask for a credit document that failed.
 */
@Injectable()
export class CreditDocuments {
  private readonly logger = new Logger('Refunds');

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly secrets: BusinessSecrets,
    private readonly businesses: BusinessReader,
  ) {}

  /** The terminal that charged: the platform's, or the business's own with its stored (decrypted) ApiPassword. */
  async terminalOf(order: PlacedOrder): Promise<TerminalChoice> {
    const [page] = await this.database.run(PAGE_TERMINAL, [order.payment.lowProfileId]);
    if (!page || page.terminal === 'platform') return { owner: 'platform', credentials: null };
    const terminal = await this.businesses.terminalOf(order.businessPhone);
    if (!terminal) {
      throw new AppError('payment.provider_failed', { message: 'מסוף הסליקה של העסק אינו מוגדר עוד' });
    }
    // No password stored: the provider refuses before calling Cardcom.
    const apiPassword = await this.secrets.cardcomApiPassword(order.businessPhone);
    return {
      owner: 'business',
      credentials: {
        ...terminal,
        ...(apiPassword ? { apiPassword } : {}),
      },
    };
  }

  /** The business as it is now: a credit document prints its block (else the order's seller). */
  async sellerNow(businessPhone: string): Promise<Seller | null> {
    const business = await this.businesses.detailsOf(businessPhone);
    return business ? sellerNow(business) : null;
  }

  /**
   * The provider's credit document, when the order's invoice was the provider's and the provider makes documents
   * (Cardcom). Any failure becomes the reason `CreditFailed` records: the refund itself is done and is recorded.
   */
  async providerCredit(
    order: PlacedOrder,
    refund: RefundState,
    refundTransactionId: string,
    terminal: TerminalChoice,
  ): Promise<ProviderCredit | undefined> {
    if (order.invoice !== 'generated' || order.invoiceSource !== 'provider') return undefined;
    if (!this.provider.createCreditDocument) {
      return { status: 'failed', reason: `${this.provider.name} makes no credit documents` };
    }
    const request: CreditDocumentRequest = {
      refundId: refund.refundId,
      orderNumber: order.orderNumber,
      originalDocumentNumber: order.invoiceNumber,
      refundTransactionId,
      amountAgorot: refund.amountAgorot,
      lines: creditLines(order, refund),
      customerName: order.customerName,
      buyer: order.invoiceFor ?? null,
      terminal,
    };
    try {
      return await this.provider.createCreditDocument(request);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.warn(`credit document of refund ${refund.refundId}: ${error.message}`);
      return { status: 'failed', reason: error.message.slice(0, 300) };
    }
  }
}

/** The refunded lines at the price they were sold for, or one line for an amount. */
function creditLines(order: PlacedOrder, refund: RefundState): CreditDocumentRequest['lines'] {
  const lines = refund.lines
    ?.map((line) => ({ sold: order.lines[line.index], quantity: line.quantity }))
    .filter((line) => line.sold !== undefined)
    .map(({ sold, quantity }) => ({ description: sold!.name, unitPriceAgorot: sold!.unitPriceAgorot, quantity }));
  if (lines && lines.length > 0) return lines;
  return [{ description: `החזר, הזמנה #${order.orderNumber}`, unitPriceAgorot: refund.amountAgorot, quantity: 1 }];
}
