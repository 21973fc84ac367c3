// The year's orders as the order decider sees them (issue 35): for a café, a day and a number, the commands of one
// order's life (placed, payment page, paid and invoiced, accepted, ready, served; a few refunded a day later, a few
// ordered ahead for a pickup time), decided here by the product's own decider so the events are exactly the ones a
// checkout writes. Pure and deterministic: the same seed gives the same year. year-data.mjs stores them in bulk.
import { TZDate } from '@date-fns/tz';
import { commissionAgorot } from '@tafrit/contracts';
import { HOUR_WEIGHTS, WEEKDAY_WEIGHTS, pick, sourcePromoAndTip } from './year-of-orders.mjs';

/** Raised whenever what is written changes: the cached template of an older generator is not reused. */
export const GENERATOR_VERSION = 1;

/** A deterministic uuid (v4 shape) from the generator: ids are the same in every generation of a seed. */
export function uuidFrom(next) {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(next() * 4)];
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The cafés' yearly orders: a long tail (a few busy cafés, many small ones), the largest taking `largestShare` of the
 * whole (200 cafés of about a million orders in all: the largest about 60,000, 5,000 a month). Returns one count each.
 */
export function cafeSizes(cafes, total) {
  if (cafes === 1) return [total];
  // weight of the i-th café: 1 / (i + 1)^a, with a such that the largest is 6 % of the whole (as at 200 cafés).
  const share = (a) => 1 / Array.from({ length: cafes }, (_, i) => (i + 1) ** -a).reduce((s, w) => s + w, 0);
  const wanted = Math.max(0.06, 1 / cafes);
  let low = 0;
  let high = 3;
  for (let i = 0; i < 50; i++) {
    const mid = (low + high) / 2;
    if (share(mid) < wanted) low = mid;
    else high = mid;
  }
  const weights = Array.from({ length: cafes }, (_, i) => (i + 1) ** -low);
  const sum = weights.reduce((s, w) => s + w, 0);
  return weights.map((weight) => Math.max(1, Math.round((total * weight) / sum)));
}

/**
 * The days of the year (`days` Israel days before `today`) each café is open, with each day's weight: a weekly
 * closed day for most (Saturday, or Friday for some), a few holidays, a busy summer.
 */
export function openDays(next, today, days) {
  const weekly = next() < 0.6 ? 6 : next() < 0.5 ? 5 : -1;
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) - (days - index) * 86_400_000);
    const season = 1 + 0.25 * Math.sin(((index - 90) / 365) * 2 * Math.PI);
    const closed = date.getUTCDay() === weekly || next() < 0.02;
    return { date, weight: closed ? 0 : WEEKDAY_WEIGHTS[date.getUTCDay()] * season };
  });
}

/** The instants of `count` orders on one Israel date, oldest first. */
export function dayTimes(next, date, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const hour = pick(next, HOUR_WEIGHTS);
    const instant = new TZDate(
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      hour,
      Math.floor(next() * 60),
      Math.floor(next() * 60),
      'Asia/Jerusalem',
    );
    times.push(instant.getTime());
  }
  return times.sort((a, b) => a - b);
}

const iso = (ms) => new Date(ms).toISOString();
const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * One order's life as commands, in appends: `paid` (placed to served, stored in one append as a busy checkout and
 * console would leave it) and, for one order in a hundred, `refund` a day later (its own append, decided on the
 * invoiced state). `cafe`: { phone, departmentId, seller, products, options, pickup }.
 */
export function orderLife(next, cafe, number, at) {
  const orderId = uuidFrom(next);
  const lines = Array.from({ length: 1 + pick(next, [5, 3, 1.5, 0.5]) }, () => {
    const product = cafe.products[pick(next, cafe.popularity)];
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
  const paidAt = at + 40_000 + Math.floor(next() * 80_000);
  // A pickup café's orders have no table; one in five of them is ordered ahead for a time half an hour on.
  const tableNumber = !cafe.pickup && next() < 0.7 ? 1 + Math.floor(next() * 20) : null;
  const ahead = cafe.pickup && next() < 0.2;
  const pickupAt = ahead ? Math.ceil((at + 30 * 60_000) / 600_000) * 600_000 : undefined;
  const refund = next() < 0.01;
  const { source, code, discountAgorot, tipAgorot } = sourcePromoAndTip(next, { tableNumber, refund, lines, listed });
  const items = listed - discountAgorot;
  const total = items + tipAgorot;
  const lowProfileId = uuidFrom(next);
  const diner = { kind: 'diner' };
  const owner = { kind: 'owner', id: cafe.phone };
  // The invoice's link as the product writes it, with a token of the same length (the key is the product's own).
  const token = Array.from({ length: 43 }, () => TOKEN_CHARS[Math.floor(next() * 64)]).join('');
  // Accepted a minute or two after the payment (or when an order ahead falls due), ready 5-15 minutes on, served soon after.
  const startAt = pickupAt ? pickupAt - 15 * 60_000 : paidAt;
  const acceptedAt = startAt + 30_000 + Math.floor(next() * 90_000);
  const readyAt = acceptedAt + 5 * 60_000 + Math.floor(next() * 10 * 60_000);
  const servedAt = readyAt + 60_000 + Math.floor(next() * 4 * 60_000);
  const paid = [
    [
      {
        type: 'PlaceOrder',
        data: {
          orderId,
          businessPhone: cafe.phone,
          departmentId: cafe.departmentId,
          orderNumber: number,
          lines,
          totalAgorot: total,
          commissionAgorot: commissionAgorot(items),
          netAgorot: total - commissionAgorot(items),
          ...(tipAgorot ? { tipAgorot } : {}),
          remarks: null,
          tableNumber,
          dinerSessionId: uuidFrom(next),
          customerName: ahead ? 'לקוח' : null,
          customerPhone: null,
          placedAt: iso(at),
          seller: cafe.seller,
          source,
          ...(code ? { discount: { code: code.code, promoCodeId: code.id, agorot: discountAgorot } } : {}),
          ...(pickupAt ? { pickupAt: iso(pickupAt), dueAt: iso(pickupAt - 15 * 60_000) } : {}),
        },
      },
      diner,
      at,
    ],
    [
      {
        type: 'OpenPaymentPage',
        data: {
          provider: 'sandbox',
          lowProfileId,
          paymentUrl: `http://127.0.0.1/pay/sandbox/${lowProfileId}`,
          terminal: 'platform',
          now: iso(at + 2_000),
        },
      },
      diner,
      at + 2_000,
    ],
    [
      {
        type: 'RecordPayment',
        data: {
          provider: 'sandbox',
          lowProfileId,
          transactionId: `${cafe.phone}-${number}`,
          approvalNumber: '123456',
          last4: '4242',
          brand: 'Visa',
          amountAgorot: total,
          document: null,
          invoiceUrl: `/api/invoice/${orderId}?token=${token}`,
          seller: cafe.seller,
          now: iso(paidAt),
        },
      },
      { kind: 'system' },
      paidAt,
    ],
    ...(pickupAt
      ? [
          [
            { type: 'MarkOrderDue', data: { now: iso(pickupAt - 15 * 60_000) } },
            { kind: 'system' },
            pickupAt - 15 * 60_000,
          ],
        ]
      : []),
    [{ type: 'AcceptOrder', data: { now: iso(acceptedAt) } }, owner, acceptedAt],
    [{ type: 'MarkOrderReady', data: { now: iso(readyAt) } }, owner, readyAt],
    [{ type: 'MarkOrderServed', data: { now: iso(servedAt) } }, owner, servedAt],
  ];
  const refundAt = at + 86_400_000;
  const refundId = refund ? uuidFrom(next) : undefined;
  return {
    orderId,
    at,
    paidAgorot: total,
    commissionAgorot: commissionAgorot(items),
    tipAgorot,
    pickup: pickupAt ? iso(pickupAt) : undefined,
    paid,
    refund: refund
      ? {
          at: refundAt,
          agorot: lines[0].unitPriceAgorot,
          commands: [
            [
              {
                type: 'RequestRefund',
                data: { refundId, lines: [{ index: 0, quantity: 1 }], reason: 'טעות בהזמנה', now: iso(refundAt) },
              },
              owner,
              refundAt,
            ],
            [
              {
                type: 'RecordRefund',
                data: {
                  refundId,
                  provider: 'sandbox',
                  providerRefundId: `r-${cafe.phone}-${number}`,
                  amountAgorot: lines[0].unitPriceAgorot,
                  creditUrl: `/api/invoice/${orderId}/credits/${refundId}?token=${token}`,
                  now: iso(refundAt + 5_000),
                },
              },
              owner,
              refundAt + 5_000,
            ],
          ],
        }
      : undefined,
  };
}
