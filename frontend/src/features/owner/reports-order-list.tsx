// The month's orders, newest first: a row per order (number, Israel date and time, total) that opens to its remarks,
// invoice, payment, lines and refunds (product spec §2 Reports, issue 17), with the refund dialog of the console.
import type { InvoiceStatus, ReportOrder, ReportRefund, ReportUnsettledRefund } from '@tafrit/contracts/ordering-types';
import { formatShekels } from '@tafrit/contracts/money';
import { choicesText } from '@tafrit/contracts/order-line-text';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { refundOrder, retryCreditDocument } from './api/refunds';
import { REPORT_URL } from './api/reports';
import { errorDescription } from './errors';
import { RefundDialog } from './refunds/refund-dialog';
import { remainingOf, targetOfReportOrder } from './refunds/refund-target';
import { decimalToAgorot, lineTotalAgorot, orderDateText, shekelsText } from './reports-format';

const t = heOwner.reports;

const statusClass: Record<InvoiceStatus, string> = {
  generated: 'text-brand-700',
  pending: 'text-muted',
  failed: 'text-danger',
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
          {order.remarks?.trim() ? order.remarks : <span className="text-muted">{t.noRemarks}</span>}
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
                  {item.name}
                  {item.options?.length ? (
                    <span className="block text-sm text-muted" data-testid="report-line-choices">
                      {choicesText(
                        item.options.map((option) => ({ ...option, priceAgorot: Math.round(option.price * 100) })),
                      )}
                    </span>
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
      <OrderRefunds order={order} />
    </div>
  );
}

function AmountRow({ label, amount }: { label: string; amount: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{label}:</dt>
      <dd className="text-ink">
        <bdi dir="ltr">{shekelsText(amount)}</bdi>
      </dd>
    </div>
  );
}

/** The order's refunds (amount, reason, time, credit document) and the refund action, the console's dialog. */
function OrderRefunds({ order }: { order: ReportOrder }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const target = targetOfReportOrder(order);
  return (
    <section className="md:col-span-2" data-testid="order-refunds">
      <h4 className="font-bold text-ink">{t.refunds}</h4>
      {order.refunds.length > 0 ? (
        <ul className="mt-1 space-y-2">
          {order.refunds.map((refund) => (
            <li
              key={refund.refundId}
              className="flex flex-wrap items-center gap-x-4 gap-y-1"
              data-testid="order-refund"
            >
              <bdi dir="ltr" className="font-bold text-ink">
                {shekelsText(refund.amount)}
              </bdi>
              <span className="text-ink">{refund.reason}</span>
              <span className="text-muted">
                <bdi dir="ltr">{orderDateText(refund.createdAt)}</bdi>
              </span>
              {refund.creditUrl ? (
                <a
                  href={refund.creditUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${textLinkClass} inline-flex min-h-11 items-center`}
                  data-testid="order-refund-credit"
                >
                  {t.viewCredit} <span className="sr-only">{t.newWindow}</span>
                </a>
              ) : refund.credit === 'failed' || refund.credit === 'retrying' ? (
                <CreditNotMade orderId={order.id} refund={refund} />
              ) : (
                <span className="text-muted">{t.noCredit}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {order.unsettledRefunds?.length ? (
        <ul className="mt-2 space-y-2" data-testid="order-unsettled-refunds">
          {order.unsettledRefunds.map((refund) => (
            <UnsettledRefund key={refund.refundId} orderId={order.id} refund={refund} />
          ))}
        </ul>
      ) : null}
      {remainingOf(target) > 0 ? (
        <>
          <button
            type="button"
            className={`${secondaryButtonClass} mt-2`}
            onClick={() => setOpen(true)}
            data-testid="report-refund"
          >
            {heOwner.refunds.action}
          </button>
          {open ? (
            <RefundDialog
              target={target}
              open
              onOpenChange={setOpen}
              onRefunded={() => void queryClient.invalidateQueries({ queryKey: [REPORT_URL] })}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * A refund whose credit document the provider did not make (decision 026): why, and a button that asks for it again.
 * The server asks the provider once however often it is pressed; while an ask is in flight it says so instead.
 */
function CreditNotMade({ orderId, refund }: { orderId: string; refund: ReportRefund }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  if (refund.credit === 'retrying') {
    return (
      <span className="basis-full text-muted" data-testid="order-refund-credit-retrying">
        {t.creditInFlight}
      </span>
    );
  }

  async function retry() {
    setPending(true);
    try {
      const answer = await retryCreditDocument(orderId, refund.refundId);
      if (answer.credit === 'issued') toast({ title: t.creditIssued });
      else if (answer.credit === 'failed') {
        toast({ variant: 'destructive', title: t.creditStillFailed, description: answer.failureReason ?? undefined });
      }
      await queryClient.invalidateQueries({ queryKey: [REPORT_URL] });
    } catch (error) {
      toast({ variant: 'destructive', title: t.creditRetryError, description: errorDescription(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <span className="flex basis-full flex-wrap items-center gap-x-4 gap-y-1" data-testid="order-refund-credit-failed">
      <span className="text-danger">
        {t.creditFailed}
        {refund.creditFailureReason ? (
          <>
            {' '}
            ({t.creditFailedReason}: <bdi>{refund.creditFailureReason}</bdi>)
          </>
        ) : null}
      </span>
      <PendingButton
        type="button"
        pending={pending}
        pendingLabel={t.creditRetrying}
        className={secondaryButtonClass}
        onClick={() => void retry()}
        data-testid="order-refund-credit-retry"
      >
        {t.creditRetry}
      </PendingButton>
    </span>
  );
}

/**
 * A refund that returned nothing (yet): refused by the provider, with its reason and a retry under its own id (so
 * the provider sees the same key, and a double click is one refund), or waiting for its answer, its amount held.
 */
function UnsettledRefund({ orderId, refund }: { orderId: string; refund: ReportUnsettledRefund }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function retry() {
    setPending(true);
    try {
      // The same id with the same lines (or neither, for an amount or the whole): the server refunds what it asked.
      const request = refund.lines ? { kind: 'lines' as const, lines: refund.lines } : { kind: 'whole' as const };
      const answer = await refundOrder(orderId, request, refund.reason, refund.refundId);
      if (answer.status === 'refunded') toast({ title: t.refundRetried });
      else if (answer.status === 'failed') {
        toast({ variant: 'destructive', title: t.refundStillRefused, description: answer.failureReason ?? undefined });
      } else toast({ title: t.refundStillWaiting });
      await queryClient.invalidateQueries({ queryKey: [REPORT_URL] });
    } catch (error) {
      toast({ variant: 'destructive', title: t.refundRetryError, description: errorDescription(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="order-unsettled-refund">
      <bdi dir="ltr" className="font-bold text-ink">
        {shekelsText(refund.amount)}
      </bdi>
      <span className="text-ink">{refund.reason}</span>
      {refund.status === 'failed' ? (
        <>
          <span className="text-danger">
            {t.refundRefused}
            {refund.failureReason ? (
              <>
                {' '}
                ({t.creditFailedReason}: <bdi>{refund.failureReason}</bdi>)
              </>
            ) : null}
          </span>
          <PendingButton
            type="button"
            pending={pending}
            pendingLabel={t.refundRetrying}
            className={secondaryButtonClass}
            onClick={() => void retry()}
            data-testid="order-refund-retry"
          >
            {t.refundRetry}
          </PendingButton>
        </>
      ) : (
        <span className="text-muted">{t.refundWaiting}</span>
      )}
    </li>
  );
}
