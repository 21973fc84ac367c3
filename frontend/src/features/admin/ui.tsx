// Small pieces the dashboard's sections share: the loading, error and empty states, the summary card and the table
// cell classes.
import type { ReactNode } from 'react';
import { cardClass, errorTextClass } from '@/components/ui/form-styles';
import { secondaryButtonClass } from '@/components/ui/styles';
import { heAdmin } from '@/i18n/he-admin';
import { monthLabel } from '@/lib/month-label';
import { errorDescription } from './errors';

const t = heAdmin.dashboard;

export const tableClass = 'w-full min-w-max border-collapse text-start text-sm';
export const thClass = 'border-b-2 border-line px-3 py-2 text-start font-bold text-ink';
export const tdClass = 'border-b border-line px-3 py-2 align-top text-ink';
export const captionClass = 'mb-2 text-start text-lg font-bold text-ink';
export const sectionTitleClass = 'text-2xl font-bold text-ink';

/** What QueryState reads of a query: a plain or an infinite one. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

/** Renders `children(data)` once the query has data; a status line while loading; an alert with retry on error. */
export function QueryState<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <p role="status" className="mt-6 text-muted">
        {t.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className={`${cardClass} mt-6`} role="alert">
        <p className={errorTextClass}>{t.loadError}</p>
        <p className="mt-1 text-muted">{errorDescription(query.error)}</p>
        <button type="button" className={`${secondaryButtonClass} mt-4`} onClick={() => void query.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  }
  return <>{children(query.data as T)}</>;
}

export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p data-testid={testId} className={`${cardClass} mt-6 text-center text-lg text-muted`}>
      {children}
    </p>
  );
}

export function SummaryCard({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className={cardClass}>
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Wide tables scroll sideways inside their own box on a phone; the box is focusable so the keyboard can scroll it. */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative mt-4 overflow-x-auto rounded-lg border border-line bg-surface"
    >
      {children}
    </div>
  );
}

/** An amount or number that reads left to right inside the right-to-left table. */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="tabular-nums">
      {children}
    </bdi>
  );
}

/** A table cell read left to right: a count, an amount, a bank code. */
export function LtrCell({ children }: { children: ReactNode }) {
  return (
    <td className={tdClass}>
      <Ltr>{children}</Ltr>
    </td>
  );
}

/** A month's table (commissions, payouts, invoices): its caption names the month; `columns` head its columns. */
export function MonthTable({
  label,
  month,
  testId,
  columns,
  children,
}: {
  label: string;
  month: string;
  testId: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <TableBox label={label}>
      <table className={tableClass} data-testid={testId}>
        <caption className={`${captionClass} px-3 pt-3`}>
          {label}, {monthLabel(month)}
        </caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={thClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableBox>
  );
}
