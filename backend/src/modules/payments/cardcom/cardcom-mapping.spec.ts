import { describe, expect, it } from '@jest/globals';
import type { CardcomConfig } from '../../../config/config.js';
import { PaymentProviderError, type OpenPaymentPageRequest } from '../payment-provider.port.js';
import {
  cardcomTerminal,
  fromCreateLowProfileResponse,
  fromLowProfileResult,
  shekels,
  toCreateLowProfile,
} from './cardcom-mapping.js';
import { parseCardcomWebhookBody } from './cardcom-webhook-body.js';

const config: CardcomConfig = {
  apiUrl: 'https://secure.cardcom.solutions',
  terminalNumber: '1000',
  apiName: 'platform-api',
  apiPassword: 'platform-secret',
};
const lowProfileId = '0b6b0a4e-8a3f-4c1e-9d55-2b1f3c4d5e6f';
const orderId = '7d0c4a0e-2f7a-4c43-9a59-0f3f2f6a1b11';

function pageRequest(overrides: Partial<OpenPaymentPageRequest> = {}): OpenPaymentPageRequest {
  return {
    orderId,
    orderNumber: 17,
    amountAgorot: 8_650,
    lines: [
      { productId: 1, name: 'שקשוקה', unitPriceAgorot: 4_200, quantity: 1 },
      { productId: 2, name: 'לימונדה', unitPriceAgorot: 2_225, quantity: 2 },
    ],
    business: {
      phone: '+972547654321',
      businessName: 'קפה הים',
      idNumber: '515555555',
      email: 'a@b.co',
      departmentId: '3',
    },
    terminal: { owner: 'platform', credentials: null },
    issueDocument: false,
    tipAgorot: 0,
    method: 'card',
    googlePay: false,
    successUrl: 'https://tafrit.example/pay/ok',
    failedUrl: 'https://tafrit.example/pay/failed',
    webhookUrl: 'https://tafrit.example/api/webhooks/cardcom',
    ...overrides,
  };
}

const businessTerminal = { owner: 'business' as const, credentials: { terminalNumber: '172012', apiName: 'cafe-api' } };

describe('the Cardcom create-page request', () => {
  it('charges the platform terminal in shekels, ChargeOnly in Hebrew, with the order id as ReturnValue', () => {
    const request = pageRequest();
    expect(toCreateLowProfile(request, cardcomTerminal(request.terminal, config))).toEqual({
      TerminalNumber: 1000,
      ApiName: 'platform-api',
      Operation: 'ChargeOnly',
      ReturnValue: orderId,
      Amount: 86.5,
      SuccessRedirectUrl: 'https://tafrit.example/pay/ok',
      FailedRedirectUrl: 'https://tafrit.example/pay/failed',
      WebHookUrl: 'https://tafrit.example/api/webhooks/cardcom',
      ProductName: 'הזמנה #17',
      Language: 'he',
      ISOCoinId: 1,
    });
  });

  it("opens the page in the diner's language where Cardcom has it; the tax document stays in Hebrew", () => {
    const english = toCreateLowProfile(
      pageRequest({ terminal: businessTerminal, issueDocument: true, pageLanguage: 'en' }),
      cardcomTerminal(businessTerminal, config),
    );
    expect(english).toMatchObject({ Language: 'en', ProductName: 'Order #17' });
    expect(english.Document?.Language).toBe('he');
    const request = pageRequest({ pageLanguage: 'ru' });
    const russian = toCreateLowProfile(request, cardcomTerminal(request.terminal, config));
    expect(russian).toMatchObject({ Language: 'ru', ProductName: 'Заказ №17' });
  });

  it('issues the tax invoice receipt on the business terminal, one product line per order line', () => {
    const request = pageRequest({ terminal: businessTerminal, issueDocument: true });
    const body = toCreateLowProfile(request, cardcomTerminal(request.terminal, config));
    expect(body).toMatchObject({ TerminalNumber: 172012, ApiName: 'cafe-api', Amount: 86.5 });
    expect(body.Document).toEqual({
      DocumentTypeToCreate: 'TaxInvoiceAndReceipt',
      Name: 'לקוח מזדמן',
      Language: 'he',
      Products: [
        { Description: 'שקשוקה', UnitCost: 42, Quantity: 1, TotalLineCost: 42 },
        { Description: 'לימונדה', UnitCost: 22.25, Quantity: 2, TotalLineCost: 44.5 },
      ],
    });
  });

  it('describes a line with its choices, its price already including them', () => {
    const request = pageRequest({
      terminal: businessTerminal,
      issueDocument: true,
      amountAgorot: 3_300,
      lines: [
        {
          productId: 1,
          name: 'הפוך גדול',
          unitPriceAgorot: 1_650,
          quantity: 2,
          options: [
            { groupId: 'g', groupName: 'חלב', optionId: 'o', name: 'שיבולת שועל', priceAgorot: 200, without: false },
            { groupId: 'w', groupName: 'בלי', optionId: 'f', name: 'קצף', priceAgorot: 0, without: true },
          ],
        },
      ],
    });
    expect(toCreateLowProfile(request, cardcomTerminal(request.terminal, config)).Document?.Products).toEqual([
      { Description: 'הפוך גדול (שיבולת שועל ₪2.00, בלי קצף)', UnitCost: 16.5, Quantity: 2, TotalLineCost: 33 },
    ]);
  });

  it('never asks for a document on the platform terminal, which would name the platform as the seller', () => {
    const request = pageRequest({ issueDocument: true });
    expect(() => toCreateLowProfile(request, cardcomTerminal(request.terminal, config))).toThrow(/own terminal/);
  });

  it('refuses a document whose lines do not add up to the charge', () => {
    const request = pageRequest({ terminal: businessTerminal, issueDocument: true, amountAgorot: 8_600 });
    expect(() => toCreateLowProfile(request, cardcomTerminal(request.terminal, config))).toThrow(/8650 agorot/);
  });

  it('turns agorot into two-decimal shekels', () => {
    expect([1, 10, 1_050, 1_999, 100_000, 123_456_789].map(shekels)).toEqual([
      0.01, 0.1, 10.5, 19.99, 1000, 1234567.89,
    ]);
  });

  it('rejects a terminal number Cardcom cannot take as an int32', () => {
    const bad = { owner: 'business' as const, credentials: { terminalNumber: '9999999999', apiName: 'x' } };
    expect(() => cardcomTerminal(bad, config)).toThrow(PaymentProviderError);
  });
});

describe("Cardcom's create-page answer", () => {
  it('gives the page id and address on ResponseCode 0', () => {
    const url = 'https://secure.cardcom.solutions/EA/LPC6/1000/abc';
    expect(
      fromCreateLowProfileResponse({ ResponseCode: 0, Description: 'OK', LowProfileId: lowProfileId, Url: url }),
    ).toEqual({ lowProfileId, url });
  });

  it("gives Bit's address (UrlToBit) when the diner chose Bit, and refuses a page without one", () => {
    const url = 'https://secure.cardcom.solutions/EA/LPC6/1000/abc';
    const bitUrl = 'https://secure.cardcom.solutions/EA/Bit/abc';
    const answer = { ResponseCode: 0, LowProfileId: lowProfileId, Url: url, UrlToBit: bitUrl };
    expect(fromCreateLowProfileResponse(answer, true)).toEqual({ lowProfileId, url, bitUrl });
    expect(fromCreateLowProfileResponse(answer)).toEqual({ lowProfileId, url });
    expect(() => fromCreateLowProfileResponse({ ...answer, UrlToBit: null }, true)).toThrow(/Bit is not enabled/);
  });

  it.each([
    [{ ResponseCode: 5033, Description: 'Terminal not active' }, /Terminal not active \(ResponseCode 5033\)/],
    [{ ResponseCode: 0, LowProfileId: lowProfileId, Url: null }, /without LowProfileId or Url/],
    [{ ResponseCode: '0' }, /unexpected shape/],
    [[], /unexpected shape/],
  ])('throws PaymentProviderError for %j', (answer, message) => {
    expect(() => fromCreateLowProfileResponse(answer)).toThrow(PaymentProviderError);
    expect(() => fromCreateLowProfileResponse(answer)).toThrow(message);
  });
});

const approved = {
  ResponseCode: 0,
  Description: 'Success',
  TranzactionId: 40_000_001,
  Amount: 86.5,
  ApprovalNumber: '0012345',
  Last4CardDigits: 4242,
  Last4CardDigitsString: '4242',
  Brand: 'Visa',
};

function lpResult(fields: Record<string, unknown>) {
  return { ResponseCode: 0, Description: 'OK', LowProfileId: lowProfileId, ReturnValue: orderId, ...fields };
}

describe("Cardcom's verdict on a page (GetLpResult)", () => {
  it('is paid when both the look-up and the transaction answer 0, with what the order needs to record', () => {
    expect(
      fromLowProfileResult(lpResult({ TranzactionId: 40_000_001, TranzactionInfo: approved }), lowProfileId),
    ).toEqual({
      status: 'paid',
      lowProfileId,
      returnValue: orderId,
      transactionId: '40000001',
      approvalNumber: '0012345',
      last4: '4242',
      brand: 'Visa',
      amountAgorot: 8_650,
      document: null,
      method: 'card',
    });
  });

  it.each([
    [null, 'card'],
    ['', 'card'],
    ['Bit', 'bit'],
    ['BIT_PAYMENT', 'bit'],
    ['GooglePay', 'google_pay'],
    ['google-pay', 'google_pay'],
    [7, 'card'],
  ])('reads ExternalPaymentVector %j as paid by %s', (vector, method) => {
    const body = lpResult({ TranzactionInfo: approved, ExternalPaymentVector: vector });
    expect(fromLowProfileResult(body, lowProfileId)).toMatchObject({ status: 'paid', method });
  });

  it('keeps the leading zeros of a card ending 0123 that only came as the int Last4CardDigits', () => {
    const info = { ...approved, Last4CardDigits: 123, Last4CardDigitsString: null };
    expect(fromLowProfileResult(lpResult({ TranzactionInfo: info }), lowProfileId)).toMatchObject({ last4: '0123' });
  });

  it('rounds the decimal Amount to whole agorot', () => {
    const info = { ...approved, Amount: 10.1 };
    expect(fromLowProfileResult(lpResult({ TranzactionInfo: info }), lowProfileId)).toMatchObject({
      amountAgorot: 1_010,
    });
  });

  it('carries the document Cardcom issued with the charge', () => {
    const documentInfo = {
      ResponseCode: 0,
      Description: '',
      DocumentType: 'TaxInvoiceAndReceipt',
      DocumentNumber: 1001,
      DocumentUrl: 'https://secure.cardcom.solutions/doc/1001',
    };
    const result = fromLowProfileResult(
      lpResult({ TranzactionInfo: approved, DocumentInfo: documentInfo }),
      lowProfileId,
    );
    expect(result).toMatchObject({
      document: {
        documentType: 'TaxInvoiceAndReceipt',
        documentNumber: '1001',
        documentUrl: 'https://secure.cardcom.solutions/doc/1001',
      },
    });
    const withoutUrl = lpResult({ TranzactionInfo: approved, DocumentInfo: { ...documentInfo, DocumentUrl: null } });
    expect(fromLowProfileResult(withoutUrl, lowProfileId)).toMatchObject({ document: { documentUrl: null } });
  });

  it.each([
    ['failed', { ResponseCode: 12, Description: 'no invoice module', DocumentNumber: 0 }],
    ['typed Error', { ResponseCode: 0, DocumentType: 'Error', DocumentNumber: 5 }],
    ['without a number', { ResponseCode: 0, DocumentType: 'TaxInvoiceAndReceipt' }],
  ])('has no document when Cardcom’s DocumentInfo is %s', (_case, documentInfo) => {
    const result = fromLowProfileResult(
      lpResult({ TranzactionInfo: approved, DocumentInfo: documentInfo }),
      lowProfileId,
    );
    expect(result).toMatchObject({ status: 'paid', document: null });
  });

  it.each([0, 4])('is failed when the card was declined (top-level ResponseCode %i)', (topLevel) => {
    const declined = { ...approved, ResponseCode: 4, Description: 'סירוב', ApprovalNumber: null };
    expect(fromLowProfileResult(lpResult({ ResponseCode: topLevel, TranzactionInfo: declined }), lowProfileId)).toEqual(
      {
        status: 'failed',
        lowProfileId,
        returnValue: orderId,
        responseCode: '4',
        reason: 'סירוב',
      },
    );
  });

  it('is pending while the diner has not finished: ResponseCode 0 and no transaction yet', () => {
    const open = lpResult({ TranzactionId: 0, TranzactionInfo: null, DocumentInfo: null });
    expect(fromLowProfileResult(open, lowProfileId)).toEqual({ status: 'pending', lowProfileId, returnValue: orderId });
  });

  it('is pending when Cardcom cannot report yet but echoes our ReturnValue, so it knows the page', () => {
    const answer = { ResponseCode: 5102, Description: 'deal not completed', ReturnValue: orderId };
    expect(fromLowProfileResult(answer, lowProfileId)).toMatchObject({ status: 'pending', returnValue: orderId });
  });

  it('is unknown when Cardcom answers a non-zero code and knows nothing of the page', () => {
    expect(fromLowProfileResult({ ResponseCode: 5101, Description: 'LowProfile not found' }, lowProfileId)).toEqual({
      status: 'unknown',
      lowProfileId,
    });
  });

  it.each([
    ['an approved transaction without its id', lpResult({ TranzactionInfo: { ...approved, TranzactionId: 0 } })],
    ['an approved transaction under a failed look-up', lpResult({ ResponseCode: 3, TranzactionInfo: approved })],
    ['another page', lpResult({ LowProfileId: '11111111-2222-3333-4444-555555555555', TranzactionInfo: approved })],
    ['no ResponseCode', { Description: 'OK' }],
    ['a string', 'OK'],
  ])('throws PaymentProviderError for %s', (_case, answer) => {
    expect(() => fromLowProfileResult(answer, lowProfileId)).toThrow(PaymentProviderError);
  });
});

describe('the Cardcom webhook body', () => {
  const expected = { lowProfileId, returnValue: orderId };

  it('gives the page id and ReturnValue from a JSON LowProfileResult, parsed or raw', () => {
    const body = lpResult({ TranzactionInfo: approved, Operation: 'ChargeOnly' });
    expect(parseCardcomWebhookBody(body)).toEqual(expected);
    expect(parseCardcomWebhookBody(JSON.stringify(body))).toEqual(expected);
    expect(parseCardcomWebhookBody(Buffer.from(JSON.stringify(body)))).toEqual(expected);
  });

  it('reads the same fields form-encoded, as text or as parsed form fields', () => {
    const form = `ResponseCode=0&LowProfileId=${lowProfileId}&ReturnValue=${orderId}&TranzactionId=40000001`;
    expect(parseCardcomWebhookBody(form)).toEqual(expected);
    expect(parseCardcomWebhookBody(Object.fromEntries(new URLSearchParams(form)))).toEqual(expected);
    expect(parseCardcomWebhookBody(`LowProfileId=${lowProfileId}&ReturnValue=`)).toEqual({
      lowProfileId,
      returnValue: null,
    });
  });

  it.each([
    null,
    undefined,
    42,
    '',
    '<html>hello</html>',
    '{not json',
    [],
    {},
    { LowProfileId: 'DROP TABLE orders' },
    { LowProfileId: [lowProfileId] },
    { lowprofileid: lowProfileId },
  ])('is null for %j', (body) => {
    expect(parseCardcomWebhookBody(body)).toBeNull();
  });
});
