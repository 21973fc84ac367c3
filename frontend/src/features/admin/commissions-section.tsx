// The monthly commission report (issue 7, spec §2): a month of the last 12 Israel months, the summary cards, the
// per-business table with CSV, and per business the commission history, the events behind its figures.
import type { AdminCommissionBusiness, AdminCommissionReport } from '@tafrit/contracts/admin-types';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { lastTwelveMonths } from '@tafrit/contracts/months';
import { useState } from 'react';
import { DownloadButton as SavingButton } from '@/components/download-button';
import { MonthPickerSection } from '@/components/month-picker-section';
import { Dialog } from '@/components/ui/dialog';
import { textLinkClass } from '@/components/ui/styles';
import { heAdmin } from '@/i18n/he-admin';
import { monthLabel } from '@/lib/month-label';
import { adminPaths, downloadAdminFile, useCommissionHistory, useCommissionReport } from './api';
import { errorDescription } from './errors';
import { DocumentLink, useDocumentsByBusiness } from './platform-invoices';
import { dateTimeText, shekelsText } from './format';
import {
  captionClass,
  EmptyState,
  Ltr,
  QueryState,
  sectionTitleClass,
  SummaryCard,
  tableClass,
  tdClass,
  thClass,
  LtrCell,
  MonthTable,
} from './ui';

const t = heAdmin.commissions;

export function CommissionsSection() {
  return (
    <section id="commissions" aria-labelledby="commissions-title" className="scroll-mt-4">
      <h2 id="commissions-title" className={sectionTitleClass}>
        {heAdmin.sections.commissions}
      </h2>
      <p className="mt-1 text-muted">{t.description}</p>
      <MonthPickerSection
        label={t.monthLabel}
        months={lastTwelveMonths}
        action={(month) => (
          <DownloadButton
            url={adminPaths.commissionsCsv(month)}
            fallbackName={`commissions-${month}.csv`}
            label={t.csv}
          />
        )}
        className="mt-4"
      >
        {(month) => <MonthCommissions month={month} />}
      </MonthPickerSection>
    </section>
  );
}

function MonthCommissions({ month }: { month: string }) {
  const report = useCommissionReport(month);
  return <QueryState query={report}>{(data) => <CommissionReport report={data} month={month} />}</QueryState>;
}

function CommissionReport({ report, month }: { report: AdminCommissionReport; month: string }) {
  const { summary } = report;
  const documents = useDocumentsByBusiness(month);
  return (
    <>
      <h3 className="sr-only">{t.summaryTitle}</h3>
      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-5" data-testid="commission-summary">
        <SummaryCard label={t.totalOrders} value={summary.totalOrders} />
        <SummaryCard label={t.totalAmount} value={<Ltr>{shekelsText(summary.totalAmount)}</Ltr>} />
        <SummaryCard label={t.totalRefunds} value={<Ltr>{shekelsText(summary.totalRefunds)}</Ltr>} />
        <SummaryCard label={t.totalCommission} value={<Ltr>{shekelsText(summary.totalCommission)}</Ltr>} />
        <SummaryCard label={t.totalNet} value={<Ltr>{shekelsText(summary.totalNet)}</Ltr>} />
      </dl>
      {report.businesses.length === 0 ? (
        <EmptyState testId="commissions-empty">{uiMessagesHe.noCommissionData}</EmptyState>
      ) : (
        <MonthTable
          label={t.tableCaption}
          month={month}
          testId="commission-table"
          columns={[
            t.business,
            t.totalOrders,
            t.totalAmount,
            t.totalRefunds,
            t.totalCommission,
            t.totalNet,
            t.platformInvoice,
            t.actions,
          ]}
        >
          {report.businesses.map((business) => (
            <tr key={business.businessId}>
              <th scope="row" className={`${tdClass} text-start font-medium`}>
                {business.businessName}
              </th>
              <LtrCell>{business.totalOrders}</LtrCell>
              <LtrCell>{shekelsText(business.totalAmount)}</LtrCell>
              <LtrCell>{shekelsText(business.totalRefunds)}</LtrCell>
              <LtrCell>{shekelsText(business.totalCommission)}</LtrCell>
              <LtrCell>{shekelsText(business.totalNet)}</LtrCell>
              <td className={tdClass}>
                {documents
                  .get(business.businessId)
                  ?.documents.map((document) => (
                    <DocumentLink
                      key={`${document.kind}-${document.number}`}
                      document={document}
                      businessName={business.businessName}
                    />
                  )) ?? '—'}
              </td>
              <td className={tdClass}>
                <HistoryButton business={business} month={month} />
              </td>
            </tr>
          ))}
        </MonthTable>
      )}
    </>
  );
}

function HistoryButton({ business, month }: { business: AdminCommissionBusiness; month: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t.historyOf(business.businessName)}
      description={`${monthLabel(month)}. ${heAdmin.history.description}`}
      closeLabel={heAdmin.dashboard.close}
      trigger={
        <button type="button" className={`${textLinkClass} min-h-11 px-1`}>
          {t.history}
          <span className="sr-only">: {business.businessName}</span>
        </button>
      }
    >
      {open ? <HistoryLines phone={business.businessId} month={month} /> : null}
    </Dialog>
  );
}

const h = heAdmin.history;

function HistoryLines({ phone, month }: { phone: string; month: string }) {
  const history = useCommissionHistory(month, phone, true);
  return (
    <QueryState query={history}>
      {(data) =>
        data.lines.length === 0 ? (
          <p className="text-muted">{h.empty}</p>
        ) : (
          // Focusable: a wide table scrolls sideways inside the dialog, and the keyboard must reach it.
          <div role="region" aria-label={h.caption} tabIndex={0} className="relative overflow-x-auto">
            <table className={tableClass} data-testid="history-table">
              <caption className={captionClass}>{h.caption}</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    {h.at}
                  </th>
                  <th scope="col" className={thClass}>
                    {h.kind}
                  </th>
                  <th scope="col" className={thClass}>
                    {h.order}
                  </th>
                  <th scope="col" className={thClass}>
                    {h.amount}
                  </th>
                  <th scope="col" className={thClass}>
                    {h.commission}
                  </th>
                  <th scope="col" className={thClass}>
                    {h.net}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line) => (
                  <tr key={`${line.eventPosition}-${line.kind}`}>
                    <LtrCell>{dateTimeText(line.at)}</LtrCell>
                    <td className={tdClass}>{h.kinds[line.kind] ?? line.kind}</td>
                    <td className={tdClass}>{line.orderNumber !== null ? <Ltr>{line.orderNumber}</Ltr> : '—'}</td>
                    <LtrCell>{shekelsText(line.amount)}</LtrCell>
                    <LtrCell>{shekelsText(line.commission)}</LtrCell>
                    <LtrCell>{shekelsText(line.net)}</LtrCell>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-bold">
                  <th scope="row" colSpan={2} className={`${tdClass} text-start`}>
                    {h.totals}
                  </th>
                  <LtrCell>{data.totals.totalOrders}</LtrCell>
                  <LtrCell>{shekelsText(data.totals.totalAmount)}</LtrCell>
                  <LtrCell>{shekelsText(data.totals.totalCommission)}</LtrCell>
                  <LtrCell>{shekelsText(data.totals.totalNet)}</LtrCell>
                </tr>
              </tfoot>
            </table>
          </div>
        )
      }
    </QueryState>
  );
}

/** A file (CSV, Masav) fetched with the admin token and saved; errors as a toast. */
export function DownloadButton({ url, fallbackName, label }: { url: string; fallbackName: string; label: string }) {
  return (
    <SavingButton
      download={() => downloadAdminFile(url, fallbackName)}
      label={label}
      pendingLabel={t.downloading}
      errorTitle={t.downloadError}
      describeError={errorDescription}
    />
  );
}
