// The thank-you page of a payer at a shared table (issue 34, part 2): their own part is paid (the order's total and
// invoice fields are theirs), and the table's bill: what is still left while it is not all paid (the order goes to the
// kitchen then), or that it is all paid.
import type { DinerOrderView } from '@tafrit/contracts/ordering-types';
import { formatShekels, priceToAgorot } from './money';
import { useSplitWords } from './split-words';

export function TableBill({ order, table }: { order: DinerOrderView; table: NonNullable<DinerOrderView['table']> }) {
  const w = useSplitWords();
  const shekels = (amount: string) => <bdi dir="ltr">{formatShekels(priceToAgorot(amount) ?? 0)}</bdi>;
  return (
    <section
      aria-labelledby="table-bill-title"
      className="mt-4 rounded-xl border border-brand-700 bg-brand-50 p-4"
      data-testid="table-bill"
      data-paid={table.paid ? 'true' : 'false'}
    >
      <h2 id="table-bill-title" className="font-bold text-ink">
        {order.paymentStatus === 'paid' ? w.partPaid : w.yourPart}{' '}
        <span data-testid="table-bill-part">{shekels(order.totalAmount)}</span>
      </h2>
      <p className="mt-1 text-muted">
        {w.billTotal} {shekels(table.billAmount)}
      </p>
      <div role="status">
        {table.paid ? (
          <p className="mt-2 font-medium text-ink" data-testid="table-bill-paid">
            {w.tablePaid}
          </p>
        ) : (
          <>
            <p className="mt-2 text-lg font-bold text-ink" data-testid="table-bill-left">
              {w.tableLeft} <span data-testid="table-bill-left-amount">{shekels(table.leftAmount)}</span>
            </p>
            <p className="mt-1 text-ink">{w.tableWaits}</p>
          </>
        )}
      </div>
    </section>
  );
}
