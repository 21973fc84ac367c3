// A shared table's bill paid in parts in the monthly report (issue 34, decision 056): each payer, what they paid (their
// part and their tip), their card and their own tax document, and a refund of that payment on its own (the money goes
// back on that payer's card, with a credit of their document). The order's own figures are these payments' sums.
import type { ReportOrder } from '@tafrit/contracts/ordering-types';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { heOwner } from '@/i18n/he-owner';
import { RefundDialog } from '../refunds/refund-dialog';
import { remainingOf, targetOfPayment } from '../refunds/refund-target';
import { useConsoleRole } from '../team/use-role';
import { REPORT_URL } from '../shared/api/reports';
import { orderDateText, shekelsText } from './reports-format';

const t = heOwner.reports;
type Payment = NonNullable<ReportOrder['payments']>[number];

export function OrderPayments({ order }: { order: ReportOrder & { payments: Payment[] } }) {
  return (
    <section className="md:col-span-2" data-testid="order-payments">
      <h4 className="font-bold text-ink">{t.payments}</h4>
      <p className="mt-1 text-muted">{t.paymentsNote}</p>
      <ul className="mt-1 space-y-2">
        {order.payments.map((payment) => (
          <PaymentRow key={payment.partId} order={order} payment={payment} />
        ))}
      </ul>
    </section>
  );
}

function PaymentRow({ order, payment }: { order: ReportOrder; payment: Payment }) {
  const queryClient = useQueryClient();
  const { may } = useConsoleRole();
  const [refunding, setRefunding] = useState(false);
  const payer = payment.payer ?? t.payerUnnamed;
  const target = targetOfPayment(order, payment, payer);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="order-payment">
      <span className="font-medium text-ink">{payer}</span>
      <bdi dir="ltr" className="font-bold text-ink">
        {shekelsText(payment.amount)}
      </bdi>
      {payment.tipAmount !== '0.00' ? (
        <span className="text-muted">
          {t.payerTip} <bdi dir="ltr">{shekelsText(payment.tipAmount)}</bdi>
        </span>
      ) : null}
      <span className="text-ink">
        {t.methods[payment.method]}
        {payment.last4 ? (
          <>
            {' '}
            {t.cardEnding} <bdi dir="ltr">{payment.last4}</bdi>
          </>
        ) : null}
      </span>
      <span className="text-muted">
        <bdi dir="ltr">{orderDateText(payment.paidAt)}</bdi>
      </span>
      {payment.invoiceNumber && payment.invoiceUrl ? (
        <a
          href={payment.invoiceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${textLinkClass} inline-flex min-h-11 items-center`}
        >
          {t.viewInvoice} <bdi dir="ltr">{payment.invoiceNumber}</bdi>
          <span className="sr-only">{t.newWindow}</span>
        </a>
      ) : null}
      {remainingOf(target) > 0 && may('refunds') ? (
        <>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setRefunding(true)}
            data-testid="payment-refund"
          >
            {heOwner.refunds.action}
          </button>
          {refunding ? (
            <RefundDialog
              target={target}
              open
              onOpenChange={setRefunding}
              onRefunded={() => void queryClient.invalidateQueries({ queryKey: [REPORT_URL] })}
            />
          ) : null}
        </>
      ) : null}
    </li>
  );
}
