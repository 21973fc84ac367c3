import { Suspense, lazy, useCallback, useId, useState, useSyncExternalStore } from 'react';
import { codePointLength, toStorableText, truncateCodePoints } from '@tafrit/contracts/text';
import {
  MAX_QUANTITY,
  MAX_REMARKS,
  cartTotal,
  itemCount,
  lineKey,
  lineTotal,
  loadRemarks,
  replaceLine,
  saveRemarks,
  setQuantity,
  type CartLine,
} from './cart';
import { formatShekels, priceToAgorot } from './money';
import { CheckoutPage, type CheckoutPageProps } from './checkout-page';
import { dinerHref, type DinerPage } from './paths';
import { LineOptions } from './line-options';
import { useSheetText } from './sheet-strings';
import { useErrorText } from './error-text';
import { useOwnerTextLang, useText } from './language';
import { ThankYouPage, type ThankYouPageProps } from './thank-you-page';
import {
  DinerLink,
  PageMain,
  iconButtonClass,
  primaryButtonClass,
  secondaryButtonClass,
  useDiner,
  useDocumentTitle,
} from './ui';

// The sheet that edits a line's choices comes with its first "edit" tap.
const LineEditor = lazy(() => import('./line-editor'));

export interface CartPageProps {
  departmentId: string;
  lines: readonly CartLine[];
  update(change: (lines: readonly CartLine[]) => CartLine[]): CartLine[];
}

export function CartPage({ departmentId, lines, update }: CartPageProps) {
  const errors = useErrorText();
  const t = useText();
  useDocumentTitle(t.pageTitle(t.cart.title));
  const { navigate, announce } = useDiner();
  const [blocked, setBlocked] = useState(false);
  const emptyId = useId();
  const [editing, setEditing] = useState<{ line: CartLine; opener: HTMLElement } | null>(null);
  const stopEditing = useCallback(() => setEditing(null), []);
  const change = (key: string, quantity: number) => {
    const next = update((current) => setQuantity(current, key, quantity));
    announce(t.announce.changed(itemCount(next)));
    if (next.length === 0) document.getElementById('main')?.focus({ preventScroll: true });
  };
  // Free items only: no payment provider opens a page for ₪0, so the diner hears it here, not from the provider.
  const freeOnly = lines.length > 0 && cartTotal(lines) === 0;
  const toPayment = () => {
    if (lines.length === 0 || freeOnly) {
      setBlocked(true);
      return;
    }
    navigate(dinerHref('checkout', departmentId));
  };

  return (
    <PageMain>
      <h1 className="text-2xl font-bold text-ink">{t.cart.title}</h1>
      {lines.length === 0 ? (
        <p id={emptyId} className="mt-4 text-lg text-muted" data-testid="cart-empty">
          {t.cart.empty}
        </p>
      ) : (
        <>
          <h2 className="sr-only">{t.cart.lines}</h2>
          <ul className="mt-4 grid gap-3" data-testid="cart-lines">
            {lines.map((line) => (
              <CartLineItem
                key={lineKey(line)}
                line={line}
                onChange={change}
                onEdit={(opener) => setEditing({ line, opener })}
              />
            ))}
          </ul>
          <p
            className="mt-4 flex items-center justify-between border-t border-line pt-4 text-xl font-bold text-ink"
            data-testid="cart-total"
          >
            <span>{t.cart.total}</span>
            <span dir="ltr">{formatShekels(cartTotal(lines))}</span>
          </p>
          {freeOnly ? (
            <p className="mt-2 text-ink" data-testid="cart-free-only">
              {errors.message('order.zero_total')}
            </p>
          ) : null}
          <Remarks departmentId={departmentId} />
          {editing ? (
            <Suspense fallback={null}>
              <LineEditor
                departmentId={departmentId}
                line={editing.line}
                opener={editing.opener}
                onClose={stopEditing}
                onSave={(line) => {
                  const next = update((now) => replaceLine(now, lineKey(editing.line), line));
                  announce(t.announce.changed(itemCount(next)));
                }}
              />
            </Suspense>
          ) : null}
        </>
      )}
      <div role="alert" className="mt-4">
        {blocked && (lines.length === 0 || freeOnly) ? (
          <p className="rounded-lg border border-danger bg-danger-50 p-3 font-medium text-danger">
            {lines.length === 0 ? t.cart.emptyBlocked : errors.message('order.zero_total')}
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {/* Marked unavailable while the cart is empty, yet focusable and still answering a tap with the reason. */}
        <button
          type="button"
          onClick={toPayment}
          aria-disabled={lines.length === 0 ? true : undefined}
          aria-describedby={lines.length === 0 ? emptyId : undefined}
          className={`${primaryButtonClass} aria-disabled:cursor-not-allowed aria-disabled:bg-muted aria-disabled:hover:bg-muted`}
          data-testid="to-payment"
        >
          {t.cart.toPayment}
        </button>
        <DinerLink href={dinerHref('menu', departmentId)} className={secondaryButtonClass}>
          {t.cart.backToMenu}
        </DinerLink>
      </div>
    </PageMain>
  );
}

function CartLineItem({
  line,
  onChange,
  onEdit,
}: {
  line: CartLine;
  onChange(key: string, quantity: number): void;
  onEdit(opener: HTMLElement): void;
}) {
  const s = useSheetText();
  const t = useText();
  // The name as the line was added, in its own language (cart.ts).
  const owner = useOwnerTextLang(line.lang);
  const inputId = useId();
  const key = lineKey(line);
  // What the person is typing, while it is not a quantity yet (an empty field); otherwise the line's quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const unit = priceToAgorot(line.price) ?? 0;
  return (
    <li className="rounded-xl border border-line bg-surface p-3" data-testid="cart-line">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 {...owner} className="text-lg font-bold text-ink">
          {line.name}
        </h3>
        <p className="text-muted">
          {t.cart.unitPrice}{' '}
          <span dir="ltr" className="font-medium">
            {formatShekels(unit)}
          </span>
        </p>
      </div>
      {line.options ? (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <LineOptions options={line.options} />
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={(event) => onEdit(event.currentTarget)}
            className="min-h-11 px-2 font-medium text-brand-700 underline"
            data-testid="edit-line"
          >
            {s.edit} <span className="sr-only">{s.editName(line.name)}</span>
          </button>
        </div>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => onChange(key, line.quantity - 1)}
            aria-label={t.cart.minus(line.name)}
            className={iconButtonClass}
          >
            <span aria-hidden="true">−</span>
          </button>
          <label htmlFor={inputId} className="sr-only">
            {t.cart.quantity(line.name)}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_QUANTITY}
            step={1}
            value={draft ?? String(line.quantity)}
            data-testid="quantity-input"
            onChange={(event) => {
              const text = event.target.value;
              if (/^\d{1,2}$/.test(text)) {
                setDraft(null);
                onChange(key, Number(text));
              } else setDraft(text);
            }}
            onBlur={() => setDraft(null)}
            className="h-11 w-16 rounded-lg border border-muted bg-surface text-center text-lg"
          />
          <button
            type="button"
            onClick={() => onChange(key, line.quantity + 1)}
            disabled={line.quantity >= MAX_QUANTITY}
            aria-label={t.cart.plus(line.name)}
            className={`${iconButtonClass} disabled:opacity-50`}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <button
          type="button"
          onClick={() => onChange(key, 0)}
          className="min-h-11 px-2 font-medium text-danger underline"
        >
          {t.cart.remove} <span className="sr-only">{t.cart.removeName(line.name)}</span>
        </button>
        <p className="text-lg font-bold text-ink">
          <span className="sr-only">{t.cart.lineTotal} </span>
          <span dir="ltr">{formatShekels(lineTotal(line))}</span>
        </p>
      </div>
    </li>
  );
}

const noChange = () => () => undefined;

function Remarks({ departmentId }: { departmentId: string }) {
  const t = useText();
  const id = useId();
  // The server draws the cart without the device's remarks: the hydration shows none, and they follow at once.
  const onDevice = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const [typed, setText] = useState<string | null>(null);
  const text = typed ?? (onDevice ? loadRemarks(departmentId) : '');
  return (
    <div className="mt-6">
      <label htmlFor={id} className="block font-medium text-ink">
        {t.cart.remarksLabel}
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        placeholder={t.cart.remarksPlaceholder}
        aria-describedby={`${id}-count`}
        data-testid="remarks"
        onChange={(event) => {
          // No maxLength: browsers count it in UTF-16 units, so an emoji would count twice and a cut could split one.
          const value = truncateCodePoints(toStorableText(event.target.value), MAX_REMARKS);
          setText(value);
          saveRemarks(departmentId, value);
        }}
        className="mt-2 block w-full rounded-lg border border-muted bg-surface p-3 text-base"
      />
      <p id={`${id}-count`} className="mt-1 text-sm text-muted">
        {t.cart.remarksCount(codePointLength(text), MAX_REMARKS)}
      </p>
    </div>
  );
}

/** The screens after the menu (loaded on demand, see app.tsx): the cart, the checkout and the thank-you page. */
export default function OtherPages({
  page,
  departmentId,
  businessName,
  lines,
  update,
  payments,
  orderAhead,
  order,
}: CartPageProps & {
  page: Exclude<DinerPage, 'menu'>;
  businessName: string;
  payments?: CheckoutPageProps['payments'];
  orderAhead?: CheckoutPageProps['orderAhead'];
  order?: ThankYouPageProps['initialOrder'];
}) {
  if (page === 'cart') return <CartPage departmentId={departmentId} lines={lines} update={update} />;
  if (page === 'checkout') {
    return (
      <CheckoutPage
        departmentId={departmentId}
        businessName={businessName}
        lines={lines}
        update={update}
        payments={payments}
        orderAhead={orderAhead}
      />
    );
  }
  return <ThankYouPage departmentId={departmentId} initialOrder={order} lines={lines} update={update} />;
}
