// The checkout (product spec §2, §4, §8): the amount, then the payment provider's page in a frame. The order and its
// payment page are made by `POST /api/cardcom/create-payment` once per visit of this screen; the server reprices the
// cart, and when its total differs from the one the diner saw, nothing is charged: the diner sees the new total and
// confirms it first. Card details never pass through our page (PCI SAQ A).
import { useEffect, useEffectEvent, useState } from 'react';
import { lastOrder } from '@/lib/storage';
import type { PublicOrderAhead } from '@tafrit/contracts/order-ahead';
import { offeredPickup, PickupTime } from './pickup-time';
import { cartTotal, lineKey, loadTable, type CartLine } from './cart';
import { PaymentChoice, tipOf } from './payment-choice';
import { ReadySmsField, type ReadySmsTarget } from './ready-sms-field';
import { InvoiceForField } from './invoice-for-field';
import { PromoCodeField } from './promo-code-field';
import type { PromoCheckAnswer } from '@tafrit/contracts/http/promo-codes.schemas';
import type { InvoiceFor } from '@tafrit/contracts/invoice-for';
import { formatShekels } from './money';
import { dinerHref } from './paths';
import { useErrorText } from './error-text';
import { useText } from './language';
import { PaymentFrame } from './payment-frame';
import { paymentRequest } from './payment-request';
import { repricedKey, requestOnce, requests, type Attempt, type PaymentOutcome } from './payment-answer';
import {
  Alert,
  BackLink,
  EmptyCheckout,
  FreeOnlyCheckout,
  OrderingClosed,
  OrderSummary,
  PaymentError,
  PriceChanged,
  Unavailable,
} from './checkout-notices';
import { DinerLink, PageMain, useDiner, useDocumentTitle, secondaryButtonClass } from './ui';
import { joinedTable } from './table-secret';
import { tableSplit } from './table-split';
import { refusalText, useSplitWords } from './split-words';

export interface CheckoutPageProps {
  departmentId: string;
  businessName: string;
  lines: readonly CartLine[];
  update(change: (lines: readonly CartLine[]) => CartLine[]): CartLine[];
  /** What the business offers beside a card (issue 17); absent: nothing, and the page opens at once. */
  payments?: { tips: boolean; bit: boolean; googlePay: boolean } | undefined;
  /** Order ahead (issue 33), as the menu the diner browsed offered it; absent: as soon as possible only. */
  orderAhead?: PublicOrderAhead | undefined;
}

export function CheckoutPage({ departmentId, businessName, lines, update, payments, orderAhead }: CheckoutPageProps) {
  const errors = useErrorText();
  const t = useText();
  useDocumentTitle(t.pageTitle(t.checkout.title));
  const { navigate, announce } = useDiner();
  // Back from the payment page after a failure (frame-breakout.ts): say so, and open a fresh payment page.
  // (The server never draws that page: see server.tsx.)
  const [failedBefore] = useState(
    () => typeof location !== 'undefined' && new URLSearchParams(location.search).get('payment') === 'failed',
  );
  // An empty cart asks for nothing, nor does a cart of free items only (no provider opens a page for ₪0).
  // A tip or Bit to choose first: no page is asked for until the diner chose.
  const offersChoice = Boolean(payments?.tips || payments?.bit);
  // At a shared table (issue 34): the part the diner chose in the table's cart (none: all that is left).
  const [split] = useState(() => (joinedTable(departmentId) ? tableSplit(departmentId) : undefined));
  const w = useSplitWords();
  // Order ahead (issue 33): "as soon as possible" where it may be chosen now (the page opens at once, as before),
  // else the first free slot. Another time chosen after the page opened is another request: a new order for that
  // slot and its own page (the first is left unpaid and expires, giving its place back).
  const [pickup] = useState(() => offeredPickup(orderAhead, loadTable(departmentId) !== undefined));
  const [pickupAt, setPickupAt] = useState<string | null>(() =>
    pickup && !pickup.asap ? (pickup.slots[0]?.at ?? null) : null,
  );
  const [attempt, setAttempt] = useState<Attempt | null>(() =>
    lines.length > 0 && cartTotal(lines) > 0 && !offersChoice
      ? { amount: split ? split.partAgorot : cartTotal(lines), ...(pickupAt ? { pickupAt } : {}) }
      : null,
  );
  const choosePickup = (at: string | null) => {
    if (at === pickupAt) return;
    setPickupAt(at);
    if (attempt) setAttempt({ ...withoutPickup(attempt), ...(at ? { pickupAt: at } : {}) });
  };
  const [result, setResult] = useState<{ attempt: Attempt; outcome: PaymentOutcome } | null>(null);
  // A number given while a tip or Bit is still to choose goes with the order's first request.
  const [readySmsPhone, setReadySmsPhone] = useState<string | null>(null);
  // The business the invoice is made out to (issue 32). Asked for before the page opened: it goes with the first
  // request; after: another request, a new order naming the buyer and its own page (the first one is left unpaid).
  const [invoiceFor, setInvoiceFor] = useState<InvoiceFor | null>(null);
  // A promo code the cart's check accepted (issue 33): the items' total less its discount is what the tip's percent
  // and the payment are of. Applied after the page opened: another request, a new order with the code.
  const [promo, setPromo] = useState<PromoCheckAnswer | null>(null);
  // The items paid here: the diner's part at a shared table, else the cart less a promo code's discount.
  const paidItems = (discount = promo?.discountAgorot ?? 0) =>
    split ? split.partAgorot : Math.max(0, cartTotal(lines) - discount);
  const choosePromo = (applied: PromoCheckAnswer | null) => {
    setPromo(applied);
    if (!attempt) return;
    const items = paidItems(applied?.discountAgorot ?? 0);
    const tip = attempt.tip ? tipOf(attempt.tip, items) : 0;
    setAttempt({ ...attempt, amount: items + tip, promoCode: applied?.code ?? null });
  };
  const chooseInvoiceFor = (buyer: InvoiceFor | null) => {
    if (buyer?.name === invoiceFor?.name && buyer?.taxId === invoiceFor?.taxId) return;
    setInvoiceFor(buyer);
    if (attempt) setAttempt({ ...attempt, invoiceFor: buyer });
  };

  const start = useEffectEvent((current: Attempt) =>
    requestOnce(
      current,
      () => paymentRequest({ departmentId, businessName, lines, ...current, readySmsPhone, split: split?.split }),
      errors,
    ),
  );
  const received = useEffectEvent((current: Attempt, outcome: PaymentOutcome) => {
    if (outcome.kind === 'price-changed' && outcome.items) {
      const repriced = new Map(outcome.items.map((item) => [repricedKey(item), item]));
      update((now) =>
        now.map((line) => {
          const item = repriced.get(lineKey(line));
          return item ? { ...line, name: item.name, price: item.price } : line;
        }),
      );
    }
    setResult({ attempt: current, outcome });
    // The table's bill is not what this phone had: read the table again for the cart's choice.
    if (outcome.kind === 'split-refused') split?.refresh?.();
    if (outcome.kind === 'frame') announce(t.checkout.ready);
    // Bit's page leaves the checkout (Cardcom's UrlToBit); it comes back to the thank-you page.
    if (outcome.kind === 'redirect') location.assign(outcome.url);
  });

  useEffect(() => {
    if (!attempt) return;
    let live = true;
    void start(attempt).then((outcome) => {
      if (live) received(attempt, outcome);
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  const outcome = result && result.attempt === attempt ? result.outcome : null;
  const framed = outcome?.kind === 'frame';
  if (lines.length === 0 && !framed) return <EmptyCheckout departmentId={departmentId} />;
  if (attempt === null && cartTotal(lines) === 0) return <FreeOnlyCheckout departmentId={departmentId} />;

  const choosing = attempt === null && offersChoice;
  const loading = attempt !== null && (outcome === null || outcome.kind === 'redirect');
  const amount = outcome?.kind === 'price-changed' ? outcome.total : (attempt?.amount ?? paidItems());
  const tipAgorot = attempt?.tip ? tipOf(attempt.tip, paidItems()) : 0;
  const retry = () => setAttempt({ ...attempt, amount: paidItems() + tipAgorot });
  // Once the order's request left, the number goes to that order (its id is known when the page opened).
  const readySmsTarget: ReadySmsTarget =
    attempt === null
      ? { kind: 'with-order', keep: setReadySmsPhone }
      : {
          kind: 'order',
          orderId: async () => {
            const opened = await requests.get(attempt);
            if (opened?.kind !== 'frame' && opened?.kind !== 'redirect') return null;
            return lastOrder.get<{ orderId?: string }>(departmentId)?.orderId ?? null;
          },
        };

  return (
    <PageMain>
      <h1 className="text-2xl font-bold text-ink">{t.checkout.title}</h1>
      <p className="mt-3 text-xl font-bold text-ink" data-testid="checkout-amount">
        {t.checkout.amount} <span dir="ltr">{formatShekels(amount)}</span>
      </p>
      {tipAgorot > 0 && outcome?.kind !== 'price-changed' ? (
        <p className="text-muted" data-testid="checkout-tip">
          {t.checkout.tipLine} <span dir="ltr">{formatShekels(tipAgorot)}</span>
        </p>
      ) : null}
      {split && outcome?.kind !== 'price-changed' ? (
        <p className="text-muted" data-testid="checkout-part">
          {w.yourPart} <bdi dir="ltr">{formatShekels(split.partAgorot)}</bdi>
        </p>
      ) : null}
      {promo && outcome?.kind !== 'price-changed' ? (
        <p className="text-muted" data-testid="checkout-discount">
          {t.checkout.discountLine} <bdi dir="ltr">{promo.code}</bdi>:{' '}
          <span dir="ltr">{formatShekels(-promo.discountAgorot)}</span>
        </p>
      ) : null}
      <OrderSummary lines={lines} />
      {pickup ? <PickupTime offer={pickup} value={pickupAt} onChange={choosePickup} /> : null}
      {split ? null : <PromoCodeField departmentId={departmentId} lines={lines} value={promo} onChange={choosePromo} />}
      <ReadySmsField target={readySmsTarget} />
      <InvoiceForField value={invoiceFor} onChange={chooseInvoiceFor} />
      {choosing ? (
        <PaymentChoice
          itemsAgorot={paidItems()}
          tips={payments?.tips ?? false}
          bit={payments?.bit ?? false}
          googlePay={payments?.googlePay ?? false}
          onChoose={({ tip, method }) =>
            setAttempt({
              amount: paidItems() + tipOf(tip, paidItems()),
              tip,
              method,
              invoiceFor,
              promoCode: promo?.code ?? null,
              ...(pickupAt ? { pickupAt } : {}),
            })
          }
        />
      ) : null}

      <div role="alert">
        {failedBefore ? (
          <Alert testId="payment-failed" title={t.checkout.failedTitle}>
            {t.checkout.failedText}
          </Alert>
        ) : null}
        {outcome?.kind === 'error' ? <PaymentError outcome={outcome} onRetry={retry} /> : null}
        {outcome?.kind === 'split-refused' ? (
          <div data-testid="split-refused">
            <Alert testId="split-refused-text" title={w.refusedTitle}>
              {refusalText(w, outcome.reason, outcome.message, errors.serverTextReadable)}
            </Alert>
            <p className="mt-2">
              <DinerLink href={dinerHref('cart', departmentId)} className={secondaryButtonClass}>
                {w.chooseAgain}
              </DinerLink>
            </p>
          </div>
        ) : null}
        {outcome?.kind === 'closed' ? <OrderingClosed opensAt={outcome.opensAt} departmentId={departmentId} /> : null}
        {outcome?.kind === 'elsewhere' ? (
          <Alert testId="payment-elsewhere" title={t.checkout.elsewhereTitle}>
            {t.checkout.elsewhereText}{' '}
            <a href={`${outcome.origin}${dinerHref('menu', departmentId)}`} className="font-medium underline">
              <bdi dir="ltr">{outcome.origin}</bdi>
            </a>
          </Alert>
        ) : null}
        {outcome?.kind === 'price-changed' ? (
          <PriceChanged
            before={attempt?.amount ?? 0}
            after={outcome.total}
            onPay={() => setAttempt({ ...attempt, amount: outcome.total })}
          />
        ) : null}
        {outcome?.kind === 'unavailable' ? (
          <Unavailable
            names={lines.filter((line) => outcome.productIds.includes(line.productId)).map((line) => line.name)}
            onRemove={() => {
              const ids = new Set(outcome.productIds);
              update((now) => now.filter((line) => !ids.has(line.productId)));
              navigate(dinerHref('cart', departmentId));
              announce(t.checkout.unavailableRemoved);
            }}
          />
        ) : null}
      </div>

      {/* While the payment page opens, its room: the frame then takes the same place, and nothing under it moves. */}
      <div
        className={
          loading ? 'mt-4 flex h-[600px] items-center justify-center rounded-xl border border-line bg-surface' : ''
        }
        data-testid={loading ? 'frame-room' : undefined}
      >
        <p role="status" className={loading ? 'px-4 text-center text-lg text-muted' : 'sr-only'}>
          {loading ? (outcome?.kind === 'redirect' ? t.checkout.toBit : t.checkout.preparing) : ''}
        </p>
      </div>

      {framed ? <PaymentFrame src={outcome.url} /> : null}
      {/* Under the frame and its room alike: the page does not change its words when the frame arrives. */}
      {loading || framed ? <p className="mt-2 text-sm text-muted">{t.checkout.secureNote}</p> : null}

      <BackLink to="cart" departmentId={departmentId} className="mt-6" />
    </PageMain>
  );
}

/** The attempt without its pickup time (chosen again: "as soon as possible" sends none). */
function withoutPickup({ pickupAt: _at, ...rest }: Attempt): Attempt {
  return rest;
}
