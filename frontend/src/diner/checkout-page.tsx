// The checkout (product spec §2, §4, §8): the amount, then the payment provider's page in a frame. The order and its
// payment page are made by `POST /api/cardcom/create-payment` once per visit of this screen; the server reprices the
// cart, and when its total differs from the one the diner saw, nothing is charged: the diner sees the new total and
// confirms it first. Card details never pass through our page (PCI SAQ A).
import { useEffect, useEffectEvent, useState } from 'react';
import { agorotToDecimalString, commissionAgorot, netAgorot, parsePriceToAgorot } from '@tafrit/contracts/money';
import type { CreatePaymentFailure, CreatePaymentSuccess, RepricedLine } from '@tafrit/contracts/ordering-types';
import { dinerSessionId, lastOrder } from '@/lib/storage';
import { QuantityLine } from '@/components/quantity-line';
import { cartLineKey } from '@tafrit/contracts/option-pricing';
import { cartTotal, itemCount, lineKey, lineTotal, loadRemarks, loadTable, type CartLine } from './cart';
import { LineOptions } from './line-options';
import { PaymentChoice, tipBody, tipOf, type TipPick } from './payment-choice';
import { ReadySmsField, type ReadySmsTarget } from './ready-sms-field';
import { formatShekels, priceToAgorot, type Agorot } from './money';
import { dinerHref } from './paths';
import { heErrors, useErrorText, type ErrorStrings } from './error-text';
import { useLanguage, useText, useTextMarks } from './language';
import { opensAtText } from './ordering-banner';
import { DinerLink, PageMain, primaryButtonClass, secondaryButtonClass, useDiner, useDocumentTitle } from './ui';

/** The body of `POST /api/cardcom/create-payment` (contracts/src/http/ordering.schemas.ts, createPaymentSchema). */
export interface PaymentRequestBody {
  businessId: string;
  amount: string;
  productName: string;
  returnValue: string;
  cartData: {
    items: { productId: number; name: string; price: string; quantity: number; options?: string[] }[];
    totalAmount: string;
    commission: string;
    netAmount: string;
    remarks: string | null;
    sessionId: string;
    tableNumber: number | null;
  };
  orderItems: { name: string; quantity: number; price: string; description: string }[];
  customerInfo: Record<string, never>;
  /** Issue 17: the diner's tip (absent: none) and Bit (absent: the card page). */
  tip?: { percent: number } | { amount: string };
  paymentMethod?: 'bit';
  /** Issue 18: the diner's mobile for one SMS when the order is ready (absent: none). */
  readySmsPhone?: string;
}

/** What one request for a payment page ended in. */
export type PaymentOutcome =
  | { kind: 'frame'; url: string }
  /** Bit (issue 17): its page is opened in the whole window, never framed. */
  | { kind: 'redirect'; url: string }
  /** `items` null when the server's total differed without a list of lines (the cart is then left as it is). */
  | { kind: 'price-changed'; total: Agorot; items: RepricedLine[] | null }
  | { kind: 'unavailable'; productIds: number[] }
  /** Ordering closed since the menu was read (hours, a pause): when it opens again, if known. */
  | { kind: 'closed'; opensAt: string | null }
  | { kind: 'error'; message: string; detail: string | null; fields: string[] }
  /** A page this address may not frame (the server's CSP): opened on another address than the payment page's. */
  | { kind: 'elsewhere'; origin: string };

/** The card-payment provider's page (the one foreign origin the server's CSP lets the checkout frame). */
const PROVIDER_ORIGIN = 'https://secure.cardcom.solutions';

const MAX_TABLE = 9999;

/** The table of the QR code as the order's table number; a table that is no number (a bar seat "A") is not sent. */
function tableNumberOf(table: string | undefined): number | null {
  if (!table || !/^\d{1,4}$/.test(table)) return null;
  const number = Number(table);
  return number >= 1 && number <= MAX_TABLE ? number : null;
}

const decimal = (price: string | number) => agorotToDecimalString(priceToAgorot(price) ?? 0);

/**
 * The request for a payment of `amount` (the total the diner was shown) for these lines. The commission and net are
 * the client's preview only: the server computes its own.
 */
export function paymentRequest({
  departmentId,
  businessName,
  lines,
  amount,
  tip,
  method,
  readySmsPhone,
}: {
  departmentId: string;
  businessName: string;
  lines: readonly CartLine[];
  /** The items and the tip: what the diner was shown. */
  amount: Agorot;
  tip?: TipPick;
  method?: 'card' | 'bit';
  /** Given before the order's first request (a tip or Bit was still to choose). */
  readySmsPhone?: string | null;
}): PaymentRequestBody {
  const tipped = tip ? tipBody(tip) : undefined;
  const total = agorotToDecimalString(amount);
  const remarks = loadRemarks(departmentId).trim();
  return {
    businessId: departmentId,
    amount: total,
    productName: `${businessName} - הזמנה`,
    returnValue: departmentId,
    cartData: {
      items: lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        price: decimal(line.price),
        quantity: line.quantity,
        // Every choice, by id (the server reprices them); a line without choices sends none.
        ...(line.options ? { options: line.options.map((option) => option.id) } : {}),
      })),
      totalAmount: total,
      commission: agorotToDecimalString(commissionAgorot(amount)),
      netAmount: agorotToDecimalString(netAgorot(amount)),
      remarks: remarks || null,
      sessionId: dinerSessionId.ensure(),
      tableNumber: tableNumberOf(loadTable(departmentId)),
    },
    orderItems: lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      price: decimal(line.price),
      // The provider's invoice line names the choices too.
      description: (line.options ?? []).map((option) => option.name).join(', '),
    })),
    customerInfo: {},
    ...(tipped ? { tip: tipped } : {}),
    ...(method === 'bit' ? { paymentMethod: 'bit' as const } : {}),
    ...(readySmsPhone ? { readySmsPhone } : {}),
  };
}

type Answer = Partial<Omit<CreatePaymentSuccess, 'success'> & Omit<CreatePaymentFailure, 'success'>> & {
  success?: boolean;
};

function isRepricedLine(value: unknown): value is RepricedLine {
  const line = value as Partial<RepricedLine> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof line.productId === 'number' &&
    typeof line.name === 'string' &&
    typeof line.price === 'string' &&
    parsePriceToAgorot(line.price) !== null &&
    typeof line.quantity === 'number'
  );
}

/**
 * A repriced line's cart line. Its options, once the server sends them (ids, or chosen options with `optionId`), name
 * the line; a line without them is the product's line without choices.
 */
function repricedKey(item: RepricedLine & { options?: unknown }): string {
  const ids = Array.isArray(item.options)
    ? item.options.map((option: unknown) =>
        typeof option === 'string' ? option : String((option as { optionId?: unknown } | null)?.optionId),
      )
    : [];
  return cartLineKey(item.productId, ids);
}

/** Only a web address may become the frame (never `javascript:`). */
function frameUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The server's answer as an outcome (spec §8 for the messages). `amount` is what was asked to be charged. `errors`:
 * the words of the diner's language; the envelope's own text is Hebrew, so another language words the error by its
 * code instead (and leaves out the fields' Hebrew messages).
 */
export function readPaymentAnswer(
  status: number,
  answer: Answer | null,
  amount: Agorot,
  errors: ErrorStrings = heErrors,
): PaymentOutcome {
  const serverText = (value: unknown) => (errors.serverTextReadable ? text(value) : null);
  const data = answer?.data as Record<string, unknown> | undefined;
  if (answer?.code === 'order.price_changed' && data) {
    const total = typeof data.totalAmount === 'string' ? parsePriceToAgorot(data.totalAmount) : null;
    // The server's tip on the new items (a percent follows them), charged with them.
    const tip = typeof data.tipAmount === 'string' ? (parsePriceToAgorot(data.tipAmount) ?? 0) : 0;
    const items = Array.isArray(data.items) && data.items.every(isRepricedLine) ? data.items : null;
    if (total !== null) return { kind: 'price-changed', total: total + tip, items };
  }
  if (answer?.code === 'order.items_unavailable' && Array.isArray(data?.unavailableProductIds)) {
    const productIds = data.unavailableProductIds.filter((id): id is number => typeof id === 'number');
    return { kind: 'unavailable', productIds };
  }
  // An answer with a reason is no server failure (spec §8): the diner reads why, in their language, and when.
  if (answer?.code === 'business.ordering_closed') {
    const opensAt = typeof data?.opensAt === 'string' && !Number.isNaN(Date.parse(data.opensAt)) ? data.opensAt : null;
    return { kind: 'closed', opensAt };
  }
  if (status < 200 || status >= 300) {
    return {
      kind: 'error',
      message: errors.server(status),
      detail:
        serverText(answer?.error) ?? serverText(answer?.message) ?? (answer?.code ? errors.message(answer.code) : null),
      fields: errors.serverTextReadable
        ? Object.values(answer?.fields ?? {}).filter((field) => typeof field === 'string')
        : [],
    };
  }
  const url = frameUrl(answer?.paymentUrl);
  if (answer?.success !== true || !url) {
    return { kind: 'error', message: serverText(answer?.error) ?? errors.paymentCreate, detail: null, fields: [] };
  }
  // The frame charges the server's total: one the diner has not seen is shown to them first, never framed.
  const charged = typeof answer.totalAmount === 'string' ? parsePriceToAgorot(answer.totalAmount) : null;
  if (charged !== null && charged !== amount) return { kind: 'price-changed', total: charged, items: null };
  if (answer.redirect === true) return { kind: 'redirect', url };
  // The server builds the sandbox's page for the address this page was opened at, when it listens there; at an
  // address it does not know (a proxy's name, say), the frame would show the browser's English "blocked" box.
  const origin = new URL(url).origin;
  if (origin !== location.origin && origin !== PROVIDER_ORIGIN) return { kind: 'elsewhere', origin };
  return { kind: 'frame', url };
}

/** One POST; never throws. A payment page that opened is remembered as the department's last order. */
export async function createPayment(
  body: PaymentRequestBody,
  amount: Agorot,
  errors: ErrorStrings = heErrors,
): Promise<PaymentOutcome> {
  let outcome: PaymentOutcome;
  let answer: Answer | null;
  try {
    const response = await fetch('/api/cardcom/create-payment', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    answer = (await response.json().catch(() => null)) as Answer | null;
    outcome = readPaymentAnswer(response.status, answer, amount, errors);
  } catch {
    return { kind: 'error', message: errors.paymentSystem, detail: null, fields: [] };
  }
  if ((outcome.kind === 'frame' || outcome.kind === 'redirect') && typeof answer?.orderId === 'string') {
    lastOrder.set(body.businessId, { orderId: answer.orderId, orderNumber: answer.orderNumber });
  }
  return outcome;
}

/** One attempt at a payment: a visit of the screen, a retry, or the diner's yes to a new total. */
interface Attempt {
  amount: Agorot;
  tip?: TipPick;
  method?: 'card' | 'bit';
}

// React runs a screen's effects twice in development (StrictMode): both runs see the same attempt object and share
// its one request. A new attempt is a new object, so a new visit or a retry asks again.
const requests = new WeakMap<Attempt, Promise<PaymentOutcome>>();

function requestOnce(attempt: Attempt, body: () => PaymentRequestBody, errors: ErrorStrings): Promise<PaymentOutcome> {
  let request = requests.get(attempt);
  if (!request) {
    request = createPayment(body(), attempt.amount, errors);
    requests.set(attempt, request);
  }
  return request;
}

export interface CheckoutPageProps {
  departmentId: string;
  businessName: string;
  lines: readonly CartLine[];
  update(change: (lines: readonly CartLine[]) => CartLine[]): CartLine[];
  /** What the business offers beside a card (issue 17); absent: nothing, and the page opens at once. */
  payments?: { tips: boolean; bit: boolean; googlePay: boolean } | undefined;
}

export function CheckoutPage({ departmentId, businessName, lines, update, payments }: CheckoutPageProps) {
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
  const [attempt, setAttempt] = useState<Attempt | null>(() =>
    lines.length > 0 && cartTotal(lines) > 0 && !offersChoice ? { amount: cartTotal(lines) } : null,
  );
  const [result, setResult] = useState<{ attempt: Attempt; outcome: PaymentOutcome } | null>(null);
  // A number given while a tip or Bit is still to choose goes with the order's first request.
  const [readySmsPhone, setReadySmsPhone] = useState<string | null>(null);

  const start = useEffectEvent((current: Attempt) =>
    requestOnce(
      current,
      () => paymentRequest({ departmentId, businessName, lines, ...current, readySmsPhone }),
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
  const amount = outcome?.kind === 'price-changed' ? outcome.total : (attempt?.amount ?? cartTotal(lines));
  const tipAgorot = attempt?.tip ? tipOf(attempt.tip, cartTotal(lines)) : 0;
  const retry = () => setAttempt({ ...attempt, amount: cartTotal(lines) + tipAgorot });
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
      <OrderSummary lines={lines} />
      <ReadySmsField target={readySmsTarget} />
      {choosing && payments ? (
        <PaymentChoice
          itemsAgorot={cartTotal(lines)}
          tips={payments.tips}
          bit={payments.bit}
          googlePay={payments.googlePay}
          onChoose={({ tip, method }) =>
            setAttempt({ amount: cartTotal(lines) + tipOf(tip, cartTotal(lines)), tip, method })
          }
        />
      ) : null}

      <div role="alert">
        {failedBefore ? (
          <div className="mt-4 rounded-lg border border-danger bg-danger-50 p-3" data-testid="payment-failed">
            <p className="font-bold text-danger">{t.checkout.failedTitle}</p>
            <p className="mt-1 text-ink">{t.checkout.failedText}</p>
          </div>
        ) : null}
        {outcome?.kind === 'error' ? <PaymentError outcome={outcome} onRetry={retry} /> : null}
        {outcome?.kind === 'closed' ? <OrderingClosed opensAt={outcome.opensAt} departmentId={departmentId} /> : null}
        {outcome?.kind === 'elsewhere' ? (
          <div className="mt-4 rounded-lg border border-danger bg-danger-50 p-3" data-testid="payment-elsewhere">
            <p className="font-bold text-danger">{t.checkout.elsewhereTitle}</p>
            <p className="mt-1 text-ink">
              {t.checkout.elsewhereText}{' '}
              <a href={`${outcome.origin}${dinerHref('menu', departmentId)}`} className="font-medium underline">
                <bdi dir="ltr">{outcome.origin}</bdi>
              </a>
            </p>
          </div>
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

      {framed ? (
        <iframe
          src={outcome.url}
          title={t.checkout.frameTitle}
          height={600}
          allow="payment"
          className="mt-4 block h-[600px] w-full rounded-xl border border-line bg-surface"
        />
      ) : null}
      {/* Under the frame and its room alike: the page does not change its words when the frame arrives. */}
      {loading || framed ? <p className="mt-2 text-sm text-muted">{t.checkout.secureNote}</p> : null}

      <p className="mt-6">
        <DinerLink href={dinerHref('cart', departmentId)} className={secondaryButtonClass}>
          {t.checkout.backToCart}
        </DinerLink>
      </p>
    </PageMain>
  );
}

/**
 * The lines and their choices, folded: open, they would push the payment frame below the first screen; folded, the
 * diner opens them (nothing moves by itself). The server draws it from the cookie, the same as the app.
 */
function OrderSummary({ lines }: { lines: readonly CartLine[] }) {
  const t = useText();
  const mark = useTextMarks();
  if (lines.length === 0) return null;
  return (
    <details className="mt-3 rounded-lg border border-line bg-surface p-3" data-testid="checkout-lines">
      <summary className="min-h-11 cursor-pointer font-medium text-ink">{t.checkout.summary(itemCount(lines))}</summary>
      <ul className="mt-2 divide-y divide-line">
        {lines.map((line) => (
          <li key={lineKey(line)} className="py-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <QuantityLine
                quantity={line.quantity}
                name={line.name}
                nameLang={mark(line.lang)}
                className="font-medium text-ink"
              />
              <span dir="ltr">{formatShekels(lineTotal(line))}</span>
            </div>
            {line.options ? <LineOptions options={line.options} /> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

function EmptyCheckout({ departmentId }: { departmentId: string }) {
  const t = useText();
  return (
    <PageMain>
      <h1 className="text-2xl font-bold text-ink">{t.checkout.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-muted" data-testid="checkout-empty">
        {t.cart.emptyBlocked}
      </p>
      <p className="mt-6">
        <DinerLink href={dinerHref('menu', departmentId)} className={secondaryButtonClass}>
          {t.cart.backToMenu}
        </DinerLink>
      </p>
    </PageMain>
  );
}

/** Only free items in the cart: there is nothing to pay, so no payment page is asked for. */
function FreeOnlyCheckout({ departmentId }: { departmentId: string }) {
  const errors = useErrorText();
  const t = useText();
  return (
    <PageMain>
      <h1 className="text-2xl font-bold text-ink">{t.checkout.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-ink" role="alert" data-testid="checkout-free-only">
        {errors.message('order.zero_total')}
      </p>
      <p className="mt-6">
        <DinerLink href={dinerHref('cart', departmentId)} className={secondaryButtonClass}>
          {t.checkout.backToCart}
        </DinerLink>
      </p>
    </PageMain>
  );
}

const noticeClass = 'mt-4 rounded-lg border p-4';

function PaymentError({ outcome, onRetry }: { outcome: Extract<PaymentOutcome, { kind: 'error' }>; onRetry(): void }) {
  const t = useText();
  return (
    <div className={`${noticeClass} border-danger bg-danger-50`} data-testid="payment-error">
      <p className="font-bold text-danger">{outcome.message}</p>
      {outcome.detail ? <p className="mt-1 text-ink">{outcome.detail}</p> : null}
      {outcome.fields.length > 0 ? (
        <ul className="mt-1 list-disc ps-5 text-ink">
          {outcome.fields.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
      ) : null}
      <button type="button" onClick={onRetry} className={`${primaryButtonClass} mt-3`}>
        {t.checkout.retry}
      </button>
    </div>
  );
}

function OrderingClosed({ opensAt, departmentId }: { opensAt: string | null; departmentId: string }) {
  const t = useText();
  const { language } = useLanguage();
  return (
    <div className={`${noticeClass} border-brand-700 bg-brand-50`} data-testid="checkout-ordering-closed">
      <p className="text-lg font-bold text-ink">{t.checkout.closedTitle}</p>
      {opensAt ? (
        <p className="mt-1 font-medium text-ink">
          <bdi>{opensAtText(opensAt, language, t.ordering)}</bdi>
        </p>
      ) : null}
      <p className="mt-1 text-ink">{t.checkout.closedText}</p>
      <p className="mt-3">
        <DinerLink href={dinerHref('menu', departmentId)} className={secondaryButtonClass}>
          {t.cart.backToMenu}
        </DinerLink>
      </p>
    </div>
  );
}

function PriceChanged({ before, after, onPay }: { before: Agorot; after: Agorot; onPay(): void }) {
  const t = useText();
  return (
    <div className={`${noticeClass} border-brand-700 bg-brand-50`} data-testid="price-changed">
      <p className="text-lg font-bold text-ink">{t.checkout.priceChangedTitle}</p>
      <p className="mt-1 text-ink">{t.checkout.priceChangedText}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-ink">
        <dt>{t.checkout.previousAmount}</dt>
        <dd>
          <span dir="ltr" className="line-through">
            {formatShekels(before)}
          </span>
        </dd>
        <dt className="font-bold">{t.checkout.newAmount}</dt>
        <dd className="font-bold">
          <span dir="ltr">{formatShekels(after)}</span>
        </dd>
      </dl>
      <button type="button" onClick={onPay} className={`${primaryButtonClass} mt-3`}>
        {t.checkout.payNewAmount} <span dir="ltr">{formatShekels(after)}</span>
      </button>
    </div>
  );
}

function Unavailable({ names, onRemove }: { names: string[]; onRemove(): void }) {
  const t = useText();
  return (
    <div className={`${noticeClass} border-danger bg-danger-50`} data-testid="items-unavailable">
      <p className="text-lg font-bold text-danger">{t.checkout.unavailableTitle}</p>
      {names.length > 0 ? (
        <>
          <p className="mt-1 text-ink">{t.checkout.unavailableText}</p>
          <ul className="mt-1 list-disc ps-5 text-ink">
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
      <button type="button" onClick={onRemove} className={`${primaryButtonClass} mt-3`}>
        {t.checkout.removeUnavailable}
      </button>
    </div>
  );
}
