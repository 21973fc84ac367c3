// Holding a card and charging the hold on Cardcom REST API v11 (issue 34, "pay at the end"), spelled as its OpenAPI
// definition spells it. The hold is `LowProfile/Create` with `Operation: CreateTokenOnly` and
// `AdvancedDefinition.JValidateType: 5` (J5, an issuer's authorisation); its result is `LowProfileResult.TokenInfo`
// (`Token`, `TokenExDate`, `TokenApprovalNumber`: "Issuer approval number for capture operation"). The charge is
// `Transactions/Transaction` with the `Token` and `Advanced.ApprovalNumber` ("capture an J5 (authoriz) request").
// `SuspendedDeal` is not used: its result carries only a `SuspendedDealId` that no operation of the definition takes
// (decision 057). Pure translations, checked against the definition by cardcom-hold.spec.ts.
//
// The token charges the card without its holder: it is never put in an error message or a log line here.
import { z } from 'zod';
import {
  PaymentProviderError,
  type ChargeHoldRequest,
  type HoldChargeResult,
  type HoldResult,
  type OpenHoldPageRequest,
  type ProviderDocument,
  type ProviderPageLanguage,
} from '../payment-provider.port.js';
import {
  describe,
  documentBuyer,
  documentProducts,
  isEmptyGuid,
  last4,
  parseLpResult,
  optionalText,
  shekels,
  transactionInfoSchema,
  type CardcomProductLine,
  type CardcomTerminal,
} from './cardcom-mapping.js';

export const TRANSACTION_PATH = '/api/v11/Transactions/Transaction';
export const TRANSACTION_BY_EXTERNAL_ID_PATH = '/api/v11/Transactions/GetTransactionByExternalUniqTran';

/** The definition's `JValidateType` is an integer enum: 2 (J2, a card check) or 5 (J5, an authorisation). */
export const J5 = 5;
/** Cardcom's answer to a repeated `ExternalUniqTranId` (the definition's description of the field names it). */
export const DUPLICATE_EXTERNAL_ID_CODE = 608;
/** `TransactionInfo.ResponseCode` 700 and 701: "success for J2 and J5 transaction", an authorisation, not a charge. */
const AUTHORISATION_CODES = new Set([700, 701]);

export interface CardcomCreateHoldPage extends CardcomTerminal {
  Operation: 'CreateTokenOnly';
  ReturnValue: string;
  Amount: number;
  SuccessRedirectUrl: string;
  FailedRedirectUrl: string;
  WebHookUrl: string;
  ProductName: string;
  Language: ProviderPageLanguage;
  ISOCoinId: 1;
  AdvancedDefinition: { JValidateType: typeof J5 };
}

export interface CardcomTokenCharge extends CardcomTerminal {
  Amount: number;
  Token: string;
  /** `MMYY`, as the definition's token-charge examples send it; absent when the hold did not report the expiry. */
  CardExpirationMMYY?: string;
  /** Our charge id: Cardcom refuses a second transaction with it (608) instead of charging twice. */
  ExternalUniqTranId: string;
  ISOCoinId: 1;
  Advanced: { ApprovalNumber: string };
  Document?: {
    DocumentTypeToCreate: 'TaxInvoiceAndReceipt';
    Name: string;
    TaxId?: string;
    IsSendByEmail: false;
    /** The definition spells `DocumentTran`'s language so. */
    Languge: 'he';
    Products: CardcomProductLine[];
  };
}

export interface CardcomTransactionByExternalId extends CardcomTerminal {
  ExternalUniqTranId: string;
}

/** What the hold page says it is for, in the page's language (the card holder reads it before approving). */
function holdProductName(orderNumber: number, language: ProviderPageLanguage): string {
  if (language === 'en') return `Card hold, order #${orderNumber}`;
  if (language === 'ru') return `Блокировка суммы, заказ №${orderNumber}`;
  return `תפיסת מסגרת, הזמנה #${orderNumber}`;
}

export function toCreateHoldPage(request: OpenHoldPageRequest, terminal: CardcomTerminal): CardcomCreateHoldPage {
  if (!Number.isSafeInteger(request.holdAgorot) || request.holdAgorot <= 0) {
    throw new PaymentProviderError(`a hold of ${request.holdAgorot} agorot is not a positive whole amount`);
  }
  const language = request.pageLanguage ?? 'he';
  return {
    ...terminal,
    Operation: 'CreateTokenOnly',
    ReturnValue: request.orderId,
    Amount: shekels(request.holdAgorot),
    SuccessRedirectUrl: request.successUrl,
    FailedRedirectUrl: request.failedUrl,
    WebHookUrl: request.webhookUrl,
    ProductName: holdProductName(request.orderNumber, language),
    Language: language,
    ISOCoinId: 1,
    AdvancedDefinition: { JValidateType: J5 },
  };
}

const tokenInfoSchema = z.object({
  Token: z.string().nullish(),
  TokenExDate: optionalText,
  CardYear: z.number().int().nullish().catch(null),
  CardMonth: z.number().int().nullish().catch(null),
  TokenApprovalNumber: optionalText,
});

const holdResultSchema = z.object({
  ResponseCode: z.number().int(),
  Description: optionalText,
  LowProfileId: z.string().nullish(),
  ReturnValue: z.string().nullish(),
  Operation: optionalText,
  TokenInfo: tokenInfoSchema.nullish(),
  TranzactionInfo: transactionInfoSchema.nullish().catch(null),
  IssuerAuthCodeDescription: optionalText,
});

/**
 * Cardcom's GetLpResult of a hold page as our verdict:
 * - a page of another operation is `unknown` (a payment page is no hold);
 * - a transaction reported with a code other than 0, 700 or 701 is the card refused: `failed`;
 * - `TokenInfo` with a token and the issuer's approval under ResponseCode 0 is `held`; a token without an approval
 *   number is `failed`, since nothing was authorised that a charge could capture;
 * - otherwise as a payment page: no token yet is `pending` while Cardcom knows the page, `unknown` when it does not.
 * `holdAgorot` is the amount the page was opened for: `TokenInfo` does not repeat it.
 */
export function fromHoldResult(body: unknown, lowProfileId: string, holdAgorot: number): HoldResult {
  const result = parseLpResult(holdResultSchema, body, lowProfileId);
  if (result.Operation && result.Operation !== 'CreateTokenOnly') return { status: 'unknown', lowProfileId };
  const returnValue = result.ReturnValue || null;
  const transaction = result.TranzactionInfo;
  if (transaction && transaction.ResponseCode !== 0 && !AUTHORISATION_CODES.has(transaction.ResponseCode)) {
    return {
      status: 'failed',
      lowProfileId,
      returnValue,
      responseCode: String(transaction.ResponseCode),
      reason: describe(
        transaction.Description ?? transaction.IssuerAuthCodeDescription ?? result.IssuerAuthCodeDescription,
      ),
    };
  }
  const token = result.TokenInfo?.Token;
  if (!token || isEmptyGuid(token)) {
    if (result.ResponseCode === 0 || returnValue) return { status: 'pending', lowProfileId, returnValue };
    return { status: 'unknown', lowProfileId };
  }
  if (result.ResponseCode !== 0) {
    throw new PaymentProviderError(
      `Cardcom reported a token under a failed look-up (ResponseCode ${result.ResponseCode})`,
      String(result.ResponseCode),
    );
  }
  const info = result.TokenInfo!;
  if (!info.TokenApprovalNumber) {
    return {
      status: 'failed',
      lowProfileId,
      returnValue,
      responseCode: null,
      reason: 'Cardcom made a token without the issuer approval (no J5 hold to capture)',
    };
  }
  return {
    status: 'held',
    lowProfileId,
    returnValue,
    token,
    tokenExpiresOn: isoDay(info.TokenExDate),
    approvalNumber: info.TokenApprovalNumber,
    cardExpiry: mmyy(info.CardMonth, info.CardYear),
    last4: transaction ? last4(transaction.Last4CardDigitsString, transaction.Last4CardDigits) : null,
    brand: transaction?.Brand || null,
    holdAgorot: transaction?.Amount ? Math.round(transaction.Amount * 100) : holdAgorot,
  };
}

/** `TokenExDate` is `yyyyMMdd`; anything else is not a date we can keep. */
function isoDay(text: string | null | undefined): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? null : `${year}-${month}-${day}`;
}

/** The card's expiry as `MMYY` from the token's month and year (a four-digit year or two). */
function mmyy(month: number | null | undefined, year: number | null | undefined): string | null {
  if (!month || month < 1 || month > 12 || year == null || year < 0) return null;
  return `${String(month).padStart(2, '0')}${String(year % 100).padStart(2, '0')}`;
}

/**
 * The charge of a hold: the token and the hold's approval number (a capture), our charge id as `ExternalUniqTranId`,
 * and the tax invoice receipt of what is charged when asked (only on the business's own terminal). The amount is
 * checked against the hold by the caller before this is built.
 */
export function toTokenCharge(request: ChargeHoldRequest, terminal: CardcomTerminal): CardcomTokenCharge {
  const body: CardcomTokenCharge = {
    ...terminal,
    Amount: shekels(request.amountAgorot),
    Token: request.token,
    ...(request.cardExpiry && /^\d{4}$/.test(request.cardExpiry) ? { CardExpirationMMYY: request.cardExpiry } : {}),
    ExternalUniqTranId: request.chargeId,
    ISOCoinId: 1,
    Advanced: { ApprovalNumber: request.approvalNumber },
  };
  if (!request.issueDocument) return body;
  if (request.terminal.owner !== 'business') {
    throw new Error('Cardcom documents are issued only on the business own terminal');
  }
  body.Document = {
    DocumentTypeToCreate: 'TaxInvoiceAndReceipt',
    ...documentBuyer(request.buyer),
    IsSendByEmail: false,
    Languge: 'he',
    Products: documentProducts(request),
  };
  return body;
}

export function toTransactionByExternalId(chargeId: string, terminal: CardcomTerminal): CardcomTransactionByExternalId {
  return { ...terminal, ExternalUniqTranId: chargeId };
}

/** Whether Cardcom refused the charge as a repeat of its `ExternalUniqTranId` (the first one is then looked up). */
export function isDuplicateCharge(body: unknown): boolean {
  return (body as { ResponseCode?: unknown } | null)?.ResponseCode === DUPLICATE_EXTERNAL_ID_CODE;
}

/**
 * Cardcom's `TransactionInfo` answer to the charge (or to its look-up by our id) as the hold's charge:
 * ResponseCode 0 with the transaction's id and amount is `paid`; 700/701 is an authorisation that charged nothing,
 * and any other code a refusal: both `failed`, nothing charged.
 */
export function fromTokenCharge(
  body: unknown,
  request: Pick<ChargeHoldRequest, 'lowProfileId' | 'orderId'>,
): HoldChargeResult {
  const parsed = transactionInfoSchema.safeParse(body);
  if (!parsed.success) throw new PaymentProviderError('Cardcom Transactions/Transaction answered an unexpected shape');
  const transaction = parsed.data;
  const base = { lowProfileId: request.lowProfileId, returnValue: request.orderId };
  if (transaction.ResponseCode !== 0) {
    const authorisedOnly = AUTHORISATION_CODES.has(transaction.ResponseCode);
    return {
      status: 'failed',
      ...base,
      responseCode: String(transaction.ResponseCode),
      reason: authorisedOnly
        ? `Cardcom answered an authorisation (${transaction.ResponseCode}), not a charge`
        : describe(transaction.Description ?? transaction.IssuerAuthCodeDescription),
    };
  }
  if (!transaction.TranzactionId || transaction.Amount == null) {
    throw new PaymentProviderError('Cardcom reported an approved charge without its transaction id or amount', '0');
  }
  return {
    status: 'paid',
    ...base,
    transactionId: String(transaction.TranzactionId),
    approvalNumber: transaction.ApprovalNumber || null,
    last4: last4(transaction.Last4CardDigitsString, transaction.Last4CardDigits),
    brand: transaction.Brand || null,
    amountAgorot: Math.round(transaction.Amount * 100),
    document: chargeDocument(transaction),
    method: 'card',
  };
}

function chargeDocument(transaction: z.infer<typeof transactionInfoSchema>): ProviderDocument | null {
  const number = transaction.DocumentNumber;
  if (!number || number <= 0 || transaction.DocumentType === 'Error') return null;
  return {
    // Only TaxInvoiceAndReceipt is asked for: losing the type must not lose the document.
    documentType: transaction.DocumentType || 'TaxInvoiceAndReceipt',
    documentNumber: String(number),
    documentUrl: transaction.DocumentUrl && URL.canParse(transaction.DocumentUrl) ? transaction.DocumentUrl : null,
  };
}
