// What businesses owe for refunds of months already paid out (decision 025): the batch's deductions and carried
// balances, and every balance still open now, a closed business's marked as owed to the platform.
import type { PayoutBalance, PayoutBatch } from '@tafrit/contracts/admin-types';
import { heAdmin } from '@/i18n/he-admin';
import { monthLabel } from '@/lib/month-label';
import { shekelsText } from './format';
import { captionClass, Ltr, tableClass, TableBox, tdClass, thClass } from './ui';

const t = heAdmin.payouts;

export function PayoutBalances({ batch, month }: { batch: PayoutBatch; month: string }) {
  return (
    <>
      {batch.balances.length > 0 ? (
        <section className="mt-6" aria-labelledby={`balances-${month}`}>
          <h3 id={`balances-${month}`} className="text-xl font-bold text-ink">
            {t.balancesCaption}
          </h3>
          <p className="mt-1 text-muted">{t.balancesDescription}</p>
          <TableBox label={t.balancesCaption}>
            <table className={tableClass} data-testid="payout-balances">
              <caption className={`${captionClass} px-3 pt-3`}>
                {t.balancesCaption}, {monthLabel(month)}
              </caption>
              <thead>
                <tr>
                  {[t.business, t.owed, t.monthNet, t.deducted, t.carried].map((label) => (
                    <th key={label} scope="col" className={thClass}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {batch.balances.map((balance) => (
                  <tr key={balance.businessId}>
                    <th scope="row" className={`${tdClass} text-start font-medium`}>
                      {balance.businessName}
                    </th>
                    {[balance.owed, balance.monthNet, balance.deducted, balance.carried].map((amount, index) => (
                      <td key={index} className={tdClass}>
                        <Ltr>{shekelsText(amount)}</Ltr>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        </section>
      ) : null}
      <OwedNow balances={batch.owedNow} />
    </>
  );
}

function OwedNow({ balances }: { balances: PayoutBalance[] }) {
  if (balances.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="owed-now-title" data-testid="owed-now">
      <h3 id="owed-now-title" className="text-xl font-bold text-ink">
        {t.owedNowCaption}
      </h3>
      <ul className="mt-2 space-y-1">
        {balances.map((balance) => (
          <li key={balance.businessId} className="text-ink">
            <span className="font-medium">{balance.businessName}</span>: {t.owedNow}{' '}
            <Ltr>{shekelsText(balance.owed)}</Ltr>.{' '}
            <span className={balance.closed ? 'font-bold text-danger' : 'text-muted'}>
              {balance.closed ? t.closed : t.open}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
