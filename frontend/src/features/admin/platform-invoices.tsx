// The platform's monthly commission invoices (decision 025): beside the commissions, a link per business; beside the
// payouts, the month's list of invoices and credit documents with the button that issues the due ones, after a
// confirmation.
import type { PlatformDocument, PlatformInvoiceSummary } from '@tafrit/contracts/platform-invoice-events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsequencesDialog } from '@/components/ui/consequences-dialog';
import { secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heAdmin } from '@/i18n/he-admin';
import { monthLabel } from '@/lib/month-label';
import { issuePlatformInvoices, platformInvoicesQueryOptions, usePlatformInvoices } from './api';
import { errorDescription } from './errors';
import { shekelsText } from './format';
import { EmptyState, Ltr, QueryState, tdClass, MonthTable } from './ui';

const t = heAdmin.platformInvoices;

/** One document, opened in a new tab (the page is printable; its link carries its own token). */
export function DocumentLink({ document, businessName }: { document: PlatformDocument; businessName: string }) {
  return (
    <a
      href={document.url}
      target="_blank"
      rel="noopener noreferrer"
      className={`${textLinkClass} inline-flex min-h-11 items-center gap-1 px-1`}
    >
      {document.kind === 'invoice' ? t.invoice(document.number) : t.credit(document.number)}:{' '}
      <Ltr>{shekelsText(document.total)}</Ltr>
      <span className="sr-only">
        {' '}
        {businessName} {t.newWindow}
      </span>
    </a>
  );
}

/** The documents of each business of the month, keyed by business phone (empty before issue). */
export function useDocumentsByBusiness(month: string): Map<string, PlatformInvoiceSummary> {
  const invoices = usePlatformInvoices(month);
  return new Map((invoices.data ?? []).map((entry) => [entry.businessId, entry]));
}

export function PlatformInvoicesPanel({ month }: { month: string }) {
  const invoices = usePlatformInvoices(month);
  return (
    <section aria-labelledby={`platform-invoices-${month}`} className="mt-8" data-testid="platform-invoices">
      <h3 id={`platform-invoices-${month}`} className="text-xl font-bold text-ink">
        {t.title}
      </h3>
      <p className="mt-1 text-muted">{t.description}</p>
      <div className="mt-3">
        <IssueButton month={month} />
      </div>
      <QueryState query={invoices}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState testId="platform-invoices-empty">{t.empty}</EmptyState>
          ) : (
            <MonthTable
              label={t.caption}
              month={month}
              testId="platform-invoices-table"
              columns={[t.business, t.documents]}
            >
              {list.map((entry) => (
                <tr key={entry.businessId}>
                  <th scope="row" className={`${tdClass} text-start font-medium`}>
                    {entry.businessName}
                  </th>
                  <td className={tdClass}>
                    <ul>
                      {entry.documents.map((document) => (
                        <li key={`${document.kind}-${document.number}`}>
                          <DocumentLink document={document} businessName={entry.businessName} />
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </MonthTable>
          )
        }
      </QueryState>
    </section>
  );
}

/** Issues the month's due invoices after the administrator read what that does (a tax document stays). */
function IssueButton({ month }: { month: string }) {
  const queryClient = useQueryClient();
  const issue = useMutation({
    mutationFn: () => issuePlatformInvoices(month),
    onSuccess: () => {
      toast({ title: t.issued, description: monthLabel(month) });
      return queryClient.invalidateQueries({ queryKey: platformInvoicesQueryOptions(month).queryKey });
    },
  });
  return (
    <ConsequencesDialog
      text={{
        ...t.confirm,
        description: t.confirm.description(monthLabel(month)),
        confirming: t.issuing,
        error: t.issueError,
      }}
      trigger={
        <button type="button" className={secondaryButtonClass}>
          {t.issue}
        </button>
      }
      onConfirm={issue.mutateAsync}
      describeError={errorDescription}
      confirmTestId="confirm-issue-invoices"
    />
  );
}
