// Pure translations between our payment port and Cardcom's REST API v11 bodies, spelled as Cardcom's OpenAPI
// definition spells them (`TranzactionInfo`, `TranzactionId`, `ISOCoinId`). No I/O here, so every case is unit-tested.
import { z } from 'zod';
import { lineWithChoices, truncateCodePoints, withoutDirectionControls, type PaymentMethod } from '@tafrit/contracts';
import type { CardcomConfig } from '../../../config/config.js';
import {
  PaymentProviderError,
  type OpenedPaymentPage,
  type OpenPaymentPageRequest,
  type PaymentResult,
  type ProviderDocument,
  type TerminalChoice,
} from '../payment-provider.port.js';

export const CREATE_PATH = '/api/v11/LowProfile/Create';
export const GET_RESULT_PATH = '/api/v11/LowProfile/GetLpResult';

/** Cardcom's `Document.Name` is the customer the document is made out to; a diner is anonymous to us. */
export const WALK_IN_CUSTOMER = 'לקוח מזדמן';

/** Cardcom's definition bounds `Document.Name` (DocumentBase) to 50 characters. */
const DOCUMENT_NAME_MAX = 50;

/**
 * Who Cardcom's document is made out to: the business the diner asked for (issue 32), by its name (cut to what the
 * definition takes, without direction controls) and its number; else the walk-in customer.
 */
export function documentBuyer(
  buyer: { name: string; taxId: string } | null | undefined,
  otherwise: string = WALK_IN_CUSTOMER,
): { Name: string; TaxId?: string } {
  const name = buyer ? truncateCodePoints(withoutDirectionControls(buyer.name).trim(), DOCUMENT_NAME_MAX) : '';
  if (!buyer || !name) return { Name: otherwise };
  return { Name: name, TaxId: buyer.taxId };
}

export interface CardcomTerminal {
  TerminalNumber: number;
  ApiName: string;
}

export interface CardcomProductLine {
  Description: string;
  UnitCost: number;
  Quantity: number;
  TotalLineCost: number;
  /** The tip's line: outside the document's VAT base (decision 027). */
  IsVatFree?: boolean;
}

/** The tip's line on Cardcom's document. */
export const TIP_LINE_DESCRIPTION = 'תשר (טיפ)';
/** The promo code's discount on Cardcom's document (issue 33): one negative line below the items. */
export const DISCOUNT_LINE_DESCRIPTION = 'הנחה (קוד קופון)';

export interface CardcomCreateLowProfile extends CardcomTerminal {
  Operation: 'ChargeOnly';
  ReturnValue: string;
  Amount: number;
  SuccessRedirectUrl: string;
  FailedRedirectUrl: string;
  WebHookUrl: string;
  ProductName: string;
  Language: 'he' | 'en' | 'ru';
  ISOCoinId: 1;
  /** Only the Google Pay button's look: Cardcom shows the button when it enabled Google Pay on the terminal. */
  UIDefinition?: {
    GooglePayBtnDesign: { ButtonColor: 'Black'; ButtonType: 'Pay'; ButtonLocale: GooglePayLocale };
  };
  Document?: {
    DocumentTypeToCreate: 'TaxInvoiceAndReceipt';
    Name: string;
    /** The buyer's ח.פ. or עוסק מורשה number (issue 32); absent for a private diner. */
    TaxId?: string;
    Language: 'he';
    Products: CardcomProductLine[];
  };
}

export interface CardcomGetLpResult extends CardcomTerminal {
  LowProfileId: string;
}

/** The business's own terminal when it has one, else the platform's from configuration. */
export function cardcomTerminal(choice: TerminalChoice, config: CardcomConfig): CardcomTerminal {
  const { terminalNumber, apiName } = choice.credentials ?? config;
  const number = Number(terminalNumber);
  // The definition types TerminalNumber as int32: a bad stored value must fail here, not as a Cardcom 400.
  if (!/^\d{1,10}$/.test(terminalNumber) || number > 2 ** 31 - 1) {
    throw new PaymentProviderError(`Cardcom terminal number is not a valid int32 (${choice.owner} terminal)`);
  }
  return { TerminalNumber: number, ApiName: apiName };
}

/** Agorot to shekels as Cardcom's decimal `Amount`: 1050 => 10.5. */
export function shekels(agorot: number): number {
  return Number((agorot / 100).toFixed(2));
}

/** The Google Pay button's language (the definition's ButtonLocale names), the page's own. */
type GooglePayLocale = 'Hebrew' | 'English' | 'Russian';
const GOOGLE_PAY_LOCALE: Record<'he' | 'en' | 'ru', GooglePayLocale> = {
  he: 'Hebrew',
  en: 'English',
  ru: 'Russian',
};

/** What the payment page says it charges for, in the page's language. */
function productName(orderNumber: number, language: 'he' | 'en' | 'ru'): string {
  if (language === 'en') return `Order #${orderNumber}`;
  if (language === 'ru') return `Заказ №${orderNumber}`;
  return `הזמנה #${orderNumber}`;
}

export function toCreateLowProfile(
  request: OpenPaymentPageRequest,
  terminal: CardcomTerminal,
): CardcomCreateLowProfile {
  const body: CardcomCreateLowProfile = {
    ...terminal,
    Operation: 'ChargeOnly',
    ReturnValue: request.orderId,
    Amount: shekels(request.amountAgorot),
    SuccessRedirectUrl: request.successUrl,
    FailedRedirectUrl: request.failedUrl,
    WebHookUrl: request.webhookUrl,
    ProductName: productName(request.orderNumber, request.pageLanguage ?? 'he'),
    Language: request.pageLanguage ?? 'he',
    ISOCoinId: 1,
  };
  if (request.googlePay) {
    body.UIDefinition = {
      GooglePayBtnDesign: {
        ButtonColor: 'Black',
        ButtonType: 'Pay',
        ButtonLocale: GOOGLE_PAY_LOCALE[request.pageLanguage ?? 'he'],
      },
    };
  }
  if (!request.issueDocument) return body;
  // A document from the platform's terminal would name the platform as the seller (the port's rule, enforced here
  // too because the mistake would be a tax document in someone else's name).
  if (request.terminal.owner !== 'business') {
    throw new Error('Cardcom documents are issued only on the business own terminal');
  }
  const lines = documentProducts(request);
  body.Document = {
    DocumentTypeToCreate: 'TaxInvoiceAndReceipt',
    ...documentBuyer(request.buyer),
    Language: 'he',
    Products: lines,
  };
  return body;
}

/**
 * The document's product lines for a charge of `amountAgorot`: one per order line, a promo code's discount, then the
 * tip outside VAT. Throws when they do not add up to the charge (Cardcom would refuse the document).
 */
export function documentProducts(
  request: Pick<OpenPaymentPageRequest, 'lines' | 'tipAgorot' | 'amountAgorot'>,
): CardcomProductLine[] {
  const lines: CardcomProductLine[] = request.lines.map((line) => ({
    // The choices belong to the line's description: its price already includes them.
    Description: lineWithChoices(line.name, line.options).slice(0, 250),
    UnitCost: shekels(line.unitPriceAgorot),
    Quantity: line.quantity,
    TotalLineCost: shekels(line.unitPriceAgorot * line.quantity),
  }));
  // A promo code's discount (issue 33) is one line of its own, below the items it was taken off, inside the VAT base.
  const discount = request.lines.reduce((sum, line) => sum + (line.discountAgorot ?? 0), 0);
  if (discount > 0) {
    lines.push({
      Description: DISCOUNT_LINE_DESCRIPTION,
      UnitCost: -shekels(discount),
      Quantity: 1,
      TotalLineCost: -shekels(discount),
    });
  }
  const tip = request.tipAgorot;
  if (tip > 0) {
    lines.push({
      Description: TIP_LINE_DESCRIPTION,
      UnitCost: shekels(tip),
      Quantity: 1,
      TotalLineCost: shekels(tip),
      IsVatFree: true,
    });
  }
  // Cardcom refuses a document whose lines do not add up to the charge; better to know it is our arithmetic.
  const linesAgorot =
    request.lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0) - discount + tip;
  if (linesAgorot !== request.amountAgorot) {
    throw new Error(`order lines add up to ${linesAgorot} agorot, the charge is ${request.amountAgorot}`);
  }
  return lines;
}

const createResponseSchema = z.object({
  ResponseCode: z.number().int(),
  Description: z.string().nullish(),
  LowProfileId: z.string().nullish(),
  Url: z.string().nullish(),
  UrlToBit: z.string().nullish(),
});

/** `wantsBit`: the diner chose Bit, so the answer must carry `UrlToBit` (Bit enabled on the terminal). */
export function fromCreateLowProfileResponse(body: unknown, wantsBit = false): OpenedPaymentPage {
  const parsed = createResponseSchema.safeParse(body);
  if (!parsed.success) throw new PaymentProviderError('Cardcom LowProfile/Create answered an unexpected shape');
  const { ResponseCode, Description, LowProfileId, Url, UrlToBit } = parsed.data;
  if (ResponseCode !== 0) {
    throw new PaymentProviderError(
      `Cardcom refused the payment page: ${describe(Description)} (ResponseCode ${ResponseCode})`,
      String(ResponseCode),
    );
  }
  if (!LowProfileId || !Url || !URL.canParse(Url)) {
    throw new PaymentProviderError('Cardcom LowProfile/Create answered ResponseCode 0 without LowProfileId or Url');
  }
  if (wantsBit && (!UrlToBit || !URL.canParse(UrlToBit))) {
    throw new PaymentProviderError(
      'Cardcom LowProfile/Create answered no UrlToBit: Bit is not enabled on the terminal',
    );
  }
  // GUIDs compare without case; stored lower case, so a webhook that spells it otherwise still finds its page.
  return {
    lowProfileId: LowProfileId.toLowerCase(),
    url: Url,
    ...(wantsBit && UrlToBit ? { bitUrl: UrlToBit } : {}),
  };
}

// Fields we only display are read leniently: a surprise in one of them must not hide a payment.
export const optionalText = z.string().nullish().catch(null);

export const transactionInfoSchema = z.object({
  ResponseCode: z.number().int(),
  Description: optionalText,
  TranzactionId: z.number().int().nullish(),
  Amount: z.number().nullish(),
  ApprovalNumber: optionalText,
  Last4CardDigits: z.number().int().nullish().catch(null),
  Last4CardDigitsString: optionalText,
  Brand: optionalText,
  DocumentType: optionalText,
  // The document made with a token charge (Transactions/Transaction answers a TransactionInfo alone).
  DocumentNumber: z.number().int().nullish().catch(null),
  DocumentUrl: optionalText,
  IssuerAuthCodeDescription: optionalText,
});

const documentInfoSchema = z.object({
  ResponseCode: z.number().int().nullish(),
  DocumentType: optionalText,
  DocumentNumber: z.number().int().nullish(),
  DocumentUrl: optionalText,
});

const lowProfileResultSchema = z.object({
  ResponseCode: z.number().int(),
  Description: optionalText,
  LowProfileId: z.string().nullish(),
  TranzactionId: z.number().int().nullish(),
  ReturnValue: z.string().nullish(),
  TranzactionInfo: transactionInfoSchema.nullish(),
  // A garbled DocumentInfo must not hold up a charged payment; the cost is our own receipt where Cardcom's was meant.
  DocumentInfo: documentInfoSchema.nullish().catch(null),
  IssuerAuthCodeDescription: optionalText,
  // The page's operation: a hold page (CreateTokenOnly, cardcom-hold.ts) is not a payment page.
  Operation: optionalText,
  // "ExternalPayment indicator": a free string in the definition (see paymentMethodOf).
  ExternalPaymentVector: z.union([z.string(), z.number()]).nullish().catch(null),
});

/**
 * How the diner paid, from Cardcom's `ExternalPaymentVector` ("ExternalPayment indicator", a string the definition
 * does not enumerate): a value naming Bit or Google Pay is that wallet, anything else (or none) a card. Checked
 * against a real terminal before going live (decision 027).
 */
export function paymentMethodOf(vector: string | number | null | undefined): PaymentMethod {
  const text = String(vector ?? '')
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  if (text.includes('bit')) return 'bit';
  if (text.includes('google')) return 'google_pay';
  return 'card';
}

/**
 * Cardcom's answer to GetLpResult as our verdict. The definition documents success (ResponseCode 0 at both levels)
 * and little else; the other cases are decided here:
 * - a transaction with a non-zero `TranzactionInfo.ResponseCode` is a decline, whatever the top-level code (the card
 *   was tried; 700/701 are J2/J5 checks, never a charge, and we only ask for ChargeOnly);
 * - ResponseCode 0 without `TranzactionInfo` is a page Cardcom knows with no deal yet: pending (the definition says
 *   TranzactionInfo is filled for ChargeOnly once there is a transaction);
 * - a non-zero ResponseCode without a transaction is Cardcom unable to report on the page. If it still echoes our
 *   ReturnValue it knows the page (pending); if not, it has no such page (unknown). Neither marks anything paid or
 *   failed, so a wrong guess between them costs nothing but a later look-up.
 * Bad credentials and malformed requests come as HTTP 401/400 (ErrorInfo) and are thrown by the client.
 */
export function fromLowProfileResult(body: unknown, lowProfileId: string): PaymentResult {
  const result = parseLpResult(lowProfileResultSchema, body, lowProfileId);
  // A hold page's verdict is getHoldResult's: its J5 transaction, if reported, charged nothing.
  if (result.Operation && result.Operation !== 'ChargeOnly') return { status: 'unknown', lowProfileId };
  const returnValue = result.ReturnValue || null;
  const transaction = result.TranzactionInfo;
  if (!transaction) {
    if (result.ResponseCode === 0 || returnValue) return { status: 'pending', lowProfileId, returnValue };
    return { status: 'unknown', lowProfileId };
  }
  if (transaction.ResponseCode !== 0) {
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
  const transactionId = transaction.TranzactionId || result.TranzactionId;
  // A "successful" transaction without an id or amount cannot be recorded; throwing makes the caller ask again.
  if (result.ResponseCode !== 0 || !transactionId || transaction.Amount == null) {
    throw new PaymentProviderError(
      `Cardcom reported an approved transaction without its details (ResponseCode ${result.ResponseCode})`,
      String(result.ResponseCode),
    );
  }
  return {
    status: 'paid',
    lowProfileId,
    returnValue,
    transactionId: String(transactionId),
    approvalNumber: transaction.ApprovalNumber || null,
    last4: last4(transaction.Last4CardDigitsString, transaction.Last4CardDigits),
    brand: transaction.Brand || null,
    amountAgorot: Math.round(transaction.Amount * 100),
    document: providerDocument(result.DocumentInfo, transaction.DocumentType),
    method: paymentMethodOf(result.ExternalPaymentVector),
  };
}

/**
 * A GetLpResult answer in `schema`'s shape (a payment page's or a hold page's), refused when it is malformed or speaks
 * of another page than the one asked about (an empty GUID is Cardcom not echoing it, which is no contradiction).
 */
export function parseLpResult<T extends { LowProfileId?: string | null }>(
  schema: z.ZodType<T>,
  body: unknown,
  lowProfileId: string,
): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new PaymentProviderError('Cardcom LowProfile/GetLpResult answered an unexpected shape');
  const result = parsed.data;
  if (
    result.LowProfileId &&
    result.LowProfileId.toLowerCase() !== lowProfileId.toLowerCase() &&
    !isEmptyGuid(result.LowProfileId)
  ) {
    throw new PaymentProviderError('Cardcom LowProfile/GetLpResult answered about another LowProfileId');
  }
  return result;
}

// Last4CardDigits is an int32, so a card ending 0123 arrives as 123.
export function last4(text: string | null | undefined, digits: number | null | undefined): string | null {
  if (text && /^\d{4}$/.test(text)) return text;
  if (digits != null && digits >= 0 && digits <= 9999) return String(digits).padStart(4, '0');
  return null;
}

function providerDocument(
  info: z.infer<typeof documentInfoSchema> | null | undefined,
  transactionDocumentType: string | null | undefined,
): ProviderDocument | null {
  // DocumentType 'Error' is how the definition's enum names a document that failed.
  if (!info || info.ResponseCode !== 0 || !info.DocumentNumber || info.DocumentType === 'Error') return null;
  return {
    // We only ever ask for TaxInvoiceAndReceipt: losing the type must not lose the document (we would issue twice).
    documentType: info.DocumentType || transactionDocumentType || 'TaxInvoiceAndReceipt',
    documentNumber: String(info.DocumentNumber),
    documentUrl: info.DocumentUrl && URL.canParse(info.DocumentUrl) ? info.DocumentUrl : null,
  };
}

export function isEmptyGuid(value: string): boolean {
  return /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(value);
}

// Cardcom's descriptions end up in logs and errors: bounded, and never an HTML page.
export function describe(text: string | null | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  return clean || 'no description';
}
