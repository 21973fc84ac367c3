// The thank-you page's documents: the tax invoice and the credit documents of refunds, each opened in a new window.
import type { ReactNode } from 'react';
import type { DinerOrderView, DinerRefund } from '@tafrit/contracts/ordering-types';
import { formatShekels, priceToAgorot } from './money';
import { useText } from './language';
import { textLinkClass } from './ui';

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

/** A card of its own under the order, named by its heading. */
function Card({ id, title, testId, children }: { id: string; title: string; testId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-xl border border-line bg-surface p-4" data-testid={testId}>
      <h2 id={id} className="font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A document of the order, opened in a new window (and said so to a screen reader). */
function DocumentLink({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  const t = useText();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={`${textLinkClass} inline-flex min-h-11 items-center`}
      data-testid={testId}
    >
      {children} <span className="sr-only">{t.thankYou.newWindow}</span>
    </a>
  );
}

export function InvoiceCard({ order }: { order: DinerOrderView }) {
  const t = useText();
  // Waiting for its allocation number (issue 32): not issued yet, so neither its number nor its page is shown.
  const onItsWay = order.invoiceStatus === 'awaiting_allocation' || order.invoiceStatus === 'allocation_refused';
  const href = onItsWay ? null : safeHref(order.invoiceUrl);
  return (
    <Card id="order-invoice" title={t.thankYou.invoice} testId="invoice">
      {order.invoiceNumber && !onItsWay ? (
        <p className="mt-1 text-ink">
          {t.thankYou.invoiceNumber} <bdi dir="ltr">{order.invoiceNumber}</bdi>
        </p>
      ) : null}
      {href ? (
        <p className="mt-2">
          <DocumentLink href={href}>{t.thankYou.viewInvoice}</DocumentLink>
        </p>
      ) : null}
      <div role="status">
        {order.invoiceStatus === 'pending' ? <p className="mt-1 text-muted">{t.thankYou.invoicePending}</p> : null}
        {onItsWay ? <p className="mt-1 text-ink">{t.thankYou.invoiceOnItsWay}</p> : null}
        {order.invoiceStatus === 'failed' ? (
          <p className="mt-1 font-medium text-danger">{t.thankYou.invoiceFailed}</p>
        ) : null}
      </div>
    </Card>
  );
}

/** Money the café returned (issue 17): each refund's amount and its credit document, opened like the invoice. */
export function RefundsCard({ refunds }: { refunds: DinerRefund[] }) {
  const t = useText();
  return (
    <Card id="order-refunds" title={t.thankYou.refunds} testId="refunds">
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
                <DocumentLink href={href} testId="credit-link">
                  {t.thankYou.viewCredit}
                </DocumentLink>
              ) : (
                <span className="text-muted">{t.thankYou.creditPending}</span>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
