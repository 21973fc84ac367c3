// The thank-you page (product spec §2, §4): the order of this diner's own session (DESIGN.md §4.8), read once from
// `GET /api/orders/{departmentId}/latest`. The payment's confirmation (the provider's webhook) and the tax invoice can
// come a moment after the diner lands here, so while either is pending the page asks
// `GET /api/orders/{departmentId}/{orderNumber}/wait`, which the server holds until the order is settled (or about
// 25 s), and asks again while an answer is still pending: no timer polling. At most MAX_WAITS asks (about 2.5
// minutes), then it says it takes longer than usual; a failed ask keeps the order shown and waits RETRY_DELAY_MS
// before the next one. Once the order shows as paid, the cart, its remarks and the saved last order are done with.
import { useEffect, useEffectEvent, useState } from 'react';
import type { DinerOrderView, DinerRefund } from '@tafrit/contracts/ordering-types';
import { QuantityLine } from '@/components/quantity-line';
import { lastOrder, remarks as remarksStorage } from '@/lib/storage';
import type { CartLine, CartOption } from './cart';
import { LineOptions } from './line-options';
import { isFollowed, OrderProgress } from './order-progress';
import { formatShekels, priceToAgorot } from './money';
import { dinerHref } from './paths';
import { useLanguage, useText, useTextMarks } from './language';
import type { DinerLanguage } from '@tafrit/contracts/languages';
import { DinerLink, PageMain, primaryButtonClass, secondaryButtonClass, textLinkClass, useDocumentTitle } from './ui';
import { readInlineJson } from './inline-data';

/** Held asks of `/wait` (each answered when the order is settled, or after about 25 s), failed ones included. */
export const MAX_WAITS = 6;
/** After a failed ask (no network, a 5xx), the next one waits this long: never a tight loop. */
export const RETRY_DELAY_MS = 2000;
/** A held ask unanswered this long (the server answers by about 25 s) is given up, as a failed one. */
export const WAIT_CUTOFF_MS = 35_000;
/** Following the kitchen, failed asks wait longer each time, up to this. */
export const FOLLOW_BACKOFF_MAX_MS = 30_000;

type Latest = { status: 'ok'; order: DinerOrderView } | { status: 'none' } | { status: 'error' };

function isOrder(value: unknown): value is DinerOrderView {
  const order = value as Partial<DinerOrderView> | null;
  return (
    typeof order === 'object' &&
    order !== null &&
    typeof order.orderId === 'string' &&
    typeof order.orderNumber === 'number' &&
    Array.isArray(order.items) &&
    typeof order.totalAmount === 'string'
  );
}

/** `{ success, data, message }`; 404 with data null when the order is not this diner session's (or there is none). */
async function readOrder(url: string, signal?: AbortSignal): Promise<Latest> {
  try {
    const response = await fetch(url, {
      credentials: 'include',
      headers: { accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
    if (response.ok && isOrder(body?.data)) return { status: 'ok', order: body.data };
    if (response.status === 404 || (response.ok && body?.data === null)) return { status: 'none' };
    return { status: 'error' };
  } catch {
    return { status: 'error' };
  }
}

/** The newest order of this diner session at the business. */
export function fetchLatestOrder(departmentId: string, signal?: AbortSignal): Promise<Latest> {
  return readOrder(`/api/orders/${encodeURIComponent(departmentId)}/latest`, signal);
}

/**
 * The order by its number, answered once it is settled or after about 25 s; given up after WAIT_CUTOFF_MS. With
 * `seen` (the status shown), answered once the settled order moves on from it: the kitchen's next step.
 */
export async function waitForOrder(
  departmentId: string,
  orderNumber: number,
  signal?: AbortSignal,
  seen?: string,
): Promise<Latest> {
  const ask = new AbortController();
  const stop = () => ask.abort();
  const cutoff = setTimeout(stop, WAIT_CUTOFF_MS);
  if (signal?.aborted) ask.abort();
  signal?.addEventListener('abort', stop);
  try {
    const query = seen ? `?seen=${encodeURIComponent(seen)}` : '';
    return await readOrder(`/api/orders/${encodeURIComponent(departmentId)}/${orderNumber}/wait${query}`, ask.signal);
  } finally {
    clearTimeout(cutoff);
    signal?.removeEventListener('abort', stop);
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Still to come: the payment's confirmation (unless the order expired), or the invoice of a paid order (a failed
 * payment gets none). The server's "settled" is the opposite: it answers a wait for any other order at once.
 */
const isPending = (order: DinerOrderView) =>
  (order.paymentStatus === 'pending' && order.status !== 'expired') ||
  (order.paymentStatus === 'paid' && order.invoiceStatus === 'pending');

/** Only a web address becomes a link (never `javascript:`). */
function safeHref(value: string | null): string | null {
  if (!value) return null;
  try {
    // The server draws this page too (decision 031): there the links are judged against a base of its own, as the
    // browser would judge the same relative address.
    const url = new URL(value, typeof location === 'undefined' ? 'http://server.invalid/' : location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

export interface ThankYouPageProps {
  departmentId: string;
  /** The order the server read for this diner (its renderer passes it; the browser finds it in `#order-data`). */
  initialOrder?: DinerOrderView | undefined;
  /** The cart as the page opened: a line's choices when the order read does not name them. */
  lines?: readonly CartLine[];
  update(change: (lines: readonly CartLine[]) => CartLine[]): CartLine[];
}

/**
 * The diner's order as the server drew it into the page (decision 031), for the first render to hydrate what was
 * drawn; only one of this business's. The page's first effect removes it, so a later visit within the app reads the
 * order itself.
 */
function inlineOrder(departmentId: string): DinerOrderView | undefined {
  const order = readInlineJson(INLINE_ORDER) as Partial<DinerOrderView> | null | undefined;
  return order && typeof order.orderNumber === 'number' && order.departmentId === departmentId
    ? (order as DinerOrderView)
    : undefined;
}
const INLINE_ORDER = 'order-data';

export function ThankYouPage({ departmentId, initialOrder, lines = [], update }: ThankYouPageProps) {
  const t = useText();
  useDocumentTitle(t.pageTitle(t.thankYou.title));
  // Kept from the first render: the cart is emptied once the order is paid.
  const [cartLines] = useState(lines);
  // Drawn by the server with the page: shown at once (the page's largest text), then followed as a read one is.
  const [drawn] = useState(() => initialOrder ?? inlineOrder(departmentId));
  const [latest, setLatest] = useState<Latest | null>(() => (drawn ? { status: 'ok', order: drawn } : null));
  const [exhausted, setExhausted] = useState(false);
  const [load, setLoad] = useState(0);

  // The order is paid: what was kept for it goes, through the store so the header's count follows. Only when the
  // saved last order is this one: coming back here later (the back button) must not empty a new cart.
  const finish = useEffectEvent((order: DinerOrderView) => {
    if (order.paymentStatus !== 'paid') return;
    const saved = lastOrder.get<{ orderId?: unknown; orderNumber?: unknown }>(departmentId);
    if (!saved || (saved.orderId !== order.orderId && saved.orderNumber !== order.orderNumber)) return;
    update(() => []);
    remarksStorage.clear(departmentId);
    lastOrder.clear(departmentId);
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    document.getElementById(INLINE_ORDER)?.remove();
    const run = async () => {
      // The order drawn with the page needs no first read (a retry reads it again).
      const first: Latest =
        drawn && load === 0 ? { status: 'ok', order: drawn } : await fetchLatestOrder(departmentId, signal);
      if (signal.aborted) return;
      // Only this first read's failure is shown as one (with a retry); a failed wait keeps the order already shown.
      setLatest(first);
      if (first.status !== 'ok') return;
      finish(first.order);
      let order = first.order;
      for (let waits = 1; isPending(order); waits += 1) {
        const answer = await waitForOrder(departmentId, order.orderNumber, signal);
        if (signal.aborted) return;
        if (answer.status === 'ok') {
          order = answer.order;
          setLatest(answer);
          finish(order);
          if (!isPending(order)) return;
        } else if (answer.status === 'none') {
          // No longer this session's order (say, its cookie is gone): asking again will not help.
          setExhausted(true);
          return;
        }
        if (waits >= MAX_WAITS) {
          setExhausted(true);
          return;
        }
        if (answer.status === 'error') {
          await pause(RETRY_DELAY_MS, signal);
          if (signal.aborted) return;
        }
      }
      await follow(order);
    };
    // Paid and settled: the same held ask, now with the status shown, brings each kitchen step until it is served or
    // cancelled (decision 031). No limit while the page is open; failures back off up to FOLLOW_BACKOFF_MAX_MS.
    const follow = async (from: DinerOrderView) => {
      let order = from;
      let failures = 0;
      while (isFollowed(order) && !signal.aborted) {
        const answer = await waitForOrder(departmentId, order.orderNumber, signal, order.status);
        if (signal.aborted) return;
        if (answer.status === 'ok') {
          failures = 0;
          order = answer.order;
          setLatest(answer);
        } else if (answer.status === 'none') {
          return;
        } else {
          failures += 1;
          await pause(Math.min(RETRY_DELAY_MS * 2 ** (failures - 1), FOLLOW_BACKOFF_MAX_MS), signal);
        }
      }
    };
    // StrictMode runs this effect twice in development: starting after a microtask lets the first run's cleanup
    // cancel it, so one visit is one request.
    queueMicrotask(() => {
      if (!signal.aborted) void run();
    });
    // Leaving (or a retry) drops the request in flight and any pause before the next one.
    return () => controller.abort();
  }, [departmentId, load, drawn]);

  const retry = () => {
    setLatest(null);
    setExhausted(false);
    setLoad((count) => count + 1);
  };

  if (latest === null) {
    return (
      <PageMain>
        <h1 className="text-2xl font-bold text-ink">{t.thankYou.title}</h1>
        <p role="status" className="mt-3 text-lg text-muted">
          {t.thankYou.loading}
        </p>
      </PageMain>
    );
  }
  if (latest.status === 'none') {
    return (
      <PageMain>
        <div data-testid="no-order">
          <h1 className="text-2xl font-bold text-ink">{t.thankYou.noOrderTitle}</h1>
          <p className="mt-3 max-w-prose text-lg text-muted">{t.thankYou.noOrderText}</p>
          <p className="mt-6">
            <DinerLink href={dinerHref('menu', departmentId)} className={primaryButtonClass}>
              {t.thankYou.backToMenu}
            </DinerLink>
          </p>
        </div>
      </PageMain>
    );
  }
  if (latest.status === 'error') {
    return (
      <PageMain>
        <h1 className="text-2xl font-bold text-ink">{t.thankYou.title}</h1>
        <p role="alert" className="mt-3 max-w-prose text-lg text-danger">
          {t.thankYou.loadFailed}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" onClick={retry} className={primaryButtonClass}>
            {t.thankYou.retry}
          </button>
          <DinerLink href={dinerHref('menu', departmentId)} className={secondaryButtonClass}>
            {t.thankYou.backToMenu}
          </DinerLink>
        </div>
      </PageMain>
    );
  }
  return <OrderView order={latest.order} departmentId={departmentId} stillWaiting={exhausted} cartLines={cartLines} />;
}

/** An order line as read: `options` are the choices the order recorded (absent on orders placed before options). */
type OrderItem = DinerOrderView['items'][number];

/**
 * A name of the order as the diner read it on a page in `language`: the translation recorded with the order when it
 * was placed in that language, else the Hebrew (the owner's own, marked as Hebrew).
 */
function nameIn(
  item: { name: string; translatedName?: { language: string; name: string } },
  language: DinerLanguage,
): { name: string; lang: DinerLanguage } {
  return item.translatedName?.language === language
    ? { name: item.translatedName.name, lang: language }
    : { name: item.name, lang: 'he' };
}

/** The line's choices: the order's own record, else the cart line of the same product, quantity and price. */
function choicesOf(item: OrderItem, cartLines: readonly CartLine[], language: DinerLanguage): CartOption[] {
  if (Array.isArray(item.options)) {
    // The order's record names its choices by group and name (ids are the menu's, which may have changed since).
    return item.options.map((option) => ({
      id: `${option.groupName}/${option.name}`,
      ...nameIn(option, language),
      price: priceToAgorot(option.price) ?? 0,
      without: option.without,
    }));
  }
  const line = cartLines.find(
    (each) =>
      each.productId === item.productId &&
      each.quantity === item.quantity &&
      priceToAgorot(each.price) === priceToAgorot(item.price),
  );
  return line?.options ?? [];
}

function OrderView({
  order,
  departmentId,
  stillWaiting,
  cartLines,
}: {
  order: DinerOrderView;
  departmentId: string;
  stillWaiting: boolean;
  cartLines: readonly CartLine[];
}) {
  const t = useText();
  const { language } = useLanguage();
  const mark = useTextMarks();
  const total = priceToAgorot(order.totalAmount) ?? 0;
  const tip = order.tipAmount ? (priceToAgorot(order.tipAmount) ?? 0) : 0;
  const paymentFailed = order.paymentStatus === 'failed';
  return (
    <PageMain>
      <h1 className="text-2xl font-bold text-ink">{t.thankYou.title}</h1>

      <div role="status" className="mt-3">
        {order.paymentStatus === 'pending' ? (
          <p className="text-lg text-muted" data-testid="payment-pending">
            {t.thankYou.paymentPending}
          </p>
        ) : null}
        {stillWaiting && isPending(order) ? <p className="mt-1 text-muted">{t.thankYou.stillWaiting}</p> : null}
      </div>
      <div role="alert">
        {paymentFailed ? (
          <div className="mt-3 rounded-lg border border-danger bg-danger-50 p-3">
            <p className="font-bold text-danger">{t.thankYou.paymentFailed}</p>
            <p className="mt-2">
              <DinerLink href={dinerHref('checkout', departmentId)} className={primaryButtonClass}>
                {t.thankYou.backToPayment}
              </DinerLink>
            </p>
          </div>
        ) : null}
      </div>

      <OrderProgress order={order} />

      <section aria-labelledby="order-number-label" className="mt-4 rounded-xl border border-line bg-surface p-4">
        <p id="order-number-label" className="text-muted">
          {t.thankYou.orderNumber}
        </p>
        <p className="text-5xl font-bold text-ink" data-testid="order-number">
          <bdi dir="ltr">{order.orderNumber}</bdi>
        </p>
        {order.tableNumber !== null ? (
          <p className="mt-1 text-muted">
            {t.thankYou.table} <bdi dir="ltr">{order.tableNumber}</bdi>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="order-items" className="mt-6">
        <h2 id="order-items" className="text-xl font-bold text-ink">
          {t.thankYou.items}
        </h2>
        <ul className="mt-2 divide-y divide-line" data-testid="order-lines">
          {order.items.map((item: OrderItem, index) => {
            const shown = nameIn(item, language);
            return (
              <li key={`${item.productId}-${index}`} className="py-2">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <QuantityLine
                    quantity={item.quantity}
                    name={shown.name}
                    nameLang={mark(shown.lang)}
                    className="font-medium text-ink"
                  />
                  <span className="text-ink">
                    <span className="sr-only">{t.thankYou.lineTotal} </span>
                    <span dir="ltr">{formatShekels((priceToAgorot(item.price) ?? 0) * item.quantity)}</span>
                  </span>
                </div>
                <LineOptions options={choicesOf(item, cartLines, language)} />
              </li>
            );
          })}
        </ul>
        {tip > 0 ? (
          // The total includes the tip: named on its own, so the lines and the tip add up to it (issue 29).
          <p className="mt-2 border-t border-line pt-3 text-muted" data-testid="order-tip">
            {t.checkout.tipLine} <span dir="ltr">{formatShekels(tip)}</span>
          </p>
        ) : null}
        <p
          className="mt-2 flex items-center justify-between border-t border-line pt-3 text-xl font-bold text-ink"
          data-testid="order-total"
        >
          <span>{t.thankYou.total}</span>
          <span dir="ltr">{formatShekels(total)}</span>
        </p>
      </section>

      {order.remarks ? (
        <section aria-labelledby="order-remarks" className="mt-6 rounded-xl border border-line bg-canvas p-4">
          <h2 id="order-remarks" className="font-bold text-ink">
            {t.thankYou.remarks}
          </h2>
          <p className="mt-1 whitespace-pre-line text-ink" data-testid="order-remarks">
            {order.remarks}
          </p>
        </section>
      ) : null}

      {paymentFailed ? null : <InvoiceCard order={order} />}
      {order.refunds?.length ? <RefundsCard refunds={order.refunds} /> : null}

      <div className="mt-8 flex flex-wrap items-center gap-4">
        <DinerLink href={dinerHref('menu', departmentId)} className={primaryButtonClass}>
          {t.thankYou.newOrder}
        </DinerLink>
        <a href="/" className={`${textLinkClass} inline-flex min-h-11 items-center`}>
          {t.thankYou.promotion}
        </a>
      </div>
    </PageMain>
  );
}

function InvoiceCard({ order }: { order: DinerOrderView }) {
  const t = useText();
  const href = safeHref(order.invoiceUrl);
  return (
    <section
      aria-labelledby="order-invoice"
      className="mt-6 rounded-xl border border-line bg-surface p-4"
      data-testid="invoice"
    >
      <h2 id="order-invoice" className="font-bold text-ink">
        {t.thankYou.invoice}
      </h2>
      {order.invoiceNumber ? (
        <p className="mt-1 text-ink">
          {t.thankYou.invoiceNumber} <bdi dir="ltr">{order.invoiceNumber}</bdi>
        </p>
      ) : null}
      {href ? (
        <p className="mt-2">
          <a
            href={href}
            target="_blank"
            rel="noopener"
            className={`${textLinkClass} inline-flex min-h-11 items-center`}
          >
            {t.thankYou.viewInvoice} <span className="sr-only">{t.thankYou.newWindow}</span>
          </a>
        </p>
      ) : null}
      <div role="status">
        {order.invoiceStatus === 'pending' ? <p className="mt-1 text-muted">{t.thankYou.invoicePending}</p> : null}
        {order.invoiceStatus === 'failed' ? (
          <p className="mt-1 font-medium text-danger">{t.thankYou.invoiceFailed}</p>
        ) : null}
      </div>
    </section>
  );
}

/** Money the café returned (issue 17): each refund's amount and its credit document, opened like the invoice. */
function RefundsCard({ refunds }: { refunds: DinerRefund[] }) {
  const t = useText();
  return (
    <section
      aria-labelledby="order-refunds"
      className="mt-6 rounded-xl border border-line bg-surface p-4"
      data-testid="refunds"
    >
      <h2 id="order-refunds" className="font-bold text-ink">
        {t.thankYou.refunds}
      </h2>
      <ul className="mt-1 divide-y divide-line">
        {refunds.map((refund) => {
          const href = safeHref(refund.creditUrl);
          return (
            <li key={refund.refundId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-ink">
                {t.thankYou.refunded}{' '}
                <span dir="ltr" className="font-bold">
                  {formatShekels(priceToAgorot(refund.amount) ?? 0)}
                </span>
              </span>
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener"
                  className={`${textLinkClass} inline-flex min-h-11 items-center`}
                  data-testid="credit-link"
                >
                  {t.thankYou.viewCredit} <span className="sr-only">{t.thankYou.newWindow}</span>
                </a>
              ) : (
                <span className="text-muted">{t.thankYou.creditPending}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
