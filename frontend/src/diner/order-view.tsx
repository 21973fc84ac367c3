// The order on the thank-you page: its number, progress, lines, total, remarks and documents.
import type { DinerOrderView } from '@tafrit/contracts/ordering-types';
import type { DinerLanguage } from '@tafrit/contracts/languages';
import { QuantityLine } from '@/components/quantity-line';
import type { CartLine, CartOption } from './cart';
import { LineOptions } from './line-options';
import { OrderProgress } from './order-progress';
import { PickupLine } from './pickup-time';
import { formatShekels, priceToAgorot } from './money';
import { dinerHref } from './paths';
import { useLanguage, useText, useTextMarks } from './language';
import { isPending } from './order-wait';
import { InvoiceCard, RefundsCard } from './order-documents';
import { TableBill } from './table-bill';
import { DinerLink, PageMain, primaryButtonClass, textLinkClass } from './ui';

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

export function OrderView({
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

      {order.table ? <TableBill order={order} table={order.table} /> : null}
      {/* At a shared table, the kitchen's steps once the whole bill is paid (until then the order waits). */}
      {order.table && !order.table.paid ? null : <OrderProgress order={order} />}

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
        <PickupLine order={order} />
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
