import type { OrderLine, PaymentMethod, PaymentProviderName } from '@tafrit/contracts';

/** Nest injection token of the configured `PaymentProvider`. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** A Cardcom terminal's credentials: the business's own (`cardcomEnabled`) or the platform's. */
export interface TerminalCredentials {
  terminalNumber: string;
  apiName: string;
  /**
   * The terminal's `ApiPassword`, needed only to refund and to make a credit document. The platform's comes from
   * configuration; a business's own is given in Settings and kept encrypted (decision 026): the refund opens it for
   * the call. Absent: such calls are refused before the provider is asked.
   */
  apiPassword?: string;
}

/** Whose terminal a payment runs on; `credentials` null means the provider's platform terminal from configuration. */
export interface TerminalChoice {
  owner: 'business' | 'platform';
  credentials: TerminalCredentials | null;
}

export interface OpenPaymentPageRequest {
  /** Our order id: sent as the provider's `ReturnValue` and checked again on every result. */
  orderId: string;
  orderNumber: number;
  /** The items and the tip together: what the page charges. */
  amountAgorot: number;
  lines: readonly OrderLine[];
  /** The diner's tip inside amountAgorot (0: none); a provider's document shows it as its own line, outside VAT. */
  tipAgorot: number;
  /**
   * How the diner chose to pay: `card` is the provider's page in the frame (with Google Pay inside it when
   * `googlePay`); `bit` asks the provider for its Bit address (Cardcom's `UrlToBit`), which the diner leaves the frame for.
   */
  method: 'card' | 'bit';
  googlePay: boolean;
  business: { phone: string; businessName: string; idNumber: string; email: string; departmentId: string };
  terminal: TerminalChoice;
  /**
   * Ask the provider to issue the tax invoice receipt with the charge (Cardcom's `Document`). Only with the business's
   * own terminal: a document from the platform's terminal would name the platform as the seller.
   */
  issueDocument: boolean;
  /**
   * The business the diner asked the tax document for (issue 32): a provider that issues it names this buyer
   * (Cardcom's `Document.Name` and `Document.TaxId`). Null or absent: a private diner.
   */
  buyer?: { name: string; taxId: string } | null;
  successUrl: string;
  failedUrl: string;
  webhookUrl: string;
  /**
   * The language of the provider's page, the diner's where the provider has it (Cardcom's `Language`: Hebrew,
   * English, Russian; an Arabic reader gets Hebrew). Absent: Hebrew.
   */
  pageLanguage?: ProviderPageLanguage;
}

export type ProviderPageLanguage = 'he' | 'en' | 'ru';

export interface OpenedPaymentPage {
  /** The provider's id of the page (Cardcom's `LowProfileId`). */
  lowProfileId: string;
  /** What the diner's frame loads. */
  url: string;
  /** Where the diner pays with Bit, outside the frame (Cardcom's `UrlToBit`); only when the request asked for Bit. */
  bitUrl?: string;
}

export interface ProviderDocument {
  documentType: string;
  documentNumber: string;
  documentUrl: string | null;
}

/**
 * The provider's own answer about a payment page, asked for on every webhook (the webhook's body is never trusted).
 * `pending`: the diner has not finished; `unknown`: the provider has no such page.
 */
export type PaymentResult =
  | {
      status: 'paid';
      lowProfileId: string;
      returnValue: string | null;
      transactionId: string;
      approvalNumber: string | null;
      last4: string | null;
      brand: string | null;
      amountAgorot: number;
      document: ProviderDocument | null;
      /** How the diner paid, as the provider reports it. */
      method: PaymentMethod;
    }
  | {
      status: 'failed';
      lowProfileId: string;
      returnValue: string | null;
      responseCode: string | null;
      reason: string;
    }
  | { status: 'pending'; lowProfileId: string; returnValue: string | null }
  | { status: 'unknown'; lowProfileId: string };

/** Money back on a paid charge. `refundId` is ours and the refund's key end to end. */
export interface RefundRequest {
  refundId: string;
  /** The page that was paid and its charge, as the order recorded them. */
  lowProfileId: string;
  transactionId: string;
  amountAgorot: number;
  /** The charge's whole amount: a refund of all of it is a cancellation, not a partial refund. */
  paidAgorot: number;
  /** Whether an earlier refund of this charge was made (Cardcom refuses a second one unless told to allow it). */
  followsAnother: boolean;
  terminal: TerminalChoice;
}

/** `refunded`: the money went back; `failed`: the provider refused (nothing moved, the refund may be tried again). */
export type RefundResult =
  | { status: 'refunded'; providerRefundId: string; amountAgorot: number }
  | { status: 'failed'; responseCode: string | null; reason: string };

/**
 * A refund's credit tax document made by the provider, for an order whose invoice the provider made (Cardcom's
 * `Documents/CreateDocument` with the refund document type). `refundTransactionId` is the refund's own transaction.
 */
export interface CreditDocumentRequest {
  refundId: string;
  orderNumber: number;
  /** The original invoice's document type and number, as the provider named them. */
  originalDocumentNumber: string | null;
  refundTransactionId: string;
  amountAgorot: number;
  /** What is credited: the refunded lines, or one line for an amount. */
  lines: { description: string; unitPriceAgorot: number; quantity: number }[];
  customerName: string | null;
  /** The buyer the order's invoice named (issue 32): the credit document names it too. Null or absent: none. */
  buyer?: { name: string; taxId: string } | null;
  terminal: TerminalChoice;
}

export type CreditDocumentResult =
  | { status: 'issued'; documentType: string; documentNumber: string; documentUrl: string | null }
  | { status: 'failed'; reason: string };

/**
 * A page that holds an amount on the diner's card without charging it (issue 34, "pay at the end"): an issuer's
 * authorisation (Cardcom's J5) made when a tab opens, charged for what is owed when it closes. Like a payment page,
 * but an amount to hold, the card only (no wallet can hold), and no document (nothing is sold yet).
 */
export interface OpenHoldPageRequest {
  /** Our order (the tab) id: the provider's `ReturnValue`, checked again on every result. */
  orderId: string;
  orderNumber: number;
  /** What the issuer is asked to authorise: the most the tab may charge later. */
  holdAgorot: number;
  business: { phone: string; businessName: string; idNumber: string; email: string; departmentId: string };
  terminal: TerminalChoice;
  successUrl: string;
  failedUrl: string;
  webhookUrl: string;
  pageLanguage?: ProviderPageLanguage;
}

/**
 * The provider's answer about a hold page. `held` carries what charging it needs: `token` and `approvalNumber` are
 * the card's stand-in and the issuer's authorisation. The token charges the card without the diner: a secret to be
 * kept sealed at rest (as decision 026 seals a terminal's password) and never logged, never shown, never sent to a
 * browser. The other cases are `PaymentResult`'s.
 */
export type HoldResult =
  | {
      status: 'held';
      lowProfileId: string;
      returnValue: string | null;
      token: string;
      /** The day the provider deletes the token (Cardcom's `TokenExDate`), `YYYY-MM-DD`; null when not said. */
      tokenExpiresOn: string | null;
      /** The issuer's approval of the hold, which the charge captures (Cardcom's `TokenApprovalNumber`). */
      approvalNumber: string;
      /** The card's expiry as `MMYY` when the provider reports it (Cardcom's token charge sends it); else null. */
      cardExpiry: string | null;
      last4: string | null;
      brand: string | null;
      /** The amount held: the provider's when it reports one, else the amount the page was opened for. */
      holdAgorot: number;
    }
  | Exclude<PaymentResult, { status: 'paid' }>;

/** Charging a held card for what is owed (at most the hold, once). */
export interface ChargeHoldRequest {
  /**
   * Our key of this charge (a UUID), sent so that asking again after a lost answer answers the first charge rather
   * than making a second (Cardcom's `ExternalUniqTranId`).
   */
  chargeId: string;
  orderId: string;
  orderNumber: number;
  /** The hold's page, as its result named it. */
  lowProfileId: string;
  token: string;
  approvalNumber: string;
  cardExpiry?: string | null;
  /** The amount held, as the hold's result gave it: the charge is refused above it before the provider is asked. */
  holdAgorot: number;
  /** What is charged: the lines and the tip together, more than 0 and at most `holdAgorot`. */
  amountAgorot: number;
  lines: readonly OrderLine[];
  tipAgorot: number;
  /** As `OpenPaymentPageRequest.issueDocument`: only on the business's own terminal. */
  issueDocument: boolean;
  buyer?: { name: string; taxId: string } | null;
  terminal: TerminalChoice;
}

/**
 * A hold's charge: `paid` as a payment page's (its `lowProfileId` is what a refund of it names: Cardcom's hold page,
 * the sandbox's charge record) or `failed` (nothing charged). Throws `PaymentProviderError` when the outcome is
 * unknown: ask again with the same `chargeId`.
 */
export type HoldChargeResult = Extract<PaymentResult, { status: 'paid' | 'failed' }>;

/** The refusal of a charge the hold cannot cover, before any provider is asked. */
export class HoldChargeRefused extends Error {
  readonly code = 'payment.hold_charge_refused';

  constructor(message: string) {
    super(message);
    this.name = 'HoldChargeRefused';
  }
}

/** Throws `HoldChargeRefused` for an amount that is not a whole positive number of agorot or is above the hold. */
export function assertChargeWithinHold({
  amountAgorot,
  holdAgorot,
}: Pick<ChargeHoldRequest, 'amountAgorot' | 'holdAgorot'>): void {
  if (!Number.isSafeInteger(holdAgorot) || holdAgorot <= 0) {
    throw new HoldChargeRefused(`the hold of ${holdAgorot} agorot is not a positive whole amount`);
  }
  if (!Number.isSafeInteger(amountAgorot) || amountAgorot <= 0) {
    throw new HoldChargeRefused(`a hold is charged a positive whole amount of agorot, not ${amountAgorot}`);
  }
  if (amountAgorot > holdAgorot) {
    throw new HoldChargeRefused(`${amountAgorot} agorot is above the hold of ${holdAgorot}`);
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens a hosted payment page for the order; throws `PaymentProviderError` when the provider fails or refuses. */
  openPaymentPage(request: OpenPaymentPageRequest): Promise<OpenedPaymentPage>;
  /** The provider's verdict on a page; throws `PaymentProviderError` when it cannot be asked (the caller retries). */
  getResult(lowProfileId: string, terminal: TerminalChoice): Promise<PaymentResult>;
  /**
   * Returns money on a charge. Throws `PaymentProviderError` when the outcome is unknown (unreachable, timed out):
   * the refund stays requested and is completed later.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Whether asking again with the same `refundId` is answered with the first refund rather than making a second.
   * Only then may a refund whose answer was lost (a crash after the call) be asked for again automatically.
   */
  readonly refundsIdempotent: boolean;
  /**
   * Only a provider that makes tax documents (Cardcom): the credit document of a refund of such an order. Throws
   * `PaymentProviderError` when the provider cannot be asked.
   */
  createCreditDocument?(request: CreditDocumentRequest): Promise<CreditDocumentResult>;
  /** Opens a page that holds `holdAgorot` on the diner's card; throws `PaymentProviderError` as `openPaymentPage`. */
  openHoldPage(request: OpenHoldPageRequest): Promise<OpenedPaymentPage>;
  /**
   * The provider's verdict on a hold page. `holdAgorot` is what the page was opened for (Cardcom's answer does not
   * repeat it). A payment page asked here is `unknown`, as a hold page asked of `getResult` is.
   */
  getHoldResult(lowProfileId: string, terminal: TerminalChoice, holdAgorot: number): Promise<HoldResult>;
  /**
   * Charges a held card once, for at most the hold; the rest of the hold lapses at the issuer (no provider has a
   * release). Throws `HoldChargeRefused` before any call for an amount the hold cannot cover.
   */
  chargeHold(request: ChargeHoldRequest): Promise<HoldChargeResult>;
}

/** The provider could not be reached or answered with an error: nothing about the payment is known from it. */
export class PaymentProviderError extends Error {
  readonly code = 'payment.provider_failed';

  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
