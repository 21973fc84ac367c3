import { describe, expect, it, jest } from '@jest/globals';
import { cardcomDefinitionErrors, cardcomEnum } from '../../../../test/support/cardcom-definition.js';
import type { CardcomConfig } from '../../../config/config.js';
import {
  HoldChargeRefused,
  PaymentProviderError,
  type ChargeHoldRequest,
  type OpenHoldPageRequest,
} from '../payment-provider.port.js';
import {
  fromHoldResult,
  fromTokenCharge,
  J5,
  toCreateHoldPage,
  toTokenCharge,
  toTransactionByExternalId,
} from './cardcom-hold.js';
import { cardcomTerminal, fromLowProfileResult } from './cardcom-mapping.js';
import { CardcomPaymentProvider } from './cardcom-payment-provider.js';

// Issue 34, "pay at the end": the hold (CreateTokenOnly with J5) and its charge (a token transaction capturing the
// J5 approval), every body checked against Cardcom's own definition and every answer we map shaped by it.

const config: CardcomConfig = {
  apiUrl: 'https://secure.cardcom.solutions',
  terminalNumber: '1000',
  apiName: 'platform-api',
  apiPassword: 'platform-secret',
};
const lowProfileId = '0b6b0a4e-8a3f-4c1e-9d55-2b1f3c4d5e6f';
const orderId = '7d0c4a0e-2f7a-4c43-9a59-0f3f2f6a1b11';
const chargeId = 'c5a0e3f1-7b2d-4e8a-9c10-1d2e3f4a5b6c';
const token = '84cc1f4f-c089-410b-9f93-6437ac9abba6';
const platform = { owner: 'platform' as const, credentials: null };
const businessTerminal = { owner: 'business' as const, credentials: { terminalNumber: '172012', apiName: 'cafe-api' } };

function holdRequest(overrides: Partial<OpenHoldPageRequest> = {}): OpenHoldPageRequest {
  return {
    orderId,
    orderNumber: 17,
    holdAgorot: 30_000,
    business: {
      phone: '+972547654321',
      businessName: 'קפה הים',
      idNumber: '515555555',
      email: 'a@b.co',
      departmentId: '3',
    },
    terminal: platform,
    successUrl: 'https://tafrit.example/tab/ok',
    failedUrl: 'https://tafrit.example/tab/failed',
    webhookUrl: 'https://tafrit.example/api/webhooks/cardcom',
    ...overrides,
  };
}

function chargeRequest(overrides: Partial<ChargeHoldRequest> = {}): ChargeHoldRequest {
  return {
    chargeId,
    orderId,
    orderNumber: 17,
    lowProfileId,
    token,
    approvalNumber: '0012345',
    cardExpiry: '1230',
    holdAgorot: 30_000,
    amountAgorot: 8_650,
    lines: [
      { productId: 1, name: 'שקשוקה', unitPriceAgorot: 4_200, quantity: 1 },
      { productId: 2, name: 'לימונדה', unitPriceAgorot: 2_225, quantity: 2 },
    ],
    tipAgorot: 0,
    issueDocument: false,
    terminal: platform,
    ...overrides,
  };
}

describe('the Cardcom hold page request', () => {
  it('asks CreateTokenOnly with a J5 authorisation of the hold, valid against the definition', () => {
    const request = holdRequest();
    const body = toCreateHoldPage(request, cardcomTerminal(request.terminal, config));
    expect(body).toEqual({
      TerminalNumber: 1000,
      ApiName: 'platform-api',
      Operation: 'CreateTokenOnly',
      ReturnValue: orderId,
      Amount: 300,
      SuccessRedirectUrl: 'https://tafrit.example/tab/ok',
      FailedRedirectUrl: 'https://tafrit.example/tab/failed',
      WebHookUrl: 'https://tafrit.example/api/webhooks/cardcom',
      ProductName: 'תפיסת מסגרת, הזמנה #17',
      Language: 'he',
      ISOCoinId: 1,
      AdvancedDefinition: { JValidateType: 5 },
    });
    expect(cardcomDefinitionErrors('CreateLowProfile', body)).toEqual([]);
    expect(cardcomEnum('Operation')).toContain(body.Operation);
    // The definition's JValidateType is the integer enum [2, 5] named J2 and J5.
    expect(cardcomEnum('JValidateType')).toEqual([2, 5]);
    expect(J5).toBe(5);
  });

  it("words the hold in the diner's language where Cardcom has it", () => {
    const english = toCreateHoldPage(holdRequest({ pageLanguage: 'en' }), cardcomTerminal(platform, config));
    expect(english).toMatchObject({ Language: 'en', ProductName: 'Card hold, order #17' });
    const russian = toCreateHoldPage(holdRequest({ pageLanguage: 'ru' }), cardcomTerminal(platform, config));
    expect(russian).toMatchObject({ Language: 'ru', ProductName: 'Блокировка суммы, заказ №17' });
    expect(cardcomDefinitionErrors('CreateLowProfile', russian)).toEqual([]);
  });

  it.each([0, -100, 12.5])('refuses to hold %s agorot', (holdAgorot) => {
    expect(() => toCreateHoldPage(holdRequest({ holdAgorot }), cardcomTerminal(platform, config))).toThrow(
      PaymentProviderError,
    );
  });
});

/** A GetLpResult of a hold page as the definition shapes it. */
function holdAnswer(fields: Record<string, unknown> = {}) {
  return {
    ResponseCode: 0,
    Description: 'OK',
    TerminalNumber: 1000,
    LowProfileId: lowProfileId,
    TranzactionId: 0,
    ReturnValue: orderId,
    Operation: 'CreateTokenOnly',
    UIValues: { CardOwnerName: 'ישראל ישראלי', CardYear: 2030, CardMonth: 12, IsAbroadCard: false },
    DocumentInfo: null,
    TokenInfo: {
      Token: token,
      TokenExDate: '20270131',
      CardYear: 2030,
      CardMonth: 12,
      TokenApprovalNumber: '0012345',
      CardOwnerIdentityNumber: '000000018',
    },
    SuspendedInfo: null,
    TranzactionInfo: null,
    ExternalPaymentVector: null,
    Country: null,
    UTM: null,
    IssuerAuthCodeDescription: null,
    ...fields,
  };
}

const j5Transaction = {
  ResponseCode: 701,
  Description: 'J5 approved',
  TranzactionId: 40_000_009,
  Amount: 250,
  Last4CardDigits: 123,
  Last4CardDigitsString: '0123',
  ApprovalNumber: '0012345',
  Brand: 'MasterCard',
};

describe("Cardcom's verdict on a hold page", () => {
  it('is held with the token, its deletion day, the approval to capture and the card expiry', () => {
    const answer = holdAnswer();
    expect(cardcomDefinitionErrors('LowProfileResult', answer)).toEqual([]);
    expect(fromHoldResult(answer, lowProfileId, 30_000)).toEqual({
      status: 'held',
      lowProfileId,
      returnValue: orderId,
      token,
      tokenExpiresOn: '2027-01-31',
      approvalNumber: '0012345',
      cardExpiry: '1230',
      last4: null,
      brand: null,
      holdAgorot: 30_000,
    });
  });

  it('takes the card and the amount from a J5 transaction (701) when Cardcom reports one', () => {
    const answer = holdAnswer({ TranzactionInfo: j5Transaction });
    expect(cardcomDefinitionErrors('LowProfileResult', answer)).toEqual([]);
    expect(fromHoldResult(answer, lowProfileId, 30_000)).toMatchObject({
      status: 'held',
      last4: '0123',
      brand: 'MasterCard',
      holdAgorot: 25_000,
    });
  });

  it('is pending while the diner has not finished: no token yet', () => {
    const answer = holdAnswer({ TokenInfo: null, UIValues: {} });
    expect(cardcomDefinitionErrors('LowProfileResult', answer)).toEqual([]);
    expect(fromHoldResult(answer, lowProfileId, 30_000)).toEqual({
      status: 'pending',
      lowProfileId,
      returnValue: orderId,
    });
  });

  it('is failed when the card was refused, and when a token came without the issuer approval', () => {
    const declined = holdAnswer({
      TokenInfo: null,
      TranzactionInfo: { ...j5Transaction, ResponseCode: 4, Description: 'סירוב', ApprovalNumber: null },
    });
    expect(cardcomDefinitionErrors('LowProfileResult', declined)).toEqual([]);
    expect(fromHoldResult(declined, lowProfileId, 30_000)).toEqual({
      status: 'failed',
      lowProfileId,
      returnValue: orderId,
      responseCode: '4',
      reason: 'סירוב',
    });
    const unapproved = holdAnswer({ TokenInfo: { Token: token, TokenExDate: '20270131' } });
    expect(fromHoldResult(unapproved, lowProfileId, 30_000)).toMatchObject({ status: 'failed', responseCode: null });
  });

  it('is unknown for a payment page, and a hold page is unknown to the payment verdict', () => {
    expect(fromHoldResult(holdAnswer({ Operation: 'ChargeOnly' }), lowProfileId, 30_000)).toEqual({
      status: 'unknown',
      lowProfileId,
    });
    expect(fromLowProfileResult(holdAnswer({ TranzactionInfo: j5Transaction }), lowProfileId)).toEqual({
      status: 'unknown',
      lowProfileId,
    });
  });

  it('is unknown when Cardcom knows nothing of the page', () => {
    expect(fromHoldResult({ ResponseCode: 5101, Description: 'not found' }, lowProfileId, 30_000)).toEqual({
      status: 'unknown',
      lowProfileId,
    });
  });

  it.each([
    ['another page', holdAnswer({ LowProfileId: '11111111-2222-3333-4444-555555555555' })],
    ['a token under a failed look-up', holdAnswer({ ResponseCode: 3 })],
    ['a string', 'OK'],
  ])('throws PaymentProviderError for %s, without the token in its message', (_case, answer) => {
    expect(() => fromHoldResult(answer, lowProfileId, 30_000)).toThrow(PaymentProviderError);
    try {
      fromHoldResult(answer, lowProfileId, 30_000);
    } catch (error) {
      expect(String((error as Error).message)).not.toContain(token);
    }
  });
});

describe('the Cardcom charge of a hold', () => {
  it('charges the token with the hold approval number and our charge id, valid against the definition', () => {
    const request = chargeRequest();
    const body = toTokenCharge(request, cardcomTerminal(request.terminal, config));
    expect(body).toEqual({
      TerminalNumber: 1000,
      ApiName: 'platform-api',
      Amount: 86.5,
      Token: token,
      CardExpirationMMYY: '1230',
      ExternalUniqTranId: chargeId,
      ISOCoinId: 1,
      Advanced: { ApprovalNumber: '0012345' },
    });
    expect(cardcomDefinitionErrors('TransactionReq', body)).toEqual([]);
    const withoutExpiry = toTokenCharge(chargeRequest({ cardExpiry: null }), cardcomTerminal(platform, config));
    expect(withoutExpiry).not.toHaveProperty('CardExpirationMMYY');
    expect(cardcomDefinitionErrors('TransactionReq', withoutExpiry)).toEqual([]);
  });

  it('issues the tax invoice receipt of what is charged on the business terminal, tip outside VAT', () => {
    const request = chargeRequest({
      terminal: businessTerminal,
      issueDocument: true,
      amountAgorot: 9_650,
      tipAgorot: 1_000,
      buyer: { name: 'חברה בע"מ', taxId: '515555555' },
    });
    const body = toTokenCharge(request, cardcomTerminal(request.terminal, config));
    expect(body.Document).toEqual({
      DocumentTypeToCreate: 'TaxInvoiceAndReceipt',
      Name: 'חברה בע"מ',
      TaxId: '515555555',
      IsSendByEmail: false,
      Languge: 'he',
      Products: [
        { Description: 'שקשוקה', UnitCost: 42, Quantity: 1, TotalLineCost: 42 },
        { Description: 'לימונדה', UnitCost: 22.25, Quantity: 2, TotalLineCost: 44.5 },
        { Description: 'תשר (טיפ)', UnitCost: 10, Quantity: 1, TotalLineCost: 10, IsVatFree: true },
      ],
    });
    expect(cardcomDefinitionErrors('TransactionReq', body)).toEqual([]);
  });

  it('never asks for a document on the platform terminal, nor one whose lines miss the charge', () => {
    expect(() => toTokenCharge(chargeRequest({ issueDocument: true }), cardcomTerminal(platform, config))).toThrow(
      /own terminal/,
    );
    const short = chargeRequest({ terminal: businessTerminal, issueDocument: true, amountAgorot: 8_000 });
    expect(() => toTokenCharge(short, cardcomTerminal(businessTerminal, config))).toThrow(/8650 agorot/);
  });

  it('looks the first charge up by our id, valid against the definition', () => {
    const body = toTransactionByExternalId(chargeId, cardcomTerminal(platform, config));
    expect(body).toEqual({ TerminalNumber: 1000, ApiName: 'platform-api', ExternalUniqTranId: chargeId });
    expect(cardcomDefinitionErrors('GetExternalUniqTranIdStatusReq', body)).toEqual([]);
  });
});

const charged = {
  ResponseCode: 0,
  Description: 'Success',
  TranzactionId: 40_000_010,
  TerminalNumber: 172012,
  Amount: 86.5,
  Last4CardDigits: 4242,
  Last4CardDigitsString: '4242',
  ApprovalNumber: '0012345',
  Brand: 'Visa',
  DocumentNumber: 1002,
  DocumentType: 'TaxInvoiceAndReceipt',
  DocumentUrl: 'https://secure.cardcom.solutions/doc/1002',
};

describe("Cardcom's answer to the charge", () => {
  const ids = { lowProfileId, orderId };

  it('is paid, with the transaction, the approval and the document, as a paid page is', () => {
    expect(cardcomDefinitionErrors('TransactionInfo', charged)).toEqual([]);
    expect(fromTokenCharge(charged, ids)).toEqual({
      status: 'paid',
      lowProfileId,
      returnValue: orderId,
      transactionId: '40000010',
      approvalNumber: '0012345',
      last4: '4242',
      brand: 'Visa',
      amountAgorot: 8_650,
      document: {
        documentType: 'TaxInvoiceAndReceipt',
        documentNumber: '1002',
        documentUrl: 'https://secure.cardcom.solutions/doc/1002',
      },
      method: 'card',
    });
    const noDocument = { ...charged, DocumentNumber: null, DocumentType: null, DocumentUrl: null };
    expect(cardcomDefinitionErrors('TransactionInfo', noDocument)).toEqual([]);
    expect(fromTokenCharge(noDocument, ids)).toMatchObject({ status: 'paid', document: null });
  });

  it('is failed when refused, and when Cardcom answers an authorisation (701) that charged nothing', () => {
    const refused = { ResponseCode: 4, Description: 'סירוב', TranzactionId: 40_000_011, Amount: 86.5 };
    expect(cardcomDefinitionErrors('TransactionInfo', refused)).toEqual([]);
    expect(fromTokenCharge(refused, ids)).toEqual({
      status: 'failed',
      lowProfileId,
      returnValue: orderId,
      responseCode: '4',
      reason: 'סירוב',
    });
    expect(fromTokenCharge({ ...charged, ResponseCode: 701 }, ids)).toMatchObject({
      status: 'failed',
      responseCode: '701',
    });
  });

  it.each([
    ['an approved charge without its id', { ...charged, TranzactionId: 0 }],
    ['no ResponseCode', { Description: 'OK' }],
  ])('throws PaymentProviderError for %s', (_case, answer) => {
    expect(() => fromTokenCharge(answer, ids)).toThrow(PaymentProviderError);
  });
});

describe('the Cardcom provider charging a hold', () => {
  /** A Cardcom that answers each path from a queue, recording what it was sent. */
  function cardcomAnswering(answers: Record<string, unknown[]>) {
    const sent: { path: string; body: unknown }[] = [];
    const fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      sent.push({ path, body: JSON.parse(String(init?.body)) });
      const next = answers[path]?.shift();
      const status = (next as { status?: number } | undefined)?.status ?? 200;
      return new Response(JSON.stringify(next ?? {}), { status });
    });
    const provider = new CardcomPaymentProvider(config, { fetch: fetch as unknown as typeof globalThis.fetch });
    return { provider, sent, fetch };
  }

  it.each([
    ['above the hold', 30_001],
    ['zero', 0],
    ['negative', -100],
    ['not whole agorot', 10.5],
  ])('refuses an amount %s before asking Cardcom', async (_case, amountAgorot) => {
    const { provider, fetch } = cardcomAnswering({});
    await expect(provider.chargeHold(chargeRequest({ amountAgorot }))).rejects.toThrow(HoldChargeRefused);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('charges the whole hold once', async () => {
    const { provider, sent } = cardcomAnswering({
      '/api/v11/Transactions/Transaction': [{ ...charged, Amount: 300, DocumentNumber: null }],
    });
    const result = await provider.chargeHold(chargeRequest({ amountAgorot: 30_000, lines: [], tipAgorot: 30_000 }));
    expect(result).toMatchObject({ status: 'paid', amountAgorot: 30_000, transactionId: '40000010' });
    expect(sent).toHaveLength(1);
    expect(cardcomDefinitionErrors('TransactionReq', sent[0]!.body)).toEqual([]);
  });

  it('answers the first charge when Cardcom refuses a repeat of our charge id (608)', async () => {
    const { provider, sent } = cardcomAnswering({
      '/api/v11/Transactions/Transaction': [{ ResponseCode: 608, Description: 'duplicate ExternalUniqTranId' }],
      '/api/v11/Transactions/GetTransactionByExternalUniqTran': [charged],
    });
    await expect(provider.chargeHold(chargeRequest())).resolves.toMatchObject({
      status: 'paid',
      transactionId: '40000010',
    });
    expect(sent.map(({ path }) => path)).toEqual([
      '/api/v11/Transactions/Transaction',
      '/api/v11/Transactions/GetTransactionByExternalUniqTran',
    ]);
    expect(cardcomDefinitionErrors('GetExternalUniqTranIdStatusReq', sent[1]!.body)).toEqual([]);
  });

  it('leaves the outcome unknown when the repeat was refused and the look-up shows nothing', async () => {
    const { provider } = cardcomAnswering({
      '/api/v11/Transactions/Transaction': [{ ResponseCode: 608, Description: 'duplicate' }],
      '/api/v11/Transactions/GetTransactionByExternalUniqTran': [{ ResponseCode: 5, Description: 'not found' }],
    });
    await expect(provider.chargeHold(chargeRequest())).rejects.toThrow(PaymentProviderError);
  });

  it('keeps the token out of the error when Cardcom refuses the request', async () => {
    const { provider } = cardcomAnswering({
      '/api/v11/Transactions/Transaction': [{ status: 400, ResponseCode: 400, Description: 'Invalid request' }],
    });
    const failure = await provider.chargeHold(chargeRequest()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(
      JSON.stringify({ message: (failure as Error).message, cause: String((failure as Error).cause) }),
    ).not.toContain(token);
  });

  it('opens the hold page and reads its verdict through the same LowProfile calls', async () => {
    const { provider, sent } = cardcomAnswering({
      '/api/v11/LowProfile/Create': [
        { ResponseCode: 0, Description: 'OK', LowProfileId: lowProfileId, Url: 'https://secure.cardcom.solutions/x' },
      ],
      '/api/v11/LowProfile/GetLpResult': [holdAnswer()],
    });
    await expect(provider.openHoldPage(holdRequest())).resolves.toEqual({
      lowProfileId,
      url: 'https://secure.cardcom.solutions/x',
    });
    await expect(provider.getHoldResult(lowProfileId, platform, 30_000)).resolves.toMatchObject({
      status: 'held',
      token,
    });
    expect(cardcomDefinitionErrors('CreateLowProfile', sent[0]!.body)).toEqual([]);
  });
});
