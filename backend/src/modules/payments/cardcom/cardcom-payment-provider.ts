import type { CardcomConfig } from '../../../config/config.js';
import {
  type CreditDocumentRequest,
  type CreditDocumentResult,
  type OpenedPaymentPage,
  type OpenPaymentPageRequest,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentResult,
  type RefundRequest,
  type RefundResult,
  type TerminalChoice,
} from '../payment-provider.port.js';
import { CREATE_DOCUMENT_PATH, fromCreateDocumentResponse, toCreateCreditDocument } from './cardcom-credit-document.js';
import { fromRefundResponse, REFUND_PATH, toRefundByTransactionId } from './cardcom-refund.js';
import { createCardcomClient, type CardcomClient } from './cardcom-client.js';
import {
  CREATE_PATH,
  GET_RESULT_PATH,
  cardcomTerminal,
  fromCreateLowProfileResponse,
  fromLowProfileResult,
  toCreateLowProfile,
} from './cardcom-mapping.js';

/**
 * Cardcom REST API v11 hosted payment pages (LowProfile) and refunds. Charges on the business's own terminal when it
 * has one, else on the platform's; the API password is sent only with a refund, the one call that needs it.
 */
export class CardcomPaymentProvider implements PaymentProvider {
  readonly name = 'cardcom' as const;
  /** RefundByTransactionId takes no key of ours: a lost answer is never asked again blindly (decision 024). */
  readonly refundsIdempotent = false;
  private readonly post: CardcomClient;

  constructor(
    private readonly config: CardcomConfig,
    options: { fetch?: typeof fetch; timeoutMs?: number } = {},
  ) {
    this.post = createCardcomClient({ apiUrl: config.apiUrl, ...options });
  }

  async openPaymentPage(request: OpenPaymentPageRequest): Promise<OpenedPaymentPage> {
    const body = toCreateLowProfile(request, cardcomTerminal(request.terminal, this.config));
    return fromCreateLowProfileResponse(await this.post(CREATE_PATH, body), request.method === 'bit');
  }

  async getResult(lowProfileId: string, terminal: TerminalChoice): Promise<PaymentResult> {
    const body = { ...cardcomTerminal(terminal, this.config), LowProfileId: lowProfileId };
    return fromLowProfileResult(await this.post(GET_RESULT_PATH, body), lowProfileId);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const terminal = cardcomTerminal(request.terminal, this.config);
    const body = toRefundByTransactionId(request, terminal, this.passwordOf(request.terminal));
    return fromRefundResponse(await this.post(REFUND_PATH, body), request.amountAgorot);
  }

  async createCreditDocument(request: CreditDocumentRequest): Promise<CreditDocumentResult> {
    const terminal = cardcomTerminal(request.terminal, this.config);
    const body = toCreateCreditDocument(request, terminal, this.passwordOf(request.terminal));
    return fromCreateDocumentResponse(await this.post(CREATE_DOCUMENT_PATH, body));
  }

  /** The platform's password from configuration; a business's own terminal brings its own (opened for this call). */
  private passwordOf(choice: TerminalChoice): string {
    const password = choice.credentials ? choice.credentials.apiPassword : this.config.apiPassword;
    if (!password) {
      throw new PaymentProviderError(`Cardcom ApiPassword of the ${choice.owner} terminal is not configured`);
    }
    return password;
  }
}
