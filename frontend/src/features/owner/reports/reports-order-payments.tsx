// A shared table's bill paid in parts in the monthly report (issue 34, decision 056): each payer, what they paid (their
// part and their tip), their card and their own tax document. The order's own figures above are these payments' sums.
import type { ReportOrder } from '@tafrit/contracts/ordering-types';
import { textLinkClass } from '@/components/ui/styles';
import { heOwner } from '@/i18n/he-owner';
import { orderDateText, shekelsText } from './reports-format';

const t = heOwner.reports;

export function OrderPayments({ payments }: { payments: NonNullable<ReportOrder['payments']> }) {
  return (
    <section className="md:col-span-2" data-testid="order-payments">
      <h4 className="font-bold text-ink">{t.payments}</h4>
      <p className="mt-1 text-muted">{t.paymentsNote}</p>
      <ul className="mt-1 space-y-2">
        {payments.map((payment, index) => (
          <li
            key={`${payment.paidAt}-${index}`}
            className="flex flex-wrap items-center gap-x-4 gap-y-1"
            data-testid="order-payment"
          >
            <span className="font-medium text-ink">{payment.payer ?? t.payerUnnamed}</span>
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
          </li>
        ))}
      </ul>
    </section>
  );
}
