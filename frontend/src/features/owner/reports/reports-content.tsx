// The report itself: a month of the last 12 (Israel months), four summary cards, the daily sales chart, the
// expandable order list and the CSV download. Loaded by reports-page.tsx after the screen's title is on screen.
import type { MonthlyReport, ReportPayout } from '@tafrit/contracts/ordering-types';
import { formatIsraelDateTime, israelMonthOf, lastTwelveMonths } from '@tafrit/contracts/months';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { DownloadButton } from '@/components/download-button';
import { MonthPickerSection } from '@/components/month-picker-section';
import { cardClass, errorTextClass } from '@/components/ui/form-styles';
import { secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { heOwner } from '@/i18n/he-owner';
import { monthLabel } from '@/lib/month-label';
import { downloadOrdersCsv, useMonthlyReport, usePlatformInvoice } from '../shared/api/reports';
import { errorDescription } from '../shared/errors';
import { shekelsText } from './reports-format';
import { OrderList } from './reports-order-list';
import { ReportSources } from './reports-sources';
import { setupText } from '../setup/strings';

const t = heOwner.reports;

// The chart library (visx, d3) loads only when a month with sales is shown: the rest of the console never needs it.
const DailySalesChart = lazy(() => import('./reports-chart').then((module) => ({ default: module.DailySalesChart })));

export function ReportsContent() {
  return (
    <MonthPickerSection
      label={t.monthLabel}
      months={lastTwelveMonths}
      action={(month) => <CsvButton month={month} />}
      className="mt-6"
    >
      {(month) => <MonthReport month={month} />}
    </MonthPickerSection>
  );
}

function MonthReport({ month }: { month: string }) {
  const report = useMonthlyReport(month);
  return (
    <>
      {report.isPending ? (
        <p role="status" className="mt-8 text-muted">
          {t.loading}
        </p>
      ) : report.isError ? (
        <div className={`${cardClass} mt-8`} role="alert">
          <p className={errorTextClass}>{t.loadError}</p>
          <p className="mt-1 text-muted">{errorDescription(report.error)}</p>
          <button type="button" className={`${secondaryButtonClass} mt-4`} onClick={() => void report.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : (
        <ReportBody
          report={report.data}
          month={month}
          more={
            <MoreOrders
              shown={report.data.orders.length}
              total={report.data.page?.total ?? report.data.orders.length}
              hasMore={report.hasNextPage}
              loading={report.isFetchingNextPage}
              failed={report.isFetchNextPageError}
              loadMore={() => void report.fetchNextPage()}
            />
          }
        />
      )}
    </>
  );
}

function ReportBody({ report, month, more }: { report: MonthlyReport; month: string; more: ReactNode }) {
  const { summary } = report;
  return (
    <>
      <section aria-labelledby="report-summary-title" className="mt-8">
        <h2 id="report-summary-title" className="sr-only">
          {t.summaryTitle}
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5" data-testid="report-summary">
          <SummaryCard label={t.totalOrders} value={String(summary.totalOrders)} />
          <SummaryCard label={t.totalSales} value={shekelsText(summary.totalAmount)} />
          {/* Refunds apart from the sales (which stay as paid); the net is after them and their commission. */}
          <SummaryCard label={t.totalRefunds} value={shekelsText(summary.totalRefunds ?? '0.00')} />
          <SummaryCard label={t.commission} value={shekelsText(summary.totalCommission)} />
          <SummaryCard label={t.netAfterRefunds} value={shekelsText(summary.netAmount)} />
        </dl>
        {summary.totalTips && summary.totalTips !== '0.00' ? (
          <p className="mt-3 text-muted" data-testid="report-tips">
            {t.totalTips}: <bdi dir="ltr">{shekelsText(summary.totalTips)}</bdi> {t.tipsNote}
          </p>
        ) : null}
      </section>

      {report.orders.length === 0 ? (
        <EmptyMonth />
      ) : (
        <>
          <section aria-labelledby="report-chart-title" className={`${cardClass} mt-8`}>
            <h2 id="report-chart-title" className="text-xl font-bold text-ink">
              {t.chartTitle}
            </h2>
            <div className="mt-4 min-h-[260px]">
              <Suspense fallback={<p className="text-muted">{t.loading}</p>}>
                <DailySalesChart days={report.daily} monthName={monthLabel(month)} />
              </Suspense>
            </div>
          </section>
          {report.sources && report.sources.length > 0 ? <ReportSources sources={report.sources} /> : null}
          <section aria-labelledby="report-orders-title" className="mt-8">
            <h2 id="report-orders-title" className="text-xl font-bold text-ink">
              {t.ordersTitle}
            </h2>
            <div className="mt-4">
              <OrderList orders={report.orders} />
            </div>
            {more}
          </section>
        </>
      )}
      {report.payout ? <PayoutFooter payout={report.payout} /> : null}
      <PlatformInvoice month={month} />
    </>
  );
}

/**
 * How many of the month's orders are shown, and the next page's button while there are more (decision 065). The
 * button stays where it is while the page loads (aria-disabled, not disabled, its label saying so): a disabled button
 * would drop the keyboard's focus.
 */
function MoreOrders(props: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore: () => void;
}) {
  const { shown, total, hasMore, loading, failed, loadMore } = props;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4">
      <p className="text-muted" role="status" data-testid="report-shown">
        {loading ? t.loadingMore : t.shownOrders(shown, total)}
      </p>
      {hasMore ? (
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={loading ? undefined : loadMore}
          aria-disabled={loading}
          aria-busy={loading}
          data-testid="report-load-more"
        >
          {loading ? t.loadingMore : t.loadMore}
        </button>
      ) : null}
      {failed && !loading ? (
        <p className={errorTextClass} role="alert">
          {t.loadMoreError}
        </p>
      ) : null}
    </div>
  );
}

/** A month without orders says what to do next (issue 18): each step a link to where it is done. */
function EmptyMonth() {
  const e = setupText.emptyMonth;
  const linkClass = `${textLinkClass} inline-flex min-h-11 items-center`;
  return (
    <div className={`${cardClass} mt-8`} data-testid="report-empty">
      <p className="text-lg text-muted">{t.empty}</p>
      <h2 className="mt-3 text-lg font-bold text-ink">{e.next}</h2>
      <ul className="mt-1 list-disc ps-6">
        <li>
          <Link to="/menu" className={linkClass}>
            {e.menu}
          </Link>
        </li>
        <li>
          <Link to="/settings" className={linkClass}>
            {e.qr}
          </Link>
        </li>
        <li>
          <Link to="/orders" className={linkClass}>
            {e.orders}
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** The platform's commission invoice of an ended month and its credit documents, each opened in a new tab. */
function PlatformInvoice({ month }: { month: string }) {
  const ended = month < israelMonthOf(new Date());
  const invoice = usePlatformInvoice(month, ended);
  const p = t.platformInvoice;
  if (!ended) return null;
  return (
    <section aria-labelledby="platform-invoice-title" className="mt-8" data-testid="platform-invoice">
      <h2 id="platform-invoice-title" className="text-xl font-bold text-ink">
        {p.title}
      </h2>
      <p className="mt-1 text-muted">{p.description}</p>
      {invoice.isPending ? (
        <p role="status" className="mt-2 text-muted">
          {t.loading}
        </p>
      ) : invoice.isError ? (
        <p role="alert" className={`mt-2 ${errorTextClass}`}>
          {p.loadError}
        </p>
      ) : invoice.data.documents.length === 0 ? (
        <p className="mt-2 text-ink">{p.notYet}</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {invoice.data.documents.map((document) => (
            <li key={`${document.kind}-${document.number}`}>
              <a
                href={document.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${textLinkClass} inline-flex min-h-11 items-center gap-1`}
              >
                {document.kind === 'invoice' ? p.invoice(document.number) : p.credit(document.number)}:{' '}
                <bdi dir="ltr">{shekelsText(document.total)}</bdi>
                <span className="sr-only">{t.newWindow}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** '2026-11-20' -> '20/11/2026'. */
function dayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** The month's transfer to the business: done (amount and Israel date) or planned for the 20th of the next month. */
function PayoutFooter({ payout }: { payout: ReportPayout }) {
  const done = payout.status === 'transferred' && payout.transferredAt;
  return (
    <p className="mt-8 font-medium text-ink" data-testid="report-payout">
      {done ? (
        <>
          {t.payout.transferredBefore} <bdi dir="ltr">{shekelsText(payout.net)}</bdi> {t.payout.transferredAfter}
          <bdi dir="ltr">{formatIsraelDateTime(payout.transferredAt as string).slice(0, 10)}</bdi>
        </>
      ) : (
        <>
          {t.payout.planned}
          <bdi dir="ltr">{dayMonthYear(payout.dueDate)}</bdi>
        </>
      )}
      {payout.deducted && payout.deducted !== '0.00' ? (
        <span className="mt-1 block" data-testid="report-payout-deducted">
          {t.payout.deductedBefore} <bdi dir="ltr">{shekelsText(payout.deducted)}</bdi> {t.payout.deductedAfter}
        </span>
      ) : null}
      {payout.carried && payout.carried !== '0.00' ? (
        <span className="mt-1 block" data-testid="report-payout-carried">
          {t.payout.carriedBefore} <bdi dir="ltr">{shekelsText(payout.carried)}</bdi> {t.payout.carriedAfter}
        </span>
      ) : null}
    </p>
  );
}

function SummaryCard({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-4 shadow-sm">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink">
        <bdi dir="ltr">{value}</bdi>
      </dd>
    </div>
  );
}

function CsvButton({ month }: { month: string }) {
  return (
    <DownloadButton
      download={() => downloadOrdersCsv(month)}
      label={t.downloadCsv}
      pendingLabel={t.downloadingCsv}
      errorTitle={t.csvError}
      describeError={errorDescription}
    />
  );
}
