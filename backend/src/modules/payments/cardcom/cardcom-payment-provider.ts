import type { CardcomConfig } from '../../../config/config.js';
import {
  assertChargeWithinHold,
  type ChargeHoldRequest,
  type CreditDocumentRequest,
  type CreditDocumentResult,
  type HoldChargeResult,
  type HoldResult,
  type OpenedPaymentPage,
  type OpenHoldPageRequest,
  type OpenPaymentPageRequest,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentResult,
  type RefundRequest,
  type RefundResult,
  type TerminalChoice,
} from '../payment-provider.port.js';
import { CREATE_DOCUMENT_PATH, fromCreateDocumentResponse, toCreateCreditDocument } from './cardcom-credit-document.js';
import {
  fromHoldResult,
  fromTokenCharge,
  isDuplicateCharge,
  toCreateHoldPage,
  toTokenCharge,
  toTransactionByExternalId,
  TRANSACTION_BY_EXTERNAL_ID_PATH,
  TRANSACTION_PATH,
} from './cardcom-hold.js';
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

  /** A CreateTokenOnly page with a J5 authorisation of the hold (decision 057). Card only: no wallet holds. */
  async openHoldPage(request: OpenHoldPageRequest): Promise<OpenedPaymentPage> {
    const body = toCreateHoldPage(request, cardcomTerminal(request.terminal, this.config));
    return fromCreateLowProfileResponse(await this.post(CREATE_PATH, body));
  }

  async getHoldResult(lowProfileId: string, terminal: TerminalChoice, holdAgorot: number): Promise<HoldResult> {
    const body = { ...cardcomTerminal(terminal, this.config), LowProfileId: lowProfileId };
    return fromHoldResult(await this.post(GET_RESULT_PATH, body), lowProfileId, holdAgorot);
  }

  /**
   * Captures the hold with its token and approval number. Our charge id goes as `ExternalUniqTranId`, so a repeat
   * after a lost answer is refused by Cardcom (608) rather than charged again; the first charge is then looked up by
   * the same id and answered.
   */
  async chargeHold(request: ChargeHoldRequest): Promise<HoldChargeResult> {
    assertChargeWithinHold(request);
    const terminal = cardcomTerminal(request.terminal, this.config);
    const answer = await this.post(TRANSACTION_PATH, toTokenCharge(request, terminal));
    if (!isDuplicateCharge(answer)) return fromTokenCharge(answer, request);
    const first = await this.post(
      TRANSACTION_BY_EXTERNAL_ID_PATH,
      toTransactionByExternalId(request.chargeId, terminal),
    );
    const found = fromTokenCharge(first, request);
    // A repeat was refused, so a first transaction exists (charged or declined): a look-up that does not show one
    // leaves the outcome unknown.
    const shown = Number((first as { TranzactionId?: unknown }).TranzactionId) > 0;
    if (found.status !== 'paid' && !shown) {
      throw new PaymentProviderError(
        `Cardcom refused a repeated charge but its look-up answered ResponseCode ${found.responseCode}`,
        found.responseCode ?? undefined,
      );
    }
    return found;
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
