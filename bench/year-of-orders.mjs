// A year of one café's paid orders, written through the order's own write path (the OrderStore's commands: PlaceOrder,
// OpenPaymentPage, RecordPayment, and for a few RequestRefund and RecordRefund), so the log holds the real events and
// every read model and processor is built from them, exactly as a year of checkouts would leave them. The product's
// HTTP path cannot write the past (it stamps "now"), which is why this runs the built backend in process, on the data
// folder the bench then starts the product on.
//
//   node bench/year-of-orders.mjs DATA_DIR [ORDERS=50000]      (the built backend: `npm run build -w backend` first)
//
// The orders spread over the 365 Israel days before today: busier on Friday mornings, quiet on Saturday, peaks at
// breakfast and lunch, a table number on most, a tip on some, the milk chosen on the coffees, one in a hundred partly
// refunded, where each came from (a table's code, the window poster, a shared link and its tag) and a promo code on about
// one in ten (never on a refunded one). Prints one JSON line: { phone, departmentId, orders, refunds, from, to, seconds }.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import { commissionAgorot, israelDateOf, spreadDiscount } from '@tafrit/contracts';
import { call, root } from './servers.mjs';

const dist = (path) => join(root, 'backend/dist', path);

/** A small deterministic generator (mulberry32): the same seed writes the same year. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick(next, weights) {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = next() * total;
  for (let index = 0; index < weights.length; index++) {
    left -= weights[index];
    if (left < 0) return index;
  }
  return weights.length - 1;
}

// Sunday to Saturday: Friday's mornings are the café's busiest, Saturday half a day.
// The shared links' tags and the café's promo codes (issue 33): the numbers page's sources and promo plots read them.
export const SOURCE_TAGS = ['instagram', 'whatsapp', 'facebook'];
export const PROMO_CODES = [
  { code: 'HAPPY10', id: '00000000-0000-4000-8000-0000000000a1', percent: 10 },
  { code: 'FRIENDS15', id: '00000000-0000-4000-8000-0000000000a2', percent: 15 },
];

/**
 * Where an order came from, its promo code and its tip, drawn from `next` in this order (both year writers share it,
 * so the one-café year keeps its draws): a table's code; else the window poster, or a link (tagged on most) (issue
 * 33); a code on about one order in ten, never on a refunded one, spread over `lines` as the checkout spreads it
 * (decision 052, written into each line's `discountAgorot`); a 10% tip on one in five.
 */
export function sourcePromoAndTip(next, { tableNumber, refund, lines, listed }) {
  const away = next();
  const source = tableNumber
    ? { channel: 'table' }
    : away < 0.3
      ? { channel: 'window' }
      : { channel: 'link', ...(away < 0.8 ? { tag: SOURCE_TAGS[pick(next, [3, 2, 1])] } : {}) };
  const code = !refund && next() < 0.1 ? PROMO_CODES[pick(next, [2, 1])] : undefined;
  const discountAgorot = code ? Math.floor((listed * code.percent) / 100) : 0;
  if (code) {
    const shares = spreadDiscount(
      lines.map((line) => line.unitPriceAgorot * line.quantity),
      discountAgorot,
    );
    lines.forEach((line, index) => {
      if (shares[index] > 0) line.discountAgorot = shares[index];
    });
  }
  const tipAgorot = next() < 0.2 ? Math.round((listed - discountAgorot) * 0.1) : 0;
  return { source, code, discountAgorot, tipAgorot };
}

export const WEEKDAY_WEIGHTS = [1, 1, 1, 1, 1.15, 1.4, 0.55];
// 00:00 to 23:00: closed at night, breakfast and lunch peaks, a quieter evening.
export const HOUR_WEIGHTS = [
  0, 0, 0, 0, 0, 0, 0.2, 1.2, 2.6, 2.8, 2.0, 1.6, 2.4, 2.3, 1.4, 1.1, 1.2, 1.3, 1.0, 0.8, 0.6, 0.4, 0.15, 0,
];

const MENU = [
  [
    'קפה',
    [
      ['אספרסו', 900, true],
      ['הפוך', 1400, true],
      ['לאטה', 1600, true],
      ['אמריקנו', 1100, true],
      ['תה', 1000, false],
    ],
  ],
  [
    'מאפים',
    [
      ['קרואסון חמאה', 1400, false],
      ['קרואסון שקדים', 1700, false],
      ['מאפה גבינה', 1500, false],
      ['עוגיית שוקולד', 900, false],
    ],
  ],
  [
    'ארוחות',
    [
      ['שקשוקה', 5200, false],
      ['ארוחת בוקר זוגית', 12800, false],
      ['טוסט', 3800, false],
      ['סלט יווני', 4800, false],
    ],
  ],
  [
    'שתייה קרה',
    [
      ['לימונדה', 1500, false],
      ['מיץ תפוזים', 1800, false],
      ['אייס קפה', 1900, true],
    ],
  ],
];

/** Registers the café and builds its menu through the owner's API: names, prices and option ids are the menu's own. */
export async function seedCafe(url, { name = 'קפה השנה', address = '198.51.100.250' } = {}) {
  const { isIsraeliMobile } = await import('@tafrit/contracts');
  let phone;
  do phone = `0548${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  while (!isIsraeliMobile(phone));
  const { business, token } = await call(
    url,
    'POST',
    '/api/register',
    {
      fullName: 'שנה של הזמנות',
      businessName: name,
      email: `year-${phone}@example.co.il`,
      idNumber: '515678902',
      phone,
      bankName: '12',
      branch: '600',
      accountNumber: '123456',
      beneficiaryName: 'שנה של הזמנות',
      street: 'הרצל 12',
      city: 'תל אביב-יפו',
    },
    undefined,
    { 'x-forwarded-for': address },
  );
  const milk = await call(
    url,
    'POST',
    '/api/option-groups',
    {
      name: 'חלב',
      minChoices: 0,
      maxChoices: 1,
      without: false,
      options: [
        { name: 'שיבולת שועל', price: '2' },
        { name: 'סויה', price: '1.5' },
        { name: 'שקדים', price: '2.5' },
      ],
    },
    token,
  );
  const products = [];
  for (const [categoryName, items] of MENU) {
    const category = await call(url, 'POST', '/api/categories', { name: categoryName }, token);
    for (const [name, priceAgorot, withMilk] of items) {
      const product = await call(
        url,
        'POST',
        '/api/products',
        { name, price: (priceAgorot / 100).toFixed(2), categoryId: category.id },
        token,
      );
      if (withMilk) await call(url, 'PUT', `/api/products/${product.id}/option-groups/${milk.id}`, {}, token);
      products.push({ id: product.id, name, priceAgorot, withMilk });
    }
  }
  const options = (milk.options ?? []).map((option) => ({
    groupId: String(milk.id),
    groupName: 'חלב',
    optionId: String(option.id),
    name: option.name,
    priceAgorot: Math.round(Number(option.price) * 100),
    without: false,
  }));
  return { phone, business, products, options };
}

/** The instants of `count` orders over the 365 Israel days before `now`'s, oldest first. */
function orderTimes(next, count, now) {
  const today = israelDateOf(now);
  const days = Array.from({ length: 365 }, (_, index) => {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) - (365 - index) * 86_400_000);
    // A slow winter, a busy summer: a café's year is not flat.
    const season = 1 + 0.25 * Math.sin(((index - 90) / 365) * 2 * Math.PI);
    return { date, weight: WEEKDAY_WEIGHTS[date.getUTCDay()] * season };
  });
  const weights = days.map((day) => day.weight);
  const times = [];
  for (let i = 0; i < count; i++) {
    const { date } = days[pick(next, weights)];
    const hour = pick(next, HOUR_WEIGHTS);
    const minute = Math.floor(next() * 60);
    const instant = new TZDate(
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      hour,
      minute,
      Math.floor(next() * 60),
      'Asia/Jerusalem',
    );
    times.push(instant.getTime());
  }
  return times.sort((a, b) => a - b);
}

export async function writeYear({ dataDir, orders: count = 50_000, seed = 33, log = () => {} }) {
  const started = performance.now();
  const { loadConfig } = await import(dist('config/config.js'));
  const { embeddedDataDir, startEmbeddedPostgres } = await import(dist('platform/database/embedded-postgres.js'));
  const { createApp } = await import(dist('app.factory.js'));
  const { OrderStore } = await import(dist('modules/ordering/persistence/order-store.js'));
  const { InvoiceLinks } = await import(dist('modules/invoicing/application/invoice-links.js'));
  const { ProcessorRunner } = await import(dist('platform/processing/processor-runner.js'));
  // No daily backup at start (decision 061): it would run beside the measured work.
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    DAILY_BACKUP: 'false',
  };
  delete env.DATABASE_URL;
  env.LOG_LEVEL = 'warn';
  env.TRUST_PROXY = '127.0.0.1';
  const config = loadConfig(env);
  const embeddedServer = startEmbeddedPostgres(embeddedDataDir(dataDir));
  const { app } = await createApp(config, { embeddedServer });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = app.getHttpServer().address();
    const cafe = await seedCafe(`http://127.0.0.1:${port}`);
    const seller = {
      name: 'קפה השנה',
      dealerNumber: '515678902',
      receiptPhone: null,
      serviceMode: 'table',
      phone: cafe.business.phone,
      street: 'הרצל 12',
      city: 'תל אביב-יפו',
    };
    const store = app.get(OrderStore);
    const links = app.get(InvoiceLinks);
    const next = random(seed);
    const times = orderTimes(next, count, new Date());
    // Popularity: the coffees and croissants sell most, the couple's breakfast least.
    const popularity = cafe.products.map((_, index) => 1 / (1 + index * 0.35));
    let refunds = 0;
    const writeOne = async (number, at) => {
      const orderId = randomUUID();
      const lines = Array.from({ length: 1 + pick(next, [5, 3, 1.5, 0.5]) }, () => {
        const product = cafe.products[pick(next, popularity)];
        const option = product.withMilk && next() < 0.4 ? cafe.options[pick(next, [3, 1.5, 1])] : undefined;
        return {
          productId: product.id,
          name: product.name,
          unitPriceAgorot: product.priceAgorot + (option?.priceAgorot ?? 0),
          quantity: 1 + pick(next, [8, 1.5, 0.5]),
          ...(option ? { options: [option] } : {}),
        };
      });
      const listed = lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0);
      const placedAt = new Date(at).toISOString();
      const paidAt = new Date(at + 40_000 + Math.floor(next() * 80_000)).toISOString();
      const tableNumber = next() < 0.7 ? 1 + Math.floor(next() * 20) : null;
      const refund = next() < 0.01;
      const { source, code, discountAgorot, tipAgorot } = sourcePromoAndTip(next, {
        tableNumber,
        refund,
        lines,
        listed,
      });
      const items = listed - discountAgorot;
      const metadata = { correlationId: randomUUID(), actor: { kind: 'diner' }, occurredAt: placedAt };
      const run = (command, meta = metadata) => store.execute(orderId, command, meta);
      await run({
        type: 'PlaceOrder',
        data: {
          orderId,
          businessPhone: cafe.business.phone,
          departmentId: cafe.business.departmentId,
          orderNumber: number,
          lines,
          totalAgorot: items + tipAgorot,
          commissionAgorot: commissionAgorot(items),
          netAgorot: items + tipAgorot - commissionAgorot(items),
          ...(tipAgorot ? { tipAgorot } : {}),
          remarks: null,
          tableNumber,
          dinerSessionId: randomUUID(),
          customerName: null,
          customerPhone: null,
          placedAt,
          seller,
          source,
          ...(code ? { discount: { code: code.code, promoCodeId: code.id, agorot: discountAgorot } } : {}),
        },
      });
      const lowProfileId = randomUUID();
      await run({
        type: 'OpenPaymentPage',
        data: {
          provider: 'sandbox',
          lowProfileId,
          paymentUrl: `http://127.0.0.1/pay/sandbox/${lowProfileId}`,
          terminal: 'platform',
          now: placedAt,
        },
      });
      await run({
        type: 'RecordPayment',
        data: {
          provider: 'sandbox',
          lowProfileId,
          transactionId: String(number),
          approvalNumber: '123456',
          last4: '4242',
          brand: 'Visa',
          amountAgorot: items + tipAgorot,
          document: null,
          invoiceUrl: links.urlFor(orderId),
          seller,
          now: paidAt,
        },
      });
      if (!refund) return;
      // The first line's first unit back, a day later.
      refunds += 1;
      const refundId = randomUUID();
      const refundAt = new Date(at + 86_400_000).toISOString();
      const owner = { correlationId: randomUUID(), actor: { kind: 'owner' }, occurredAt: refundAt };
      await run(
        {
          type: 'RequestRefund',
          data: { refundId, lines: [{ index: 0, quantity: 1 }], reason: 'טעות בהזמנה', now: refundAt },
        },
        owner,
      );
      await run(
        {
          type: 'RecordRefund',
          data: {
            refundId,
            provider: 'sandbox',
            providerRefundId: `r${number}`,
            amountAgorot: lines[0].unitPriceAgorot,
            creditUrl: links.creditUrlFor(orderId, refundId),
            now: refundAt,
          },
        },
        owner,
      );
    };
    // A few orders in flight at once, as diners pay side by side; each stream is its own.
    const inFlight = 8;
    for (let first = 0; first < times.length; first += inFlight) {
      await Promise.all(times.slice(first, first + inFlight).map((at, offset) => writeOne(first + offset + 1, at)));
      if ((first / inFlight) % 125 === 0)
        log(`  ${first} of ${times.length} orders written at ${Math.round(performance.now() - started)} ms`);
    }
    log(`  ${times.length} orders written in ${Math.round((performance.now() - started) / 1000)} s; projecting`);
    await app.get(ProcessorRunner).runUntilIdle({ timeoutMs: 60 * 60_000 });
    return {
      phone: cafe.phone,
      departmentId: cafe.business.departmentId,
      orders: times.length,
      refunds,
      from: israelDateOf(times[0]),
      to: israelDateOf(times.at(-1)),
      seconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dataDir, orders] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: node bench/year-of-orders.mjs DATA_DIR [ORDERS]');
  const result = await writeYear({
    dataDir,
    orders: orders ? Number(orders) : 50_000,
    log: (message) => console.error(message),
  });
  console.log(JSON.stringify(result));
}
