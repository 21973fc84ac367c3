// Payouts (issue 7): for an ended month, the transfers due on the 20th of the next month, the batch's state, creating
// it, marking it transferred (confirmed), and its CSV and Masav files; the deductions for refunds of months already
// paid out and the balances still owed (decision 025); the month's platform commission invoices; and the platform's
// documents in the uniform structure for a range of dates.
import type { PayoutBatch } from '@tafrit/contracts/admin-types';
import { israelMonthOf, shiftMonth } from '@tafrit/contracts/months';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MonthPickerSection } from '@/components/month-picker-section';
import { Dialog } from '@/components/ui/dialog';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heAdmin } from '@/i18n/he-admin';
import { monthLabel } from '@/lib/month-label';
import { adminPaths, createPayoutBatch, markPayoutTransferred, payoutBatchQueryOptions, usePayoutBatch } from './api';
import { DownloadButton } from './commissions-section';
import { errorDescription } from './errors';
import { PayoutBalances } from './payout-balances';
import { PlatformInvoicesPanel } from './platform-invoices';
import { PlatformUniformStructureSection } from './uniform-structure-section';
import { dateText, dateTimeText, shekelsText } from './format';
import { EmptyState, Ltr, QueryState, sectionTitleClass, SummaryCard, tdClass, LtrCell, MonthTable } from './ui';

const t = heAdmin.payouts;

/** The twelve ended Israel months, newest first: a month is paid out after it is over. */
export function endedMonths(now: Date): string[] {
  const current = israelMonthOf(now);
  return Array.from({ length: 12 }, (_, index) => shiftMonth(current, -(index + 1)));
}

export function PayoutsSection() {
  return (
    <section id="payouts" aria-labelledby="payouts-title" className="scroll-mt-4">
      <h2 id="payouts-title" className={sectionTitleClass}>
        {heAdmin.sections.payouts}
      </h2>
      <p className="mt-1 text-muted">{t.description}</p>
      <MonthPickerSection label={t.monthLabel} months={endedMonths} className="mt-4">
        {(month) => <MonthBatch month={month} />}
      </MonthPickerSection>
      {/* Of a range of dates, not of the picked month: after the month's platform invoices, outside the picker. */}
      <PlatformUniformStructureSection />
    </section>
  );
}

function MonthBatch({ month }: { month: string }) {
  const batch = usePayoutBatch(month);
  return <QueryState query={batch}>{(data) => <Batch batch={data} month={month} />}</QueryState>;
}

function Batch({ batch, month }: { batch: PayoutBatch; month: string }) {
  const hasLines = batch.lines.length > 0;
  // A business whose whole net went to its balance has no transfer, yet the batch must still be made to record it.
  const canCreate = hasLines || batch.balances.length > 0;
  return (
    <>
      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="payout-summary">
        <SummaryCard
          label={t.status}
          value={<span className="text-lg">{t.statuses[batch.status] ?? batch.status}</span>}
        />
        <SummaryCard label={t.dueDate} value={<Ltr>{dateText(batch.dueDate)}</Ltr>} />
        <SummaryCard label={t.total} value={<Ltr>{shekelsText(batch.total)}</Ltr>} />
        {batch.transferredAt ? (
          <SummaryCard label={t.transferredAt} value={<Ltr>{dateTimeText(batch.transferredAt)}</Ltr>} />
        ) : batch.createdAt ? (
          <SummaryCard label={t.createdAt} value={<Ltr>{dateTimeText(batch.createdAt)}</Ltr>} />
        ) : null}
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        {batch.status === 'draft' && canCreate ? <CreateButton month={month} /> : null}
        {batch.status === 'created' ? <TransferredButton month={month} /> : null}
        {hasLines ? (
          <>
            <DownloadButton url={adminPaths.payoutsCsv(month)} fallbackName={`payouts-${month}.csv`} label={t.csv} />
            <DownloadButton url={adminPaths.payoutsMasav(month)} fallbackName={`masav-${month}.txt`} label={t.masav} />
          </>
        ) : null}
      </div>
      {hasLines ? (
        <MonthTable
          label={t.caption}
          month={month}
          testId="payout-table"
          columns={[t.business, t.beneficiary, t.bank, t.branch, t.account, t.monthNet, t.deducted, t.tips, t.net]}
        >
          {batch.lines.map((line) => (
            <tr key={line.businessId}>
              <th scope="row" className={`${tdClass} text-start font-medium`}>
                {line.businessName}
              </th>
              <td className={tdClass}>{line.beneficiaryName}</td>
              <LtrCell>{line.bankCode}</LtrCell>
              <LtrCell>{line.branch}</LtrCell>
              <LtrCell>{line.accountNumber}</LtrCell>
              <LtrCell>{shekelsText(line.monthNet)}</LtrCell>
              <LtrCell>{shekelsText(line.deducted)}</LtrCell>
              <LtrCell>{shekelsText(line.tips ?? '0.00')}</LtrCell>
              <LtrCell>{shekelsText(line.net)}</LtrCell>
            </tr>
          ))}
        </MonthTable>
      ) : (
        <EmptyState testId="payouts-empty">{t.empty}</EmptyState>
      )}
      <PayoutBalances batch={batch} month={month} />
      <PlatformInvoicesPanel month={month} />
    </>
  );
}

function usePayoutAction(month: string, action: (month: string) => Promise<void>, done: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => action(month),
    onSuccess: () => {
      toast({ title: done, description: monthLabel(month) });
      return queryClient.invalidateQueries({ queryKey: payoutBatchQueryOptions(month).queryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: t.actionError, description: errorDescription(error) });
    },
  });
  return { run: mutation.mutate, pending: mutation.isPending };
}

function CreateButton({ month }: { month: string }) {
  const { run, pending } = usePayoutAction(month, createPayoutBatch, t.created);
  return (
    <PendingButton type="button" pending={pending} pendingLabel={t.creating} onClick={() => run()}>
      {t.create}
    </PendingButton>
  );
}

function TransferredButton({ month }: { month: string }) {
  const { run, pending } = usePayoutAction(month, markPayoutTransferred, t.transferred);
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
      title={t.confirmTitle}
      description={t.confirmDescription}
      closeLabel={heAdmin.deleteDialog.cancel}
      trigger={
        <button type="button" className={primaryButtonClass}>
          {t.markTransferred}
        </button>
      }
      footer={
        <PendingButton
          type="button"
          pending={pending}
          pendingLabel={t.marking}
          onClick={() => {
            run(undefined, { onSuccess: () => setOpen(false) });
          }}
        >
          {t.confirm}
        </PendingButton>
      }
    >
      <p className="text-lg font-bold text-ink">{monthLabel(month)}</p>
    </Dialog>
  );
}
