// Cardcom REST API v11 `Documents/CreateDocument` for a refund's credit tax document, spelled as its OpenAPI
// definition spells it (CreateDocumentRequest, Document, Products; the answer DocumentInfo). Pure translations,
// checked against the definition by the contract test (test/payments/cardcom-credit-document.spec.ts).
import { withoutDirectionControls } from '@tafrit/contracts';
import { z } from 'zod';
import {
  PaymentProviderError,
  type CreditDocumentRequest,
  type CreditDocumentResult,
} from '../payment-provider.port.js';
import { documentBuyer, shekels, WALK_IN_CUSTOMER, type CardcomTerminal } from './cardcom-mapping.js';

export const CREATE_DOCUMENT_PATH = '/api/v11/Documents/CreateDocument';

/** The refund type of the order's document: Cardcom made a tax invoice receipt with the charge (LowProfile's Document). */
export const CREDIT_DOCUMENT_TYPE = 'TaxInvoiceAndReceiptRefund';

export interface CardcomCreateDocument {
  ApiName: string;
  ApiPassword: string;
  Document: {
    DocumentTypeToCreate: typeof CREDIT_DOCUMENT_TYPE;
    Name: string;
    /** The buyer's ח.פ. or עוסק מורשה number, as the credited invoice named it (issue 32); absent: none. */
    TaxId?: string;
    IsSendByEmail: boolean;
    ISOCoinID: number;
    Languge: 'he';
    Comments: string;
    ExternalId: string;
    Products: { Description: string; UnitCost: number; Quantity: number; TotalLineCost: number }[];
  };
  /** The money went back on the card: the refund's own transaction is the document's payment. */
  DealNumbers: { DealNumber: number }[];
}

/** The credit document's body. `ExternalId` is our refund id, so a person can find it in Cardcom's panel. */
export function toCreateCreditDocument(
  request: CreditDocumentRequest,
  terminal: CardcomTerminal,
  apiPassword: string,
): CardcomCreateDocument {
  if (!/^\d{1,18}$/.test(request.refundTransactionId) || !Number.isSafeInteger(Number(request.refundTransactionId))) {
    throw new PaymentProviderError('Cardcom refund transaction id is not an int64 this process can send');
  }
  const products = request.lines.map((line) => ({
    // A refunded line carries the name its order recorded, which may predate the input's removal of direction
    // controls (decision 037): the tax document gets the text without them.
    Description: withoutDirectionControls(line.description).slice(0, 250),
    UnitCost: shekels(line.unitPriceAgorot),
    Quantity: line.quantity,
    TotalLineCost: shekels(line.unitPriceAgorot * line.quantity),
  }));
  const original = request.originalDocumentNumber ? ` לחשבונית ${request.originalDocumentNumber}` : '';
  return {
    ApiName: terminal.ApiName,
    ApiPassword: apiPassword,
    Document: {
      DocumentTypeToCreate: CREDIT_DOCUMENT_TYPE,
      // Cardcom's "document to": the business the invoice named (issue 32), else the diner when they gave a name, else
      // the usual "walk-in customer".
      ...documentBuyer(
        request.buyer,
        (withoutDirectionControls(request.customerName ?? '').trim() || WALK_IN_CUSTOMER).slice(0, 50),
      ),
      IsSendByEmail: false,
      ISOCoinID: 1,
      Languge: 'he',
      Comments: `זיכוי${original}, הזמנה #${request.orderNumber}`.slice(0, 250),
      ExternalId: request.refundId.slice(0, 50),
      Products: products,
    },
    DealNumbers: [{ DealNumber: Number(request.refundTransactionId) }],
  };
}

const documentInfo = z.object({
  ResponseCode: z.number().int(),
  Description: z.string().nullish(),
  DocumentType: z.string().nullish(),
  DocumentNumber: z.number().int().nullish(),
  DocumentUrl: z.string().nullish(),
});

/** ResponseCode 0 with a document number: issued; any other code: Cardcom's refusal with its description. */
export function fromCreateDocumentResponse(body: unknown): CreditDocumentResult {
  const parsed = documentInfo.safeParse(body);
  if (!parsed.success) throw new PaymentProviderError('Cardcom CreateDocument answered an unexpected shape');
  const { ResponseCode, Description, DocumentType, DocumentNumber, DocumentUrl } = parsed.data;
  if (ResponseCode === 0 && DocumentNumber !== null && DocumentNumber !== undefined) {
    const url = DocumentUrl && /^https?:\/\//.test(DocumentUrl) ? DocumentUrl : null;
    return {
      status: 'issued',
      documentType: DocumentType ?? CREDIT_DOCUMENT_TYPE,
      documentNumber: String(DocumentNumber),
      documentUrl: url,
    };
  }
  const reason = (Description ?? '').slice(0, 200) || `ResponseCode ${ResponseCode}`;
  return { status: 'failed', reason: `Cardcom did not make the credit document: ${reason}` };
}
