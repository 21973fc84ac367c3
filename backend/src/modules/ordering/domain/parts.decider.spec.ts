import { describe, expect, it } from '@jest/globals';
import type { OrderEvent, SplitChoice } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { BUSINESS_PHONE, ORDER_ID, SELLER_BLOCK, orderPlaced } from '../../../../test/support/order-events.js';
import {
  OrderAlreadyPaidError,
  OrderInvalidTransitionError,
  RefundExceedsRemainingError,
  RefundLineUnavailableError,
  RefundSplitBillError,
} from './order.errors.js';
import { INVOICE_NUMBER_AT_COMMIT, orderDecider, type OrderCommand, type PlacedOrder } from './order.decider.js';
import { derivedRefundId } from './part-refunds.js';
import { PartChangedError, SplitRefusedError } from './parts.js';

const { given } = deciderSpec(orderDecider);
const orderId = ORDER_ID;
const businessPhone = BUSINESS_PHONE;
const PLACED = '2026-11-30T18:00:00.000Z';
const T1 = '2026-11-30T18:40:00.000Z';
const T2 = '2026-11-30T18:41:00.000Z';

// Table 4's bill: two salads and a pasta, ₪100 in all, checked out of the table's cart.
const placed = orderPlaced({
  placedAt: PLACED,
  tableNumber: 4,
  tableCartId: 'cart-1',
  seller: { ...SELLER_BLOCK, receiptPhone: null },
  lines: [
    { productId: 1, name: 'סלט', unitPriceAgorot: 2500, quantity: 2 },
    { productId: 2, name: 'פסטה', unitPriceAgorot: 5000, quantity: 1 },
  ],
});

const payer = (n: number) => ({ dinerId: `d${n}`, name: `אורח ${n}`, colour: 'teal' as const });
const open = (n: number, choice: SplitChoice, itemsAgorot: number, extra: { tip?: number; mine?: number } = {}) =>
  ({
    type: 'OpenPartPage',
    data: {
      now: T1,
      partId: `part-${n}`,
      dinerSessionId: `session-${n}`,
      payer: payer(n),
      choice,
      mineAgorot: extra.mine ?? 0,
      itemsAgorot,
      tipAgorot: extra.tip ?? 0,
      provider: 'sandbox',
      lowProfileId: `lp-${n}`,
      paymentUrl: `https://menu.example/pay/sandbox/lp-${n}`,
      terminal: 'platform',
    },
  }) satisfies OrderCommand;

/** The page the command opens, as its event. */
const opened = (n: number, choice: SplitChoice, itemsAgorot: number, extra: { tip?: number; replaces?: string } = {}) =>
  ({
    type: 'PartPageOpened',
    data: {
      orderId,
      businessPhone,
      partId: `part-${n}`,
      dinerSessionId: `session-${n}`,
      payer: payer(n),
      itemsAgorot,
      tipAgorot: extra.tip ?? 0,
      provider: 'sandbox',
      lowProfileId: `lp-${n}`,
      paymentUrl: `https://menu.example/pay/sandbox/lp-${n}`,
      terminal: 'platform',
      split: choice.mode,
      ...(choice.mode === 'equal' ? { shares: choice.shares } : {}),
      amountAgorot: itemsAgorot + (extra.tip ?? 0),
      ...(extra.replaces ? { replaces: extra.replaces } : {}),
      openedAt: T1,
    },
  }) satisfies OrderEvent;

const card = (n: number, amountAgorot: number) => ({
  provider: 'sandbox' as const,
  lowProfileId: `lp-${n}`,
  transactionId: `tx-${n}`,
  approvalNumber: `00${n}`,
  last4: '0000',
  brand: 'Visa',
  amountAgorot,
  document: null,
  method: 'card' as const,
});
const pay = (n: number, amountAgorot: number, now = T2): OrderCommand => ({
  type: 'RecordPayment',
  data: { ...card(n, amountAgorot), invoiceUrl: `/api/invoice/${orderId}?part=part-${n}`, now },
});
const decline = (n: number): OrderCommand => ({
  type: 'RecordPaymentFailure',
  data: { provider: 'sandbox', lowProfileId: `lp-${n}`, responseCode: '5', reason: 'declined', now: T2 },
});
const partPaid = (n: number, items: number, tip = 0, overpaid = 0): OrderEvent => {
  const commission = Math.round(items * 0.05);
  return {
    type: 'PartPaid',
    data: {
      orderId,
      businessPhone,
      partId: `part-${n}`,
      ...card(n, items + tip),
      itemsAgorot: items,
      tipAgorot: tip,
      commissionAgorot: commission,
      netAgorot: items + tip - commission,
      ...(overpaid ? { overpaidAgorot: overpaid } : {}),
      paidAt: T2,
    },
  };
};
const shareLine = (items: number) => [
  { productId: 1, name: 'חלק מהחשבון שולחן 4, הזמנה 7', quantity: 1, unitPriceAgorot: items },
];
const partInvoice = (n: number, items: number, beforeVat: number, tip = 0): OrderEvent => ({
  type: 'InvoiceIssued',
  data: {
    orderId,
    businessPhone,
    source: 'platform',
    invoiceNumber: INVOICE_NUMBER_AT_COMMIT,
    invoiceUrl: `/api/invoice/${orderId}?part=part-${n}`,
    totalAgorot: items + tip,
    beforeVatAgorot: beforeVat,
    vatAgorot: items - beforeVat,
    vatRatePercent: 18,
    ...(tip ? { tipAgorot: tip } : {}),
    partId: `part-${n}`,
    lines: shareLine(items),
    card: { method: 'card', brand: 'Visa', last4: '0000' },
    issuedAt: T2,
    seller: SELLER_BLOCK,
  },
});
const slip: OrderEvent = {
  type: 'SlipQueued',
  data: { orderId, businessPhone, slipId: `slip-${orderId}`, queuedAt: T2 },
};

describe('a shared table’s bill paid in parts', () => {
  it('opens a page for each payer’s part: equal shares rounded up, the last one what is left', () => {
    const third: SplitChoice = { mode: 'equal', shares: 3 };
    given([placed])
      .when(open(1, third, 3334))
      .then([opened(1, third, 3334)]);
    given([placed, opened(1, third, 3334), opened(2, third, 3334)])
      .when(open(3, { mode: 'all' }, 3332))
      .then([opened(3, { mode: 'all' }, 3332)]);
  });

  it('mine: the payer’s own lines; amount: a chosen sum; each with the payer’s own tip', () => {
    given([placed])
      .when(open(1, { mode: 'mine' }, 5000, { mine: 5000, tip: 500 }))
      .then([opened(1, { mode: 'mine' }, 5000, { tip: 500 })]);
    given([placed])
      .when(open(2, { mode: 'amount', amountAgorot: 1234 }, 1234))
      .then([opened(2, { mode: 'amount', amountAgorot: 1234 }, 1234)]);
  });

  it('two payers of what is left at once: the second is told there is nothing left', () =>
    given([placed, opened(1, { mode: 'all' }, 10_000)])
      .when(open(2, { mode: 'all' }, 10_000))
      .thenThrows(SplitRefusedError, (error) => {
        expect(error.reason).toBe('nothing_left');
        expect(error.leftAgorot).toBe(0);
      }));

  it('a page left open past its hold no longer holds its part: the table is not stuck on a payer who walked away', () => {
    const later = (command: OrderCommand, now: string): OrderCommand =>
      ({ ...command, data: { ...command.data, now } }) as OrderCommand;
    const walkedAway = [placed, opened(1, { mode: 'all' }, 10_000)];
    given(walkedAway)
      .when(later(open(2, { mode: 'all' }, 10_000), '2026-11-30T18:54:59.000Z'))
      .thenThrows(SplitRefusedError);
    const taken = orderDecider.decide(
      later(open(2, { mode: 'all' }, 10_000), '2026-11-30T18:55:00.000Z'),
      fold(walkedAway),
    );
    expect(taken[0]).toMatchObject({ type: 'PartPageOpened', data: { partId: 'part-2', itemsAgorot: 10_000 } });
  });

  it('a page opened for an amount the bill no longer has is refused, to be read again', () =>
    given([placed, opened(1, { mode: 'amount', amountAgorot: 4000 }, 4000)])
      .when(open(2, { mode: 'all' }, 10_000))
      .thenThrows(PartChangedError));

  it('refuses a share above what is left, a part below ₪1 and a split of one line among 50', () => {
    given([placed])
      .when(open(1, { mode: 'amount', amountAgorot: 10_001 }, 10_001))
      .thenThrows(SplitRefusedError, (error) => expect(error.reason).toBe('above_left'));
    given([placed])
      .when(open(1, { mode: 'amount', amountAgorot: 50 }, 50))
      .thenThrows(SplitRefusedError, (error) => expect(error.reason).toBe('part_too_small'));
    const single = orderPlaced({ placedAt: PLACED, tableNumber: 4, tableCartId: 'cart-1' });
    given([single])
      .when(open(1, { mode: 'equal', shares: 50 }, 29))
      .thenThrows(SplitRefusedError, (error) => expect(error.reason).toBe('part_too_small'));
  });

  it('a declined card leaves the share open for anyone', () => {
    given([placed, opened(1, { mode: 'all' }, 10_000)])
      .when(decline(1))
      .then([
        {
          type: 'PartFailed',
          data: {
            orderId,
            businessPhone,
            partId: 'part-1',
            provider: 'sandbox',
            lowProfileId: 'lp-1',
            responseCode: '5',
            reason: 'declined',
            failedAt: T2,
          },
        },
      ]);
    const failed = orderDecider.decide(decline(1), fold([placed, opened(1, { mode: 'all' }, 10_000)]));
    given([placed, opened(1, { mode: 'all' }, 10_000), ...failed])
      .when(open(2, { mode: 'all' }, 10_000))
      .then([opened(2, { mode: 'all' }, 10_000)]);
  });

  it('a part paid short of the bill gets its own document and sends nothing to the kitchen', () =>
    given([placed, opened(1, { mode: 'mine' }, 5000, { tip: 500 })])
      .when(pay(1, 5500))
      .then([partPaid(1, 5000, 500), partInvoice(1, 5000, 4237, 500)]));

  it('the part that covers the bill pays the order once, with the parts’ sums, and sends it to the kitchen', () => {
    const history = [
      placed,
      opened(1, { mode: 'mine' }, 5000, { tip: 500 }),
      partPaid(1, 5000, 500),
      partInvoice(1, 5000, 4237, 500),
      opened(2, { mode: 'all' }, 5000),
    ];
    given(history)
      .when(pay(2, 5000))
      .then([
        partPaid(2, 5000),
        partInvoice(2, 5000, 4237),
        {
          type: 'OrderPaid',
          data: {
            orderId,
            businessPhone,
            provider: 'sandbox',
            lowProfileId: 'lp-2',
            transactionId: 'tx-2',
            approvalNumber: '002',
            last4: '0000',
            brand: 'Visa',
            amountAgorot: 10_500,
            commissionAgorot: 500,
            netAgorot: 10_000,
            document: null,
            tipAgorot: 500,
            method: 'card',
            parts: 2,
            paidAt: T2,
          },
        },
        slip,
      ]);
    // The same webhook again decides nothing; a second charge on a paid part is refused.
    const paidAll = [...history, partPaid(2, 5000), partInvoice(2, 5000, 4237)];
    given(paidAll).when(pay(2, 5000)).then([]);
  });

  it('paid by one payer, the order carries that payer’s document as the spec’s invoice fields', () => {
    const decided = orderDecider.decide(pay(1, 10_000), fold([placed, opened(1, { mode: 'all' }, 10_000)]));
    const state = fold([placed, opened(1, { mode: 'all' }, 10_000), ...decided]) as PlacedOrder;
    expect(decided.map((event) => event.type)).toEqual(['PartPaid', 'InvoiceIssued', 'OrderPaid', 'SlipQueued']);
    expect(state.payment.status).toBe('paid');
    expect(state.status).toBe('paid');
    expect(state.invoiceNumber).toBe(INVOICE_NUMBER_AT_COMMIT);
    expect(state.invoiceUrl).toBe(`/api/invoice/${orderId}?part=part-1`);
    expect(state).toMatchObject({ invoiceSource: 'platform', invoiceVatRatePercent: 18 });
    expect(state.parts?.[0]).toMatchObject({ status: 'paid', invoiceNumber: INVOICE_NUMBER_AT_COMMIT });
  });

  it('a payer’s new choice replaces their open page; a late charge on the old one above the bill is owed back', () => {
    const history = [placed, opened(1, { mode: 'all' }, 10_000)];
    given(history)
      .when(open(9, { mode: 'amount', amountAgorot: 4000 }, 4000))
      .thenThrows(SplitRefusedError, (error) => expect(error.reason).toBe('nothing_left'));
    // The same payer (session 1) changes to half: their first page's hold ends.
    const half = {
      ...open(1, { mode: 'equal', shares: 2 }, 5000),
      data: { ...open(1, { mode: 'equal', shares: 2 }, 5000).data, partId: 'part-1b', lowProfileId: 'lp-1b' },
    };
    const replaced = orderDecider.decide(half, fold(history));
    expect(replaced[0]).toMatchObject({ type: 'PartPageOpened', data: { replaces: 'part-1', itemsAgorot: 5000 } });
    // Another payer takes the rest, pays; then the old page is paid late after all.
    const more = [
      ...history,
      ...replaced,
      opened(2, { mode: 'all' }, 5000),
      partPaid(2, 5000),
      partInvoice(2, 5000, 4237),
    ];
    const late = orderDecider.decide(pay(1, 10_000), fold(more));
    expect(late[0]).toMatchObject({ type: 'PartPaid', data: { partId: 'part-1', overpaidAgorot: 5000 } });
    expect(late.some((event) => event.type === 'OrderPaid')).toBe(true);
  });

  it('an order with a part paid never expires, and a table order only takes parts', () => {
    given([placed, opened(1, { mode: 'mine' }, 5000), partPaid(1, 5000), partInvoice(1, 5000, 4237)])
      .when({ type: 'ExpireOrder', data: { now: '2026-11-30T20:00:00.000Z' } })
      .then([]);
    given([orderPlaced({ placedAt: PLACED })])
      .when(open(1, { mode: 'all' }, 1450))
      .thenThrows(OrderInvalidTransitionError);
  });

  describe('refunds of a bill paid in parts', () => {
    const R1 = '7d1c2b3a-0000-4000-8000-000000000001';
    // Dana paid her salad (₪25 and a ₪5 tip), Omer paid the rest (a salad and the pasta, ₪75).
    const salad = { productId: 1, name: 'סלט', unitPriceAgorot: 2500, quantity: 1 };
    const danasPage: OrderEvent = {
      ...opened(1, { mode: 'mine' }, 2500, { tip: 500 }),
    };
    (danasPage.data as { lines?: unknown }).lines = [salad];
    const danasPaid = [
      placed,
      danasPage,
      partPaid(1, 2500, 500),
      {
        ...partInvoice(1, 2500, 2119, 500),
        data: { ...partInvoice(1, 2500, 2119, 500).data, invoiceNumber: '41' },
      } as OrderEvent,
      opened(2, { mode: 'all' }, 7500),
    ];
    // Omer's payment covers the bill: decided as the webhook's would be, with the order's OrderPaid and slip.
    const paidBill = [...danasPaid, ...orderDecider.decide(pay(2, 7500), fold(danasPaid))];
    const refund = (data: Record<string, unknown>): OrderCommand =>
      ({ type: 'RequestRefund', data: { refundId: R1, reason: 'קר', now: T2, ...data } }) as OrderCommand;

    it('a line is refunded against the payment that paid for it, with that payment’s commission', () => {
      const decided = orderDecider.decide(refund({ lines: [{ index: 0, quantity: 1 }] }), fold(paidBill));
      expect(decided).toEqual([
        {
          type: 'RefundRequested',
          data: {
            orderId,
            businessPhone,
            refundId: R1,
            amountAgorot: 2500,
            commissionAgorot: 125,
            lines: [{ index: 0, quantity: 1 }],
            reason: 'קר',
            requestedAt: T2,
            partId: 'part-1',
          },
        },
      ]);
    });

    it('an amount names its payment; never more than that payment paid', () => {
      given(paidBill)
        .when(refund({ amountAgorot: 1000 }))
        .thenThrows(RefundSplitBillError);
      given(paidBill)
        .when(refund({ amountAgorot: 3001, partId: 'part-1' }))
        .thenThrows(RefundExceedsRemainingError);
      const decided = orderDecider.decide(refund({ amountAgorot: 3000, partId: 'part-1' }), fold(paidBill));
      // All of Dana's payment: her whole commission back, and her tip with it.
      expect(decided[0]).toMatchObject({ data: { amountAgorot: 3000, commissionAgorot: 125, partId: 'part-1' } });
      // The pasta was paid by Omer's share, not by a line of his: refunded by amount against his payment only.
      given(paidBill)
        .when(refund({ lines: [{ index: 1, quantity: 1 }] }))
        .thenThrows(RefundSplitBillError);
      given(paidBill)
        .when(refund({ lines: [{ index: 1, quantity: 1 }], partId: 'part-2' }))
        .thenThrows(RefundLineUnavailableError);
    });

    it('the credit document credits that payer’s own document, and the provider’s refund is on their charge', () => {
      const requested = orderDecider.decide(refund({ amountAgorot: 2500, partId: 'part-1' }), fold(paidBill));
      const credited = orderDecider.decide(
        {
          type: 'RecordRefund',
          data: {
            refundId: R1,
            provider: 'sandbox',
            providerRefundId: 'pr-1',
            amountAgorot: 2500,
            creditUrl: '/c',
            now: T2,
          },
        },
        fold([...paidBill, ...requested]),
      );
      expect(credited[1]).toMatchObject({
        type: 'CreditIssued',
        data: { originalInvoiceNumber: '41', totalAgorot: 2500, beforeVatAgorot: 2119, vatAgorot: 381 },
      });
    });

    it('a declined bill asks for every payer’s payment back, each a refund of its own', () => {
      const declined = orderDecider.decide(
        { type: 'DeclineOrder', data: { refundId: R1, reason: 'נגמרה הפסטה', now: T2 } },
        fold(paidBill),
      );
      expect(declined.map((event) => [event.type, (event.data as { partId?: string }).partId])).toEqual([
        ['OrderDeclined', undefined],
        ['RefundRequested', 'part-1'],
        ['RefundRequested', 'part-2'],
      ]);
      const ids = declined.slice(1).map((event) => (event.data as { refundId: string }).refundId);
      expect(ids[0]).toBe(R1);
      expect(ids[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(ids[1]).not.toBe(R1);
      // Any id's derivation stays a UUID, even one whose last digits are large.
      expect(derivedRefundId('439892de-716a-4482-8373-ffff63919e09', 1)).toBe('439892de-716a-4482-8373-ffff63919e08');
      expect(declined.slice(1).map((event) => (event.data as { amountAgorot: number }).amountAgorot)).toEqual([
        3000, 7500,
      ]);
    });
  });

  it('a paid bill takes no more parts', () => {
    const decided = orderDecider.decide(pay(1, 10_000), fold([placed, opened(1, { mode: 'all' }, 10_000)]));
    given([placed, opened(1, { mode: 'all' }, 10_000), ...decided])
      .when(open(2, { mode: 'all' }, 0))
      .thenThrows(OrderAlreadyPaidError);
  });
});

/** The state a command is decided on, folded from these events. */
function fold(events: OrderEvent[]) {
  return events.reduce((state, event) => orderDecider.evolve(state, event), orderDecider.initialState());
}
