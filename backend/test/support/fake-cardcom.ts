import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';

// Cardcom's own OpenAPI definition of API v11 (copied from the one Cardcom publishes, dated 2025-09-30).
const definition = JSON.parse(readFileSync(new URL('./cardcom-api-v11.openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, unknown> };
};

// The schemas of the three calls: only these (and what they reference) are compiled.
const ROOTS = [
  'CreateLowProfile',
  'CreateLowProfileResponse',
  'GetLowProfileResult',
  'LowProfileResult',
  'RefundByTransactionIdReq',
  'RefundByTransactionIdResp',
  'CreateDocumentRequest',
  'DocumentInfo',
  'ErrorInfo',
] as const;
export type CardcomSchemaName = (typeof ROOTS)[number];

const validators = compileSchemas();

/** The definition's complaints about `value` as `schema` (empty when it conforms). */
export function cardcomSchemaErrors(schema: CardcomSchemaName, value: unknown): string[] {
  const validate = validators(schema);
  if (validate(value)) return [];
  // The null alternatives and oneOf wrappers the translation adds only repeat the real complaint.
  const errors = validate.errors ?? [];
  const specific = errors.filter(
    (error) =>
      !['anyOf', 'oneOf'].includes(error.keyword) && !(error.keyword === 'type' && error.params.type === 'null'),
  );
  return (specific.length > 0 ? specific : errors).map((error) => `${schema}${error.instancePath} ${error.message}`);
}

export interface CardcomFakeRequest {
  path: string;
  contentType: string | undefined;
  body: unknown;
}

/** `refuse`: HTTP 200 with a non-zero ResponseCode; `slow`: answers after `slowMs`. */
export type CardcomBehaviour = 'normal' | 'http-500' | 'garbage' | 'refuse' | 'slow';

export interface PayOptions {
  amount?: number;
  last4?: string;
  brand?: string;
  approvalNumber?: string;
  documentUrl?: string | null;
  /** `LowProfileResult.ExternalPaymentVector`: how a wallet paid (absent: a card). */
  externalPaymentVector?: string;
}

interface Page {
  terminalNumber: number;
  request: Record<string, unknown> & { Amount: number; WebHookUrl: string; ReturnValue?: string | null };
  transaction: Record<string, unknown> | null;
  document: Record<string, unknown> | null;
  externalPaymentVector?: string | null;
}

/** The fake's own code for a LowProfileId it does not hold: the definition names none, the adapter needs none. */
export const UNKNOWN_PAGE_CODE = 5101;
/** The fake's refusal of a refund (unknown transaction, more than remains, a second refund not allowed). */
export const REFUND_REFUSED_CODE = 5201;
const REFUND_PATH = '/api/v11/Transactions/RefundByTransactionId';
const CREATE_DOCUMENT_PATH = '/api/v11/Documents/CreateDocument';
const PATHS = ['/api/v11/LowProfile/Create', '/api/v11/LowProfile/GetLpResult', REFUND_PATH, CREATE_DOCUMENT_PATH];
/** The fake's refusal of a document (a deal it does not know). */
export const DOCUMENT_REFUSED_CODE = 5301;

/**
 * A local Cardcom REST API v11 for LowProfile/Create, LowProfile/GetLpResult and Transactions/RefundByTransactionId on 127.0.0.1. Every request body is
 * checked against the definition's request schema (a bad one gets HTTP 400 ErrorInfo, like Cardcom's documented
 * answer) and every answer against its response schema; both kinds of mismatch land in `problems`.
 */
export async function startFakeCardcom({
  terminals = [{ terminalNumber: 1000, apiName: 'test2025' }],
  slowMs = 1_000,
}: {
  /** `bit`: Cardcom enabled Bit on the terminal, so LowProfile/Create answers a UrlToBit. */
  terminals?: { terminalNumber: number; apiName: string; apiPassword?: string; bit?: boolean }[];
  slowMs?: number;
} = {}) {
  const requests: CardcomFakeRequest[] = [];
  const problems: string[] = [];
  const pages = new Map<string, Page>();
  const timers = new Set<NodeJS.Timeout>();
  let behaviour: CardcomBehaviour = 'normal';
  /** CreateDocument's own behaviour, when set: a refund made and its credit document refused or unreachable. */
  let documentBehaviour: CardcomBehaviour | null = null;
  let nextTransactionId = 40_000_001;
  let nextDocumentNumber = 1_001;
  let url = '';

  const behaviourNow = () => behaviour;
  const answer = (response: ServerResponse, status: number, payload: unknown, schema?: CardcomSchemaName) => {
    const errors = schema ? cardcomSchemaErrors(schema, payload) : [];
    if (errors.length > 0) problems.push(`answer: ${errors.join('; ')}`);
    const send = () => {
      timers.delete(timer);
      if (response.destroyed) return;
      const type = typeof payload === 'string' ? 'text/html' : 'application/json';
      response.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
      response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    const slow = behaviour === 'slow' || (schema === 'DocumentInfo' && documentBehaviour === 'slow');
    const timer = setTimeout(send, slow ? slowMs : 0);
    timers.add(timer);
  };

  /** Refunds made, per charged transaction: agorot refunded and the refunds' own transaction ids. */
  const refunds = new Map<number, { agorot: number; ids: number[] }>();

  const refund = (body: Record<string, unknown>, response: ServerResponse) => {
    const errors = cardcomSchemaErrors('RefundByTransactionIdReq', body);
    if (errors.length > 0) {
      problems.push(`request: ${errors.join('; ')}`);
      return answer(response, 400, { ResponseCode: 400, Description: errors.join('; ') }, 'ErrorInfo');
    }
    const terminal = terminals.find((t) => t.apiName === body.ApiName);
    if (!terminal || body.ApiPassword !== (terminal.apiPassword ?? 'api-password')) {
      return answer(response, 401, { ResponseCode: 401, Description: 'Invalid username' }, 'ErrorInfo');
    }
    if (behaviour === 'http-500') return answer(response, 500, { Message: 'An error has occurred.' });
    if (behaviour === 'garbage') return answer(response, 200, '<html><body>Service Unavailable</body></html>');
    const refuse = (description: string) =>
      answer(
        response,
        200,
        { ResponseCode: REFUND_REFUSED_CODE, Description: description },
        'RefundByTransactionIdResp',
      );
    if (behaviour === 'refuse') return refuse('Refund refused');
    const page = [...pages.values()].find(
      (p) => p.transaction?.TranzactionId === body.TransactionId && p.transaction?.ResponseCode === 0,
    );
    if (!page || page.terminalNumber !== terminal.terminalNumber) return refuse('Transaction not found');
    const charged = Math.round(Number(page.transaction!.Amount) * 100);
    const done = refunds.get(body.TransactionId as number) ?? { agorot: 0, ids: [] };
    if (done.ids.length > 0 && body.AllowMultipleRefunds !== true) return refuse('Transaction already refunded');
    const agorot = body.PartialSum == null ? charged : Math.round(Number(body.PartialSum) * 100);
    if (agorot + done.agorot > charged) return refuse('Sum exceeds the transaction');
    const id = nextTransactionId++;
    refunds.set(body.TransactionId as number, { agorot: done.agorot + agorot, ids: [...done.ids, id] });
    return answer(
      response,
      200,
      { ResponseCode: 0, Description: 'OK', NewTranzactionId: id },
      'RefundByTransactionIdResp',
    );
  };

  /** Documents made by CreateDocument, in order: what was asked for and the number given. */
  const creditDocuments: { request: Record<string, unknown>; documentNumber: number }[] = [];
  let nextCreditNumber = 3001;

  const createDocument = (body: Record<string, unknown>, response: ServerResponse) => {
    const behaviour = documentBehaviour ?? behaviourNow();
    const errors = cardcomSchemaErrors('CreateDocumentRequest', body);
    if (errors.length > 0) {
      problems.push(`request: ${errors.join('; ')}`);
      return answer(response, 400, { ResponseCode: 400, Description: errors.join('; ') }, 'ErrorInfo');
    }
    const terminal = terminals.find((t) => t.apiName === body.ApiName);
    if (!terminal || body.ApiPassword !== (terminal.apiPassword ?? 'api-password')) {
      return answer(response, 401, { ResponseCode: 401, Description: 'Invalid username' }, 'ErrorInfo');
    }
    if (behaviour === 'http-500') return answer(response, 500, { Message: 'An error has occurred.' });
    if (behaviour === 'garbage') return answer(response, 200, '<html><body>Service Unavailable</body></html>');
    const deals = (body.DealNumbers as { DealNumber: number }[] | null | undefined) ?? [];
    const refunded = [...refunds.values()].some((done) => deals.every((deal) => done.ids.includes(deal.DealNumber)));
    if (behaviour === 'refuse' || deals.length === 0 || !refunded) {
      return answer(
        response,
        200,
        { ResponseCode: DOCUMENT_REFUSED_CODE, Description: 'Deal not found' },
        'DocumentInfo',
      );
    }
    const documentNumber = nextCreditNumber++;
    creditDocuments.push({ request: body, documentNumber });
    const type = (body.Document as { DocumentTypeToCreate: string }).DocumentTypeToCreate;
    return answer(
      response,
      200,
      {
        ResponseCode: 0,
        Description: 'OK',
        DocumentType: type,
        DocumentNumber: documentNumber,
        AccountId: 77,
        DocumentUrl: `${url}/docs/${type}/${documentNumber}`,
      },
      'DocumentInfo',
    );
  };

  const handle = (path: string, body: unknown, response: ServerResponse) => {
    if (path === REFUND_PATH) return refund(body as Record<string, unknown>, response);
    if (path === CREATE_DOCUMENT_PATH) return createDocument(body as Record<string, unknown>, response);
    const schema = path === '/api/v11/LowProfile/Create' ? 'CreateLowProfile' : 'GetLowProfileResult';
    const errors = cardcomSchemaErrors(schema, body);
    if (errors.length > 0) {
      problems.push(`request: ${errors.join('; ')}`);
      return answer(response, 400, { ResponseCode: 400, Description: errors.join('; ') }, 'ErrorInfo');
    }
    const request = body as Record<string, unknown> & { TerminalNumber: number; ApiName: string };
    const known = terminals.some((t) => t.terminalNumber === request.TerminalNumber && t.apiName === request.ApiName);
    if (!known) return answer(response, 401, { ResponseCode: 401, Description: 'Invalid username' }, 'ErrorInfo');
    if (behaviour === 'http-500') return answer(response, 500, { Message: 'An error has occurred.' });
    if (behaviour === 'garbage') return answer(response, 200, '<html><body>Service Unavailable</body></html>');
    if (schema === 'CreateLowProfile') {
      if (behaviour === 'refuse') {
        return answer(
          response,
          200,
          { ResponseCode: 5033, Description: 'Terminal not active' },
          'CreateLowProfileResponse',
        );
      }
      const id = randomUUID();
      pages.set(id, {
        terminalNumber: request.TerminalNumber,
        request: body as Page['request'],
        transaction: null,
        document: null,
      });
      const page = { LowProfileId: id, Url: `${url}/EA/LPC6/${request.TerminalNumber}/${id}`, UrlToPayPal: null };
      const bit = terminals.find((t) => t.terminalNumber === request.TerminalNumber)?.bit;
      return answer(
        response,
        200,
        { ResponseCode: 0, Description: 'OK', ...page, UrlToBit: bit ? `${url}/EA/Bit/${id}` : null },
        'CreateLowProfileResponse',
      );
    }
    const id = String(request.LowProfileId).toLowerCase();
    const page = pages.get(id);
    if (behaviour === 'refuse' || !page || page.terminalNumber !== request.TerminalNumber) {
      const refusal = { ResponseCode: UNKNOWN_PAGE_CODE, Description: 'LowProfile not found' };
      return answer(response, 200, refusal, 'LowProfileResult');
    }
    return answer(response, 200, lowProfileResult(id, page), 'LowProfileResult');
  };

  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text; the schema check reports it.
      }
      const path = request.url ?? '';
      requests.push({ path, contentType: request.headers['content-type'], body });
      if (request.method !== 'POST' || !PATHS.includes(path)) {
        return answer(response, 404, { Message: 'No HTTP resource was found that matches the request URI.' });
      }
      if (!request.headers['content-type']?.startsWith('application/json')) problems.push(`request: ${path} not JSON`);
      handle(path, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const pageOf = (lowProfileId: string) => {
    const page = pages.get(lowProfileId.toLowerCase());
    if (!page) throw new Error(`fake Cardcom holds no page ${lowProfileId}`);
    return page;
  };

  return {
    url,
    requests,
    problems,
    creditDocuments,
    behave(next: CardcomBehaviour) {
      behaviour = next;
    },
    /** CreateDocument alone behaves so (null: as the rest). */
    behaveDocuments(next: CardcomBehaviour | null) {
      documentBehaviour = next;
    },
    /** The Create request a page was opened with, as the adapter sent it. */
    createRequest: (lowProfileId: string) => pageOf(lowProfileId).request,
    /** The diner pays: an approved ChargeOnly transaction, and the document when the page asked for one. */
    pay(lowProfileId: string, options: PayOptions = {}) {
      const page = pageOf(lowProfileId);
      const amount = options.amount ?? page.request.Amount;
      page.transaction = transactionInfo(page, nextTransactionId++, amount, { ...options, responseCode: 0 });
      page.externalPaymentVector = options.externalPaymentVector ?? null;
      if (page.request.Document) {
        const number = nextDocumentNumber++;
        page.transaction.DocumentNumber = number;
        page.transaction.DocumentType = 'TaxInvoiceAndReceipt';
        page.document = {
          ResponseCode: 0,
          Description: '',
          DocumentType: 'TaxInvoiceAndReceipt',
          DocumentNumber: number,
          AccountId: 7_001,
          ForeignAccountNumber: null,
          SiteUniqueId: null,
          DocumentUrl: options.documentUrl === undefined ? `${url}/Documents/View/${number}` : options.documentUrl,
        };
      }
      return lowProfileResult(lowProfileId.toLowerCase(), page);
    },
    /** Agorot refunded on a charged transaction, and how many refunds made them. */
    refundsOf: (transactionId: number) => refunds.get(transactionId) ?? { agorot: 0, ids: [] },
    /** The card is refused: a transaction with a non-zero ResponseCode (Shva's 004, "refused", by default). */
    decline(lowProfileId: string, { responseCode = 4, description = 'סירוב' } = {}) {
      const page = pageOf(lowProfileId);
      page.transaction = transactionInfo(page, nextTransactionId++, page.request.Amount, { responseCode, description });
      return lowProfileResult(lowProfileId.toLowerCase(), page);
    },
    /** What Cardcom POSTs to the page's WebHookUrl: the same LowProfileResult GetLpResult answers. */
    webhookBody: (lowProfileId: string) => lowProfileResult(lowProfileId.toLowerCase(), pageOf(lowProfileId)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function lowProfileResult(lowProfileId: string, page: Page) {
  const transaction = page.transaction;
  return {
    ResponseCode: 0,
    Description: 'OK',
    TerminalNumber: page.terminalNumber,
    LowProfileId: lowProfileId,
    TranzactionId: (transaction?.TranzactionId as number | undefined) ?? 0,
    ReturnValue: page.request.ReturnValue ?? null,
    Operation: 'ChargeOnly',
    UIValues: transaction ? { CardOwnerName: 'ישראל ישראלי', NumOfPayments: 1, IsAbroadCard: false } : {},
    DocumentInfo: page.document,
    TokenInfo: null,
    SuspendedInfo: null,
    TranzactionInfo: transaction,
    ExternalPaymentVector: page.externalPaymentVector ?? null,
    Country: null,
    UTM: null,
    IssuerAuthCodeDescription: null,
  };
}

function transactionInfo(
  page: Page,
  id: number,
  amount: number,
  options: PayOptions & { responseCode: number; description?: string },
): Record<string, unknown> {
  const last4 = options.last4 ?? '4242';
  const approved = options.responseCode === 0;
  return {
    ResponseCode: options.responseCode,
    Description: options.description ?? (approved ? 'Success' : ''),
    TranzactionId: id,
    TerminalNumber: page.terminalNumber,
    Amount: amount,
    CoinId: 1,
    CouponNumber: null,
    CreateDate: new Date().toISOString(),
    Last4CardDigits: Number(last4),
    Last4CardDigitsString: last4,
    FirstCardDigits: 458000,
    JParameter: '0',
    CardMonth: 12,
    CardYear: 30,
    ApprovalNumber: approved ? (options.approvalNumber ?? '0012345') : null,
    FirstPaymentAmount: amount,
    ConstPaymentAmount: 0,
    NumberOfPayments: 1,
    CardInfo: 'Israeli',
    CardOwnerName: 'ישראל ישראלי',
    Token: null,
    Uid: randomUUID(),
    DocumentNumber: null,
    DocumentType: null,
    Brand: options.brand ?? 'Visa',
    Acquire: 'CAL',
    Issuer: 'CAL',
    PaymentType: 'Standard',
    CardNumberEntryMode: 'Internet',
    DealType: 'Debit',
    IsRefund: false,
    DocumentUrl: null,
    CustomFields: null,
    IsAbroadCard: false,
    IssuerAuthCodeDescription: approved ? null : (options.description ?? null),
  };
}

// Elsewhere the definition has flaws Ajv rejects (HttpStatusCode's enum repeats a value), so only what is used.
function reachable(roots: readonly string[]): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const queue = [...roots];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (name in found) continue;
    const schema = definition.components.schemas[name];
    found[name] = schema;
    for (const [, ref] of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) queue.push(ref ?? '');
  }
  return found;
}

/**
 * The definition is OpenAPI 3.0 as NSwag writes it; three of its habits are not JSON Schema and are translated:
 * `nullable` (a null alternative), `allOf` inheritance whose parts each say `additionalProperties: false` (merged
 * into one object, or no object could ever satisfy both parts, e.g. `DocumentLP`), and the `x-` keywords (dropped).
 */
function compileSchemas() {
  const toJsonSchema = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(toJsonSchema);
    if (typeof node !== 'object' || node === null) return node;
    const { nullable, allOf, ...rest } = node as Record<string, unknown> & { allOf?: unknown[] };
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (key.startsWith('x-')) continue;
      out[key] =
        key === '$ref' ? String(value).replace('#/components/schemas/', '#/definitions/') : toJsonSchema(value);
    }
    if (allOf) Object.assign(out, mergeObjects(allOf.map((part) => toJsonSchema(resolve(part)))));
    return nullable === true ? { anyOf: [{ type: 'null' }, out] } : out;
  };
  const resolve = (part: unknown) => {
    const ref = (part as { $ref?: string }).$ref;
    return ref ? definition.components.schemas[ref.replace('#/components/schemas/', '')] : part;
  };
  const ajv = new Ajv({ allErrors: true, strictTypes: false });
  formats.default(ajv, ['date-time', 'int32', 'int64']);
  ajv.addFormat('guid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('decimal', { type: 'number', validate: (value: number) => Number.isFinite(value) });
  ajv.addSchema({ $id: 'cardcom-v11', definitions: toJsonSchema(reachable(ROOTS)) });
  const compiled = new Map<string, ValidateFunction>();
  return (name: CardcomSchemaName) => {
    let validate = compiled.get(name);
    if (!validate) {
      validate = ajv.compile({ $ref: `cardcom-v11#/definitions/${name}` });
      compiled.set(name, validate);
    }
    return validate;
  };
}

function mergeObjects(parts: unknown[]) {
  const merged = { type: 'object', properties: {}, required: [] as string[], additionalProperties: false };
  for (const part of parts as { properties?: object; required?: string[] }[]) {
    Object.assign(merged.properties, part.properties);
    merged.required.push(...(part.required ?? []));
  }
  return merged;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
