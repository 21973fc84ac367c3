import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderEventData } from '@tafrit/contracts';
import {
  RECEIPT_SMS_MAX_CHARS,
  RECEIPT_SMS_PROCESSOR,
  receiptSmsText,
} from '../../src/modules/ordering/processors/receipt-sms.processor.js';
import { query } from '../../src/platform/database/sql.js';
import type { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { SmsDeliveryError, type SmsSender } from '../../src/platform/sms/sms.port.js';
import { newPhone, smsLog } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  type Cafe,
  deliver,
  paidEventOf,
  paidOrder,
  paymentProcessors,
  registerCafe,
  streamOf,
  typesOf,
  takeOverRunner,
} from '../invoicing/support.js';

let app: TestApp;
let runner: ProcessorRunner;
let processors: ReturnType<typeof paymentProcessors>;

beforeAll(async () => {
  app = await startTestApp();
  processors = paymentProcessors(app);
  runner = await takeOverRunner(app, [processors.receiptSms]);
});
afterAll(() => app.close());

const receiptsTo = (phone: string) => smsLog(app).filter((line) => line.kind === 'receipt' && line.to === phone);
const countOf = async (orderId: string, type: string) =>
  typesOf(await streamOf(app, orderId)).filter((candidate) => candidate === type).length;

async function effectOf(orderId: string) {
  const [row] = await query<{ completed: boolean }>(
    app.database.em(),
    'select completed_at is not null as completed from effect_keys where effect_key = ?',
    [`receipt-sms:${orderId}`],
  );
  return row;
}

/** A person's text in an SMS: isolated (FSI ... PDI, issue 29). */
const iso = (text: string) => `\u2068${text}\u2069`;

describe('the receipt text', () => {
  it('names the order, the table, the items, the total and the remarks', () => {
    expect(
      receiptSmsText({
        orderNumber: 12,
        tableNumber: 4,
        lines: [
          { name: 'הפוך גדול', quantity: 2 },
          { name: 'קרואסון', quantity: 1 },
        ],
        totalAgorot: 4100,
        remarks: 'בלי בצל',
      }),
    ).toBe(`הזמנה #12, שולחן 4: 2 × ${iso('הפוך גדול')}, 1 × ${iso('קרואסון')}. סה"כ ₪41.00. הערות: ${iso('בלי בצל')}`);
    expect(
      receiptSmsText({
        orderNumber: 3,
        tableNumber: null,
        lines: [{ name: 'אספרסו', quantity: 1 }],
        totalAgorot: 900,
        remarks: null,
      }),
    ).toBe(`הזמנה #3: 1 × ${iso('אספרסו')}. סה"כ ₪9.00.`);
  });

  it('names the tip apart inside the total (issue 17)', () => {
    expect(
      receiptSmsText({
        orderNumber: 5,
        tableNumber: null,
        lines: [{ name: 'הפוך', quantity: 1 }],
        totalAgorot: 1540,
        tipAgorot: 140,
        remarks: null,
      }),
    ).toBe(`הזמנה #5: 1 × ${iso('הפוך')}. סה"כ ₪15.40 (מזה טיפ ₪1.40).`);
  });

  it('names each line’s choices with their prices, "without" ones as such', () => {
    const choice = (name: string, priceAgorot: number, without = false) => ({
      groupId: 'g',
      groupName: without ? 'בלי' : 'חלב',
      optionId: name,
      name,
      priceAgorot,
      without,
    });
    expect(
      receiptSmsText({
        orderNumber: 12,
        tableNumber: null,
        lines: [
          { name: 'הפוך גדול', quantity: 2, options: [choice('שיבולת שועל', 200), choice('קצף', 0, true)] },
          { name: 'קרואסון', quantity: 1, options: [choice('מחומם', 0)] },
        ],
        totalAgorot: 4500,
        remarks: null,
      }),
    ).toBe(
      `הזמנה #12: 2 × ${iso('הפוך גדול')} (${iso('שיבולת שועל ₪2.00, בלי קצף')}), 1 × ${iso('קרואסון')} (${iso('מחומם')}). סה"כ ₪45.00.`,
    );
  });

  it('prints a person’s text without direction controls and isolated, the digits in order (issue 29)', () => {
    // Recorded before the contracts removed them: an override in the remarks, an embedding in a name and a choice.
    const text = receiptSmsText({
      orderNumber: 7,
      tableNumber: 2,
      lines: [
        {
          name: '\u202dהפוך 2\u202c',
          quantity: 3,
          options: [
            { groupId: 'g', groupName: 'בלי', optionId: 'o', name: '\u202eבלי קצף', priceAgorot: 0, without: true },
          ],
        },
      ],
      totalAgorot: 4500,
      remarks: 'שולחן \u202e123',
    });
    expect(text).toBe(
      `הזמנה #7, שולחן 2: 3 × ${iso('הפוך 2')} (${iso('בלי קצף')}). סה"כ ₪45.00. הערות: ${iso('שולחן 123')}`,
    );
    expect(text).not.toMatch(/[\u202a-\u202e]/);
  });

  it('stays short for a long order: the items that fit, then how many more', () => {
    const lines = Array.from({ length: 40 }, (_, index) => ({
      name: `מאפה שקדים מיוחד מספר ${index + 1}`,
      quantity: 2,
    }));
    const text = receiptSmsText({
      orderNumber: 120,
      tableNumber: 15,
      lines,
      totalAgorot: 123_450,
      remarks: 'הרבה הערות '.repeat(30),
    });
    expect(text.length).toBeLessThanOrEqual(RECEIPT_SMS_MAX_CHARS);
    expect(text).toMatch(/^הזמנה #120, שולחן 15: 2 × \u2068מאפה שקדים מיוחד מספר 1\u2069, /);
    expect(text).toMatch(/, ועוד \d+ פריטים\. סה"כ ₪1,234\.50\. הערות: \u2068הרבה הערות .*…\u2069$/);
  });
});

describe('the receipt SMS of a paid order', () => {
  let cafe: Cafe;
  beforeAll(async () => {
    cafe = await registerCafe(app);
  });

  it('goes to the receipt phone the business chose (its own phone here), once', async () => {
    const { orderId } = await paidOrder(app, cafe, { tableNumber: 4, remarks: 'בלי בצל' });
    await runner.runUntilIdle();

    const sent = receiptsTo(cafe.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toBe(
      `הזמנה #1, שולחן 4: 2 × ${iso('הפוך גדול')}, 1 × ${iso('קרואסון')}. סה"כ ₪41.00. הערות: ${iso('בלי בצל')}`,
    );
    const recorded = (await streamOf(app, orderId)).find((event) => event.type === 'ReceiptSmsSent');
    expect(recorded?.data).toMatchObject({ orderId, to: cafe.phone } satisfies Partial<
      OrderEventData['ReceiptSmsSent']
    >);
    expect(recorded?.metadata.actor).toEqual({ kind: 'system', id: RECEIPT_SMS_PROCESSOR });
    expect(await effectOf(orderId)).toEqual({ completed: true });
  });

  it('goes to the receipt phone when the business chose one', async () => {
    const receiptPhone = newPhone();
    const withReceiptPhone = await registerCafe(app, { receiptPhone: receiptPhone.local });
    await paidOrder(app, withReceiptPhone);
    await runner.runUntilIdle();
    expect(receiptsTo(receiptPhone.e164)).toHaveLength(1);
    expect(receiptsTo(withReceiptPhone.phone)).toHaveLength(0);
  });

  it('is not sent, and nothing is recorded, when the business chose no receipt phone', async () => {
    const silent = await registerCafe(app, { receiptPhone: '' });
    const { orderId } = await paidOrder(app, silent);
    await runner.runUntilIdle();
    expect(receiptsTo(silent.phone)).toHaveLength(0);
    expect(typesOf(await streamOf(app, orderId)).filter((type) => type.startsWith('ReceiptSms'))).toEqual([]);
  });

  it('is sent once when the same payment is delivered again', async () => {
    const { orderId } = await paidOrder(app, cafe);
    await runner.runUntilIdle();
    const before = receiptsTo(cafe.phone).length;
    const paid = await paidEventOf(app, orderId);
    await deliver(app, processors.receiptSms, paid);
    await deliver(app, processors.receiptSms, paid);
    expect(receiptsTo(cafe.phone)).toHaveLength(before);
    expect(await countOf(orderId, 'ReceiptSmsSent')).toBe(1);
  });

  it('is not sent late: an order paid over an hour ago is recorded as not sent', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const { orderId } = await paidOrder(app, cafe, { placedAt: twoHoursAgo, paidAt: twoHoursAgo });
    const before = receiptsTo(cafe.phone).length;
    await runner.runUntilIdle();
    expect(receiptsTo(cafe.phone)).toHaveLength(before);
    const failed = (await streamOf(app, orderId)).find((event) => event.type === 'ReceiptSmsFailed');
    expect((failed?.data as OrderEventData['ReceiptSmsFailed']).reason).toMatch(/an hour ago/);
    expect(await effectOf(orderId)).toBeUndefined();
  });

  it('records a refusal of the gateway without throwing, and never sends it again', async () => {
    const refusing: SmsSender = {
      provider: 'refusing',
      send: () => Promise.reject(new SmsDeliveryError('refusing', 'StatusId -18 (Sender not approved)')),
    };
    const { orderId } = await paidOrder(app, cafe);
    const before = receiptsTo(cafe.phone).length;
    const paid = await paidEventOf(app, orderId);

    await deliver(app, paymentProcessors(app, refusing).receiptSms, paid);
    const failed = (await streamOf(app, orderId)).find((event) => event.type === 'ReceiptSmsFailed');
    expect(failed?.data).toMatchObject({ to: cafe.phone, reason: 'refusing: StatusId -18 (Sender not approved)' });
    expect(await effectOf(orderId)).toEqual({ completed: false });

    await runner.runUntilIdle();
    await deliver(app, processors.receiptSms, paid);
    expect(receiptsTo(cafe.phone)).toHaveLength(before);
    expect(typesOf(await streamOf(app, orderId)).filter((type) => type.startsWith('ReceiptSms'))).toEqual([
      'ReceiptSmsFailed',
    ]);
  });

  it('is not sent again after a crash between the claim and the gateway (at most once)', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const before = receiptsTo(cafe.phone).length;
    // What a crash leaves behind: the claim, no completion, nothing in the log.
    await query(app.database.em(), 'insert into effect_keys (effect_key) values (?)', [`receipt-sms:${orderId}`]);
    await runner.runUntilIdle();
    expect(receiptsTo(cafe.phone)).toHaveLength(before);
    const failed = (await streamOf(app, orderId)).find((event) => event.type === 'ReceiptSmsFailed');
    expect((failed?.data as OrderEventData['ReceiptSmsFailed']).reason).toMatch(/not resent/);
  });

  it('records the SMS as sent after a crash between the gateway and the log, without sending it again', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const before = receiptsTo(cafe.phone).length;
    await query(app.database.em(), 'insert into effect_keys (effect_key, completed_at) values (?, now())', [
      `receipt-sms:${orderId}`,
    ]);
    await runner.runUntilIdle();
    expect(receiptsTo(cafe.phone)).toHaveLength(before);
    expect(await countOf(orderId, 'ReceiptSmsSent')).toBe(1);
  });
});
