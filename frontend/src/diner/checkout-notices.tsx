// The checkout's parts around the payment page: the folded order summary, the screens without a payment page (an empty
// cart, free items only) and the notices that replace it (an error, ordering closed, a new total, items gone).
import type { ReactNode } from 'react';
import { QuantityLine } from '@/components/quantity-line';
import { itemCount, lineKey, lineTotal, type CartLine } from './cart';
import { LineOptions } from './line-options';
import type { PaymentOutcome } from './payment-answer';
import { formatShekels, type Agorot } from './money';
import { dinerHref } from './paths';
import { useErrorText } from './error-text';
import { useLanguage, useText, useTextMarks } from './language';
import { opensAtText } from './ordering-banner';
import { DinerLink, PageMain, primaryButtonClass, secondaryButtonClass } from './ui';

/**
 * The lines and their choices, folded: open, they would push the payment frame below the first screen; folded, the
 * diner opens them (nothing moves by itself). The server draws it from the cookie, the same as the app.
 */
export function OrderSummary({ lines }: { lines: readonly CartLine[] }) {
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

/** The way back from the checkout: to the cart, or to the menu when there is nothing in it to pay. */
export function BackLink({
  to,
  departmentId,
  className,
}: {
  to: 'menu' | 'cart';
  departmentId: string;
  className: string;
}) {
  const t = useText();
  return (
    <p className={className}>
      <DinerLink href={dinerHref(to, departmentId)} className={secondaryButtonClass}>
        {to === 'menu' ? t.cart.backToMenu : t.checkout.backToCart}
      </DinerLink>
    </p>
  );
}

/** A checkout that asks for no payment page: its title, why, and the way back. */
function WithoutPayment({
  children,
  back,
  departmentId,
}: {
  children: ReactNode;
  back: 'menu' | 'cart';
  departmentId: string;
}) {
  const t = useText();
  return (
    <PageMain>
      <h1 className="text-2xl font-bold text-ink">{t.checkout.title}</h1>
      {children}
      <BackLink to={back} departmentId={departmentId} className="mt-6" />
    </PageMain>
  );
}

export function EmptyCheckout({ departmentId }: { departmentId: string }) {
  const t = useText();
  return (
    <WithoutPayment back="menu" departmentId={departmentId}>
      <p className="mt-3 max-w-prose text-lg text-muted" data-testid="checkout-empty">
        {t.cart.emptyBlocked}
      </p>
    </WithoutPayment>
  );
}

/** Only free items in the cart: there is nothing to pay, so no payment page is asked for. */
export function FreeOnlyCheckout({ departmentId }: { departmentId: string }) {
  const errors = useErrorText();
  return (
    <WithoutPayment back="cart" departmentId={departmentId}>
      <p className="mt-3 max-w-prose text-lg text-ink" role="alert" data-testid="checkout-free-only">
        {errors.message('order.zero_total')}
      </p>
    </WithoutPayment>
  );
}

/** A short notice in the checkout's alert: a title and what to know (a failed payment, a page framed elsewhere). */
export function Alert({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <div className="mt-4 rounded-lg border border-danger bg-danger-50 p-3" data-testid={testId}>
      <p className="font-bold text-danger">{title}</p>
      <p className="mt-1 text-ink">{children}</p>
    </div>
  );
}

/** A notice with something to do instead of the payment page. */
function Notice({
  tone,
  testId,
  children,
  action,
}: {
  tone: 'danger' | 'brand';
  testId: string;
  children: ReactNode;
  action?: { label: ReactNode; onClick(): void };
}) {
  const colours = tone === 'danger' ? 'border-danger bg-danger-50' : 'border-brand-700 bg-brand-50';
  return (
    <div className={`mt-4 rounded-lg border p-4 ${colours}`} data-testid={testId}>
      {children}
      {action ? (
        <button type="button" onClick={action.onClick} className={`${primaryButtonClass} mt-3`}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}

function TextList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-1 list-disc ps-5 text-ink">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function PaymentError({
  outcome,
  onRetry,
}: {
  outcome: Extract<PaymentOutcome, { kind: 'error' }>;
  onRetry(): void;
}) {
  const t = useText();
  return (
    <Notice tone="danger" testId="payment-error" action={{ label: t.checkout.retry, onClick: onRetry }}>
      <p className="font-bold text-danger">{outcome.message}</p>
      {outcome.detail ? <p className="mt-1 text-ink">{outcome.detail}</p> : null}
      {outcome.fields.length > 0 ? <TextList items={outcome.fields} /> : null}
    </Notice>
  );
}

export function OrderingClosed({ opensAt, departmentId }: { opensAt: string | null; departmentId: string }) {
  const t = useText();
  const { language } = useLanguage();
  return (
    <Notice tone="brand" testId="checkout-ordering-closed">
      <p className="text-lg font-bold text-ink">{t.checkout.closedTitle}</p>
      {opensAt ? (
        <p className="mt-1 font-medium text-ink">
          <bdi>{opensAtText(opensAt, language, t.ordering)}</bdi>
        </p>
      ) : null}
      <p className="mt-1 text-ink">{t.checkout.closedText}</p>
      <BackLink to="menu" departmentId={departmentId} className="mt-3" />
    </Notice>
  );
}

export function PriceChanged({ before, after, onPay }: { before: Agorot; after: Agorot; onPay(): void }) {
  const t = useText();
  const label = (
    <>
      {t.checkout.payNewAmount} <span dir="ltr">{formatShekels(after)}</span>
    </>
  );
  return (
    <Notice tone="brand" testId="price-changed" action={{ label, onClick: onPay }}>
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
    </Notice>
  );
}

export function Unavailable({ names, onRemove }: { names: string[]; onRemove(): void }) {
  const t = useText();
  return (
    <Notice
      tone="danger"
      testId="items-unavailable"
      action={{ label: t.checkout.removeUnavailable, onClick: onRemove }}
    >
      <p className="text-lg font-bold text-danger">{t.checkout.unavailableTitle}</p>
      {names.length > 0 ? (
        <>
          <p className="mt-1 text-ink">{t.checkout.unavailableText}</p>
          <TextList items={names} />
        </>
      ) : null}
    </Notice>
  );
}
