// One plot of the numbers page: its title, the chart, the same figures as a table (behind a toggle, and always in the
// accessibility tree once opened) and the plot's CSV. Numbers in the table are isolated (<bdi>) so they read left to
// right inside the Hebrew.
import type { NumbersPlot, NumbersRange } from '@tafrit/contracts/http/numbers.schemas';
import { useId, type ReactNode } from 'react';
import { DownloadButton } from '@/components/download-button';
import { cardClass, cardTitleClass } from '@/components/ui/form-styles';
import { heOwnerNumbers } from '@/i18n/he-owner-numbers';
import { downloadNumbersCsv } from '../shared/api/numbers';
import { errorDescription } from '../shared/errors';

const t = heOwnerNumbers;

export interface Column {
  header: string;
  /** Left-to-right figures (amounts, dates) are isolated as such. */
  ltr?: boolean;
}

export function PlotCard({
  title,
  plot,
  range,
  columns,
  rows,
  emptyText = t.noData,
  children,
}: {
  title: string;
  /** The CSV of this plot; absent for a plot whose figures another plot's CSV already holds. */
  plot?: NumbersPlot;
  range: NumbersRange;
  columns: Column[];
  rows: string[][];
  /** What an empty range says instead of the chart. */
  emptyText?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-6`} data-testid={`numbers-plot-${plot ?? title}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className={cardTitleClass}>
          {title}
        </h2>
        {plot ? (
          <DownloadButton
            download={() => downloadNumbersCsv(plot, range)}
            label={t.csv}
            pendingLabel={t.csvPending}
            errorTitle={t.csvError}
            describeError={errorDescription}
          />
        ) : null}
      </div>
      <div className="mt-4">{rows.length === 0 ? <p className="text-muted">{emptyText}</p> : children}</div>
      {rows.length > 0 ? (
        <details className="mt-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700 underline">
            {t.showTable}
          </summary>
          {/* Scrolls both ways (a year of days, 24 hours): reachable from the keyboard, named for a screen reader. */}
          <div className="mt-2 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={`${t.tableOf} ${title}`}>
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-line text-muted">
                  {columns.map((column) => (
                    <th key={column.header} scope="col" className="py-1 pe-3 text-start font-medium">
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.join('|')} className="border-b border-line/60">
                    {row.map((cell, index) => {
                      const text = columns[index]?.ltr ? <bdi dir="ltr">{cell}</bdi> : <bdi>{cell}</bdi>;
                      return index === 0 ? (
                        <th key={index} scope="row" className="py-1 pe-3 text-start font-normal">
                          {text}
                        </th>
                      ) : (
                        <td key={index} className="py-1 pe-3">
                          {text}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </section>
  );
}
