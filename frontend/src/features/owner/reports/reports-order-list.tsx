// The month's orders, newest first: a row per order (number, Israel date and time, total) that opens to its remarks,
// invoice, payment, lines and refunds (product spec §2 Reports, issue 17), with the refund dialog of the console.
import type { InvoiceStatus, ReportOrder, ReportRefund } from '@tafrit/contracts/ordering-types';
import { formatShekels } from '@tafrit/contracts/money';
import { choicesText } from '@tafrit/contracts/order-line-text';
import { useId, useState } from 'react';
import { TypedText } from '@/components/typed-text';
import { textLinkClass } from '@/components/ui/styles';
import { heOwner } from '@/i18n/he-owner';
import { decimalToAgorot, lineTotalAgorot, orderDateText, shekelsText } from './reports-format';
import { OrderPayments } from './reports-order-payments';
import { OrderRefunds } from './reports-order-refunds';
import { SourceText } from './reports-sources';
import { OrderTimelineToggle } from '../timeline/order-timeline';

const t = heOwner.reports;

const statusClass: Record<InvoiceStatus, string> = {
  generated: 'text-brand-700',
  pending: 'text-muted',
  failed: 'text-danger',
  awaiting_allocation: 'text-muted',
  allocation_refused: 'text-danger',
};

export function OrderList({ orders }: { orders: ReportOrder[] }) {
  return (
    <ul className="divide-y divide-line rounded-xl border border-line bg-surface" data-testid="report-orders">
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </ul>
  );
}

function OrderRow({ order }: { order: ReportOrder }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li data-testid="report-order">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-11 w-full flex-wrap items-center gap-x-6 gap-y-1 px-4 py-3 text-start hover:bg-canvas"
        >
          <span className="font-bold text-ink">
            {t.orderNumber} <bdi>#{order.orderNumber}</bdi>
          </span>
          <span className="text-muted">
            <bdi dir="ltr">{orderDateText(order.orderDate)}</bdi>
          </span>
          {order.refunds.length > 0 ? (
            <span className="rounded-full border border-line px-2 text-sm text-muted" data-testid="report-refunded-tag">
              {t.refundedTag} <bdi dir="ltr">{formatShekels(refundedAgorot(order.refunds))}</bdi>
            </span>
          ) : null}
          <span className="ms-auto font-bold text-ink">
            <bdi dir="ltr">{shekelsText(order.totalAmount)}</bdi>
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-5 shrink-0 text-muted motion-safe:transition-transform ${open ? 'rotate-180' : ''}`}
            fill="currentColor"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-line bg-canvas px-4 py-4">
        {open ? <OrderDetails order={order} /> : null}
      </div>
    </li>
  );
}

const refundedAgorot = (refunds: ReportRefund[]) =>
  refunds.reduce((sum, refund) => sum + (decimalToAgorot(refund.amount) ?? 0), 0);

function OrderDetails({ order }: { order: ReportOrder }) {
  const last4 = order.payment?.last4;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <section>
        <h4 className="font-bold text-ink">{t.remarks}</h4>
        <p className="mt-1 whitespace-pre-line text-ink" data-testid="order-remarks">
          {order.remarks?.trim() ? (
            <TypedText text={order.remarks} />
          ) : (
            <span className="text-muted">{t.noRemarks}</span>
          )}
        </p>
        {order.tableNumber !== null ? (
          <p className="mt-2 text-ink">
            {t.table}: <bdi>{order.tableNumber}</bdi>
          </p>
        ) : null}
      </section>

      <section data-testid="order-invoice">
        <h4 className="font-bold text-ink">{t.invoice}</h4>
        <dl className="mt-1 space-y-1">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted">{t.invoiceNumber}:</dt>
            <dd className="text-ink">
              {order.invoiceNumber ? <bdi dir="ltr">{order.invoiceNumber}</bdi> : t.noInvoiceNumber}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted">{t.invoiceStatus}:</dt>
            <dd className={`font-medium ${statusClass[order.invoiceStatus] ?? 'text-ink'}`}>
              {t.invoiceStatuses[order.invoiceStatus] ?? order.invoiceStatus}
            </dd>
          </div>
        </dl>
        {order.invoiceNumber && order.invoiceUrl ? (
          <a
            href={order.invoiceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${textLinkClass} mt-1 inline-flex min-h-11 items-center`}
          >
            {t.viewInvoice} <span className="sr-only">{t.newWindow}</span>
          </a>
        ) : null}
      </section>

      <section>
        <h4 className="font-bold text-ink">{t.payment}</h4>
        <dl className="mt-1 space-y-1">
          <AmountRow label={t.total} amount={order.totalAmount} />
          {order.tipAmount && order.tipAmount !== '0.00' ? <AmountRow label={t.tip} amount={order.tipAmount} /> : null}
          <AmountRow label={t.commission} amount={order.commission} />
          <AmountRow label={t.net} amount={order.netAmount} />
          {order.refundedAmount && order.refundedAmount !== '0.00' ? (
            // After refunds, as the month's summary counts them: the orders' figures add up to it (issue 29). Rows of
            // the <dl> itself (a wrapper there is not a list's group).
            <>
              <AmountRow label={t.refunded} amount={order.refundedAmount} testId={AFTER_REFUNDS} />
              <AmountRow
                label={t.commissionAfterRefunds}
                amount={order.commissionAfterRefunds ?? order.commission}
                testId={AFTER_REFUNDS}
              />
              <AmountRow
                label={t.netAfterRefunds}
                amount={order.netAfterRefunds ?? order.netAmount}
                testId={AFTER_REFUNDS}
              />
            </>
          ) : null}
          {order.source !== undefined ? (
            <div className="flex flex-wrap gap-x-2" data-testid="report-order-source">
              <dt className="text-muted">{t.source}:</dt>
              <dd className="text-ink">
                <SourceText source={order.source} />
              </dd>
            </div>
          ) : null}
          {order.paymentMethod ? (
            <div className="flex flex-wrap gap-x-2" data-testid="report-order-method">
              <dt className="text-muted">{t.method}:</dt>
              <dd className="text-ink">{t.methods[order.paymentMethod]}</dd>
            </div>
          ) : null}
          {last4 ? (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-muted">{t.card}:</dt>
              <dd className="text-ink">
                {order.payment?.brand ? `${order.payment.brand} ` : ''}
                {t.cardEnding} <bdi dir="ltr">{last4}</bdi>
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section>
        <h4 className="font-bold text-ink">{t.items}</h4>
        <table className="mt-1 w-full text-start text-sm">
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-1 text-start font-medium">
                {t.itemName}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {t.quantity}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {t.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={`${item.productId}-${index}`} className="border-b border-line/60">
                <td className="py-1 text-ink">
                  <TypedText text={item.name} />
                  {item.options?.length ? (
                    <TypedText
                      className="block text-sm text-muted"
                      data-testid="report-line-choices"
                      text={choicesText(
                        item.options.map((option) => ({ ...option, priceAgorot: Math.round(option.price * 100) })),
                      )}
                    />
                  ) : null}
                </td>
                <td className="py-1">
                  <bdi>{item.quantity}</bdi>
                </td>
                <td className="py-1">
                  <bdi dir="ltr">{formatShekels(lineTotalAgorot(item.price, item.quantity))}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {order.payments?.length ? <OrderPayments order={{ ...order, payments: order.payments }} /> : null}
      <OrderRefunds order={order} />
      {/* Who accepted, refunded or declined it, and when (issue 31): asked for only when opened. */}
      <div className="md:col-span-2">
        <OrderTimelineToggle orderId={order.id} source="report" version={order.refundedAmount ?? ''} />
      </div>
    </div>
  );
}

const AFTER_REFUNDS = 'report-order-after-refunds';

function AmountRow({ label, amount, testId }: { label: string; amount: string; testId?: string }) {
  return (
    <div className="flex flex-wrap gap-x-2" data-testid={testId}>
      <dt className="text-muted">{label}:</dt>
      <dd className="text-ink">
        <bdi dir="ltr">{shekelsText(amount)}</bdi>
      </dd>
    </div>
  );
}
