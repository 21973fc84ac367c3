import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  israelMonthOf,
  israelMonthRange,
  lastTwelveMonths,
  type MonthlyReport,
  type ReportOrder,
  orderStreamId,
  type OrderLine,
  shiftMonth,
  splitVat,
} from '@tafrit/contracts';
import { orderDecider } from '../../src/modules/ordering/domain/order.decider.js';
import { handleCommand } from '../../src/platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { recordOrder } from '../support/orders.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One line of `agorot` shekels: the order total is exactly that, so the commission's rounding is the test's. */
function lineOf(agorot: number, name = 'מנה'): OrderLine[] {
  return [{ productId: 1, name, unitPriceAgorot: agorot, quantity: 1 }];
}

function at(start: Date, offsetMs: number): string {
  return new Date(start.getTime() + offsetMs).toISOString();
}

interface Owner extends SignedInOwner {
  departmentId: string;
}

async function newOwner(app: TestApp): Promise<Owner> {
  const owner = await registerOwner(app);
  const business = (owner.answer.body.data as { business: { departmentId: string } }).business;
  return { ...owner, departmentId: business.departmentId };
}

let nextOrderNumber = 1000;

/** A paid order placed at `placedAt` (paid a minute later), recorded through the order aggregate. */
function paidOrder(
  app: TestApp,
  owner: Owner,
  placedAt: string,
  extra: Partial<Parameters<typeof recordOrder>[1]> = {},
) {
  nextOrderNumber += 1;
  return recordOrder(app, {
    businessPhone: owner.phone,
    departmentId: owner.departmentId,
    orderNumber: nextOrderNumber,
    placedAt,
    paidAt: at(new Date(placedAt), MINUTE),
    ...extra,
  });
}

async function report(app: TestApp, owner: Owner, month: string): Promise<MonthlyReport> {
  const answer = await call<{ success: boolean; data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, {
    token: owner.token,
  });
  expect(answer.status).toBe(200);
  expect(answer.body.success).toBe(true);
  return answer.body.data;
}

async function fetchCsv(app: TestApp, owner: Owner | undefined, month: string) {
  const response = await fetch(`${app.url}/api/orders/csv?month=${month}`, {
    headers: owner ? { authorization: `Bearer ${owner.token}` } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, text: bytes.toString('utf8') };
}

/** Issues an invoice as the invoicing processor would; false when the order already had one (the processor won). */
async function issueInvoice(
  app: TestApp,
  orderId: string,
  invoice: { invoiceNumber: string; url: string },
): Promise<boolean> {
  const store = app.app.get<EventStore>(EVENT_STORE);
  const { beforeVat, vat } = splitVat(11800);
  try {
    const result = await handleCommand({
      store,
      streamId: orderStreamId(orderId),
      decider: orderDecider,
      command: {
        type: 'IssueInvoice',
        data: {
          source: 'platform',
          invoiceNumber: invoice.invoiceNumber,
          invoiceUrl: invoice.url,
          beforeVatAgorot: beforeVat,
          vatAgorot: vat,
          vatRatePercent: 18,
          now: new Date().toISOString(),
        },
      },
      metadata: {
        correlationId: randomUUID(),
        actor: { kind: 'system' as const },
        occurredAt: new Date().toISOString(),
      },
    });
    return result.events.length > 0;
  } catch {
    // A concurrent append by the processor: its invoice stands.
    return false;
  }
}

/** The order's report row once its invoice is generated (the processor may still be writing it). */
async function untilInvoiced(app: TestApp, owner: Owner, month: string, orderId: string): Promise<ReportOrder> {
  for (let attempt = 0; ; attempt += 1) {
    const row = (await report(app, owner, month)).orders.find((order) => order.id === orderId);
    if (row?.invoiceStatus === 'generated' || attempt >= 50) return row as ReportOrder;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A small RFC 4180 reader, enough to read back what the route wrote (quotes, commas, newlines in cells). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('the owner monthly orders report', () => {
  let app: TestApp;
  let owner: Owner;
  let neighbour: Owner;
  // The months are taken from today's clock, so the test keeps working as time passes: all are inside the window.
  const current = israelMonthOf(new Date());
  const previous = shiftMonth(current, -1);
  const twoBack = shiftMonth(current, -2);
  const previousStart = israelMonthRange(previous).start;
  const currentStart = israelMonthRange(current).start;
  const remarkWithEverything = 'בלי סוכר, עם "קצף"\nתודה';

  beforeAll(async () => {
    app = await startTestApp();
    owner = await newOwner(app);
    neighbour = await newOwner(app);

    // The previous month, four paid orders whose 5% commissions each round half up:
    // 10.10 -> 0.505 -> 0.51; 10.30 -> 0.515 -> 0.52; 41.00 -> 2.05; 9.90 -> 0.495 -> 0.50.
    await paidOrder(app, owner, at(previousStart, 30 * MINUTE), {
      orderNumber: 1,
      lines: lineOf(1010, 'עוגיה'),
      remarks: '=HYPERLINK("http://evil.example","x")',
    });
    await paidOrder(app, owner, at(previousStart, 2 * DAY + 10 * HOUR), {
      orderNumber: 2,
      lines: lineOf(1030, 'מאפה'),
      remarks: '-2+3',
      tableNumber: 7,
    });
    await paidOrder(app, owner, at(previousStart, 2 * DAY + 12 * HOUR), {
      orderNumber: 3,
      remarks: remarkWithEverything,
    });
    // 23:30 Israel time on the last day of the previous month: still that month.
    await paidOrder(app, owner, at(currentStart, -30 * MINUTE), { orderNumber: 4, lines: lineOf(990, 'תה') });
    // Not paid: never in a report.
    await recordOrder(app, {
      businessPhone: owner.phone,
      departmentId: owner.departmentId,
      orderNumber: 5,
      placedAt: at(previousStart, 5 * DAY),
      lines: lineOf(5000),
    });
    // 23:30 on the last day of the month before: that month, not the previous one.
    await paidOrder(app, owner, at(previousStart, -30 * MINUTE), { orderNumber: 6, lines: lineOf(2000) });
    // Another business's paid order in the same month.
    await paidOrder(app, neighbour, at(previousStart, DAY), { orderNumber: 1, lines: lineOf(7777, 'סוד') });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('lists only the paid orders of the month, newest first, with the month summed exactly to the agora', async () => {
    const data = await report(app, owner, previous);
    expect(data.month).toBe(previous);
    expect(data.orders.map((order) => order.orderNumber)).toEqual([4, 3, 2, 1]);
    // 71.30 in total; per-order half-up commissions add to 3.58 (5% of the sum would be 3.565).
    expect(data.summary).toEqual({
      totalOrders: 4,
      totalAmount: '71.30',
      totalRefunds: '0.00',
      totalCommission: '3.58',
      netAmount: '67.72',
      totalTips: '0.00',
    });
    expect(data.orders.map((order) => [order.totalAmount, order.commission, order.netAmount])).toEqual([
      ['9.90', '0.50', '9.40'],
      ['41.00', '2.05', '38.95'],
      ['10.30', '0.52', '9.78'],
      ['10.10', '0.51', '9.59'],
    ]);
  });

  it('shapes each order explicitly, without private fields', async () => {
    const data = await report(app, owner, previous);
    const order = data.orders.find((row) => row.orderNumber === 3)!;
    expect(Object.keys(order).sort()).toEqual(
      [
        'id',
        'orderNumber',
        'orderDate',
        'totalAmount',
        'commission',
        'netAmount',
        'remarks',
        'tableNumber',
        'items',
        'status',
        'paymentStatus',
        'invoiceNumber',
        'invoiceUrl',
        'invoiceStatus',
        'payment',
        'refunds',
        'unsettledRefunds',
        'tipAmount',
        'paymentMethod',
        'refundedAmount',
        'commissionAfterRefunds',
        'netAfterRefunds',
        'source',
      ].sort(),
    );
    expect(JSON.stringify(data)).not.toMatch(/dinerSession|customerPhone|businessId|test-session/);
    expect(order).toMatchObject({
      orderDate: at(previousStart, 2 * DAY + 12 * HOUR),
      remarks: remarkWithEverything,
      tableNumber: null,
      status: 'paid',
      paymentStatus: 'paid',
      payment: { last4: '0000', brand: 'Visa', approvalNumber: '123456' },
      items: [
        { productId: 1, name: 'הפוך גדול', price: 14.5, quantity: 2 },
        { productId: 2, name: 'קרואסון', price: 12, quantity: 1 },
      ],
    });
    expect(data.orders.find((row) => row.orderNumber === 2)?.tableNumber).toBe(7);
    // The invoicing processor works on its own time: the invoice is pending, or issued with its number and link.
    for (const row of data.orders) {
      if (row.invoiceStatus === 'generated') {
        expect(row.invoiceNumber).toEqual(expect.any(String));
        expect(row.invoiceUrl).toEqual(expect.any(String));
      } else {
        expect(['pending', 'failed']).toContain(row.invoiceStatus);
      }
    }
  });

  it('never shows another business its neighbour orders', async () => {
    const mine = await report(app, owner, previous);
    expect(mine.orders.some((order) => order.totalAmount === '77.77')).toBe(false);
    const theirs = await report(app, neighbour, previous);
    expect(theirs.orders.map((order) => order.totalAmount)).toEqual(['77.77']);
    expect(theirs.summary).toEqual({
      totalOrders: 1,
      totalAmount: '77.77',
      totalRefunds: '0.00',
      totalCommission: '3.89',
      netAmount: '73.88',
      totalTips: '0.00',
    });
  });

  it('counts an order in the Israel month of its time, at both ends of the month', async () => {
    const before = await report(app, owner, twoBack);
    expect(before.orders.map((order) => order.orderNumber)).toEqual([6]);
    expect(before.summary.totalAmount).toBe('20.00');
    const now = await report(app, owner, current);
    expect(now.orders.some((order) => [4, 6].includes(order.orderNumber))).toBe(false);
  });

  it('puts an order at 00:30 on the 1st in the new month, in summer and in winter', async () => {
    // The calendar itself: 00:30 on 1 August 2026 is 21:30 UTC (IDT, UTC+3), on 1 February 22:30 UTC (IST, UTC+2).
    expect(at(israelMonthRange('2026-08').start, 30 * MINUTE)).toBe('2026-07-31T21:30:00.000Z');
    expect(at(israelMonthRange('2026-02').start, 30 * MINUTE)).toBe('2026-01-31T22:30:00.000Z');

    // Through the route, for a summer month and a winter month of the last twelve (every year has both).
    const months = lastTwelveMonths(new Date()).filter((month) => month !== current);
    const summer = months.find((month) => israelMonthRange(month).start.getUTCHours() === 21)!;
    const winter = months.find((month) => israelMonthRange(month).start.getUTCHours() === 22)!;
    expect(summer).toBeDefined();
    expect(winter).toBeDefined();
    for (const month of [summer, winter]) {
      // A business of its own per month: in December the two are October and November, one the month before the other.
      const traveller = await newOwner(app);
      const halfPastMidnight = at(israelMonthRange(month).start, 30 * MINUTE);
      expect(israelMonthOf(halfPastMidnight)).toBe(month);
      await paidOrder(app, traveller, halfPastMidnight, { lines: lineOf(1000) });
      const data = await report(app, traveller, month);
      expect(data.orders.map((order) => order.orderDate)).toEqual([halfPastMidnight]);
      expect(data.daily[0]).toEqual({ date: `${month}-01`, totalOrders: 1, totalAmount: '10.00' });
      // The month before, unless it already fell out of the window (then the route refuses it, as tested below).
      const monthBefore = shiftMonth(month, -1);
      if (lastTwelveMonths(new Date()).includes(monthBefore)) {
        const before = await report(app, traveller, monthBefore);
        expect(before.orders).toEqual([]);
      }
    }
  });

  it('gives every Israel day of the month, zeros included, adding up to the month', async () => {
    const data = await report(app, owner, previous);
    const [year, month] = previous.split('-').map(Number) as [number, number];
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    expect(data.daily).toHaveLength(days);
    expect(data.daily.map((day) => day.date)).toEqual(
      Array.from({ length: days }, (_, index) => `${previous}-${String(index + 1).padStart(2, '0')}`),
    );
    expect(data.daily[0]).toEqual({ date: `${previous}-01`, totalOrders: 1, totalAmount: '10.10' });
    expect(data.daily[1]).toEqual({ date: `${previous}-02`, totalOrders: 0, totalAmount: '0.00' });
    expect(data.daily[2]).toEqual({ date: `${previous}-03`, totalOrders: 2, totalAmount: '51.30' });
    expect(data.daily.at(-1)).toEqual({ date: `${previous}-${days}`, totalOrders: 1, totalAmount: '9.90' });
    const agorot = data.daily.reduce((sum, day) => sum + Math.round(Number(day.totalAmount) * 100), 0);
    expect(agorot).toBe(7130);
  });

  it('answers an empty month with zeros and every day', async () => {
    const empty = await newOwner(app);
    const data = await report(app, empty, current);
    expect(data.orders).toEqual([]);
    expect(data.summary).toEqual({
      totalOrders: 0,
      totalAmount: '0.00',
      totalRefunds: '0.00',
      totalCommission: '0.00',
      netAmount: '0.00',
      totalTips: '0.00',
    });
    expect(data.daily.every((day) => day.totalOrders === 0 && day.totalAmount === '0.00')).toBe(true);
    expect(data.daily.length).toBeGreaterThanOrEqual(28);
  });

  it('shows the invoice number, link and status once the invoice is issued', async () => {
    const { orderId } = await paidOrder(app, owner, at(currentStart, HOUR), { lines: lineOf(11800) });
    const issued = await issueInvoice(app, orderId, {
      invoiceNumber: '40001',
      url: 'https://invoices.example/40001.pdf',
    });
    const row = await untilInvoiced(app, owner, current, orderId);
    expect(row.invoiceStatus).toBe('generated');
    expect(row.invoiceNumber).toMatch(/\S/);
    expect(row.invoiceUrl).toMatch(/\S/);
    // Ours, unless the invoicing processor issued the platform's own invoice first (then ours was a no-op).
    if (issued) expect([row.invoiceNumber, row.invoiceUrl]).toEqual(['40001', 'https://invoices.example/40001.pdf']);

    const { text } = await fetchCsv(app, owner, current);
    const csvRow = parseCsv(text.slice(1)).find((cells) => cells[5] === '118.00');
    expect(csvRow?.slice(8, 13)).toEqual([row.invoiceNumber, 'הופקה', '', '', 'כרטיס אשראי']);
  });

  it('shows each line’s choices with their prices, in the report and its CSV', async () => {
    const lines: OrderLine[] = [
      {
        productId: 1,
        name: 'הפוך',
        unitPriceAgorot: 1650,
        quantity: 2,
        options: [
          { groupId: 'g', groupName: 'חלב', optionId: 'o', name: 'שיבולת שועל', priceAgorot: 200, without: false },
          { groupId: 'w', groupName: 'בלי', optionId: 'f', name: 'קצף', priceAgorot: 0, without: true },
        ],
      },
    ];
    const { orderId } = await paidOrder(app, owner, at(currentStart, 2 * HOUR), { lines });
    const row = (await report(app, owner, current)).orders.find((order) => order.id === orderId);
    expect(row?.items).toEqual([
      {
        productId: 1,
        name: 'הפוך',
        price: 16.5,
        quantity: 2,
        options: [
          { groupName: 'חלב', name: 'שיבולת שועל', price: 2, without: false },
          { groupName: 'בלי', name: 'קצף', price: 0, without: true },
        ],
      },
    ]);
    const { text } = await fetchCsv(app, owner, current);
    const csvRow = parseCsv(text.slice(1)).find((cells) => cells[5] === '33.00');
    expect(csvRow?.[3]).toBe('הפוך (שיבולת שועל ₪2.00, בלי קצף) × 2');
  });

  it('refuses a month that is not YYYY-MM, or outside the current month and the 11 before it', async () => {
    for (const bad of ['', 'abc', '2026-13', '2026-1', '0999-01']) {
      const answer = await call(app, 'GET', `/api/orders?month=${encodeURIComponent(bad)}`, { token: owner.token });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation.failed');
    }
    const missing = await call(app, 'GET', '/api/orders', { token: owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation.failed');
    for (const outside of [shiftMonth(current, -12), shiftMonth(current, 1), '2020-01']) {
      const answer = await call(app, 'GET', `/api/orders?month=${outside}`, { token: owner.token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'report.month_out_of_range' });
      const csv = await fetchCsv(app, owner, outside);
      expect(csv.response.status).toBe(400);
      expect(JSON.parse(csv.text)).toMatchObject({ code: 'report.month_out_of_range' });
    }
    // The oldest month of the window is still fine.
    await report(app, owner, shiftMonth(current, -11));
  });

  it('is for signed-in owners only', async () => {
    const answer = await call(app, 'GET', `/api/orders?month=${current}`);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('auth.unauthenticated');
    const bogus = await call(app, 'GET', `/api/orders?month=${current}`, { token: 'not-a-token' });
    expect(bogus.status).toBe(401);
    const csv = await fetchCsv(app, undefined, current);
    expect(csv.response.status).toBe(401);
  });

  describe('the CSV download', () => {
    it('is a UTF-8 file with a BOM, a Hebrew header, the orders newest first and a summary row', async () => {
      const { response, bytes, text } = await fetchCsv(app, owner, previous);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="orders-${previous}.csv"`);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

      const rows = parseCsv(text.slice(1));
      expect(rows[0]).toEqual([
        'מספר הזמנה',
        'תאריך ושעה (שעון ישראל)',
        'שולחן',
        'פריטים',
        'הערות',
        'סה"כ',
        'עמלה 5%',
        'נטו',
        'מספר חשבונית',
        'סטטוס חשבונית',
        'הוחזר',
        'טיפ',
        'אמצעי תשלום',
        'עמלה אחרי החזרים',
        'נטו אחרי החזרים',
        'מקור',
        'תג מקור',
        'קוד הנחה',
        'הנחה',
      ]);
      expect(rows.slice(1, -1).map((row) => row[0])).toEqual(['4', '3', '2', '1']);
      expect(rows[1]?.slice(0, 8)).toEqual([
        '4',
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} 23:30$/),
        '',
        'תה × 1',
        '',
        '9.90',
        '0.50',
        '9.40',
      ]);
      // Invoice number and Hebrew status: '' and בהפקה while pending, the number and הופקה once issued.
      expect([
        ['', 'בהפקה'],
        [expect.stringMatching(/\S/), 'הופקה'],
        ['', 'נכשלה'],
      ]).toContainEqual(rows[1]?.slice(8, 10));
      expect(rows[1]?.[10]).toBe('');
      expect(rows[4]?.[1]).toMatch(/^01\/\d{2}\/\d{4} 00:30$/);
      expect(rows[2]?.[3]).toBe('הפוך גדול × 2; קרואסון × 1');
      expect(rows[3]?.[2]).toBe('7');
      expect(rows.at(-1)).toEqual([
        'סה"כ',
        '',
        '',
        '4 הזמנות',
        '',
        '71.30',
        '3.58',
        '67.72',
        '',
        '',
        '0.00',
        '0.00',
        '',
        '3.58',
        '67.72',
        '',
        '',
        '',
        '0.00',
      ]);
      expect(rows).toHaveLength(6);
      expect(text).not.toContain('77.77');
    });

    it('quotes a remark with a comma, quotes and a new line, and defuses formulas', async () => {
      const { text } = await fetchCsv(app, owner, previous);
      expect(text).toContain('"בלי סוכר, עם ""קצף""\nתודה"');
      const rows = parseCsv(text.slice(1));
      expect(rows.find((row) => row[0] === '3')?.[4]).toBe(remarkWithEverything);
      expect(rows.find((row) => row[0] === '1')?.[4]).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect(rows.find((row) => row[0] === '2')?.[4]).toBe(`'-2+3`);
      expect(rows.flat().some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
    });

    it('is a header and a zero summary for an empty month', async () => {
      const { response, text } = await fetchCsv(app, neighbour, current);
      expect(response.status).toBe(200);
      const rows = parseCsv(text.slice(1));
      expect(rows).toHaveLength(2);
      expect(rows[1]).toEqual([
        'סה"כ',
        '',
        '',
        '0 הזמנות',
        '',
        '0.00',
        '0.00',
        '0.00',
        '',
        '',
        '0.00',
        '0.00',
        '',
        '0.00',
        '0.00',
        '',
        '',
        '',
        '0.00',
      ]);
    });
  });
});
