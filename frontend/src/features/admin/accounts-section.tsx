// The business accounts (issue 7, spec §2 and §4): the count cards and the list with search; each account's actions
// are in account-actions.tsx.
import type { AdminBusinessRow } from '@tafrit/contracts/admin-types';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useId, useState } from 'react';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { cardClass, hintClass } from '@/components/ui/form-styles';
import { heAdmin } from '@/i18n/he-admin';
import { DeleteButton, Detail, OpenButtons, ReopenButton, ToggleButton } from './account-actions';
import { useBusinesses } from './api';
import { dateTimeText, phoneDigits, phoneText, shekelsText } from './format';
import { OpenBusinessCard } from './open-business';
import { EmptyState, Ltr, QueryState, sectionTitleClass, SummaryCard } from './ui';

const c = heAdmin.cards;
const a = heAdmin.accounts;

export interface AccountCounts {
  total: number;
  active: number;
  paused: number;
  closed: number;
}

/** Closed accounts are counted apart: "total" is the accounts that can trade, active or paused. */
export function countAccounts(rows: readonly AdminBusinessRow[]): AccountCounts {
  const open = rows.filter((row) => !row.closedAt);
  const active = open.filter((row) => row.isActive).length;
  return { total: open.length, active, paused: open.length - active, closed: rows.length - open.length };
}

export function AccountCards() {
  const businesses = useBusinesses();
  return (
    <section id="summary" aria-labelledby="summary-title" className="scroll-mt-4">
      <h2 id="summary-title" className={sectionTitleClass}>
        {heAdmin.sections.accountsSummary}
      </h2>
      <QueryState query={businesses}>
        {(rows) => {
          const counts = countAccounts(rows);
          return (
            <>
              <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="account-cards">
                <SummaryCard label={c.total} value={counts.total} testId="count-total" />
                <SummaryCard label={c.active} value={counts.active} testId="count-active" />
                <SummaryCard label={c.paused} value={counts.paused} testId="count-paused" />
                <SummaryCard label={c.closed} value={counts.closed} testId="count-closed" />
              </dl>
              <p className={hintClass}>{c.closedNote}</p>
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

/** By business name, owner's name, e-mail or phone (any way of writing it: 052-..., 0523..., +97252...). */
export function matchesSearch(row: AdminBusinessRow, query: string): boolean {
  const q = query.trim().toLocaleLowerCase('he');
  if (!q) return true;
  const texts = [row.businessName, row.fullName, row.email, row.departmentId];
  if (texts.some((text) => text?.toLocaleLowerCase('he').includes(q))) return true;
  const digits = phoneDigits(q);
  return /\d/.test(q) && digits !== '' && phoneDigits(row.phone).includes(digits);
}

export function AccountsSection() {
  const businesses = useBusinesses();
  const [query, setQuery] = useState('');
  const [showClosed, setShowClosed] = useState(false);
  const resultsId = useId();
  const listed = (businesses.data ?? []).filter((row) => showClosed || !row.closedAt);
  const shown = listed.filter((row) => matchesSearch(row, query));

  return (
    <section id="accounts" aria-labelledby="accounts-title" className="scroll-mt-4">
      <h2 id="accounts-title" className={sectionTitleClass}>
        {heAdmin.sections.accounts}
      </h2>
      <div className="mt-4 flex flex-wrap items-end gap-6">
        <TextField
          type="search"
          label={a.searchLabel}
          hint={a.searchHint}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          aria-controls={resultsId}
          className="min-w-64 flex-1"
        />
        <CheckboxField
          label={a.showClosed}
          checked={showClosed}
          onChange={(event) => setShowClosed(event.target.checked)}
          className="pb-3"
        />
      </div>
      {/* On the page from the start, as the search box's aria-controls names it: empty until the list is loaded. */}
      <p id={resultsId} role="status" className="mt-4 text-sm text-muted">
        {listed.length > 0 ? (shown.length === 0 ? a.noMatch : a.results(shown.length)) : ''}
      </p>
      <QueryState query={businesses}>
        {() =>
          listed.length === 0 ? (
            <EmptyState testId="accounts-empty">{uiMessagesHe.noBusinessAccounts}</EmptyState>
          ) : shown.length > 0 ? (
            <ul className="mt-3 flex flex-col gap-4" data-testid="accounts-list">
              {shown.map((row) => (
                <AccountItem key={row.phone} row={row} />
              ))}
            </ul>
          ) : null
        }
      </QueryState>
      <div className="mt-8">
        <OpenBusinessCard />
      </div>
    </section>
  );
}

function StatusBadge({ row }: { row: AdminBusinessRow }) {
  if (row.closedAt) {
    return <span className="rounded-full border border-line bg-canvas px-3 py-0.5 text-sm text-muted">{a.closed}</span>;
  }
  return row.isActive ? (
    <span className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-medium text-brand-700">{a.active}</span>
  ) : (
    <span className="rounded-full border border-danger bg-danger-50 px-3 py-0.5 text-sm font-medium text-danger">
      {a.paused}
    </span>
  );
}

function AccountItem({ row }: { row: AdminBusinessRow }) {
  const titleId = useId();
  const closed = Boolean(row.closedAt);
  return (
    <li className={cardClass} data-testid="account-item" data-phone={row.phone}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={titleId} className="text-xl font-bold text-ink">
          {row.businessName}
        </h3>
        <StatusBadge row={row} />
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Detail label={a.owner}>{row.fullName}</Detail>
        <Detail label={a.phone}>
          <Ltr>{phoneText(row.phone)}</Ltr>
        </Detail>
        <Detail label={a.email}>
          <Ltr>{row.email}</Ltr>
        </Detail>
        <Detail label={a.department}>
          <Ltr>/menu/{row.departmentId}</Ltr>
        </Detail>
        <Detail label={a.createdAt}>
          <Ltr>{dateTimeText(row.createdAt)}</Ltr>
        </Detail>
        <Detail label={a.monthOrders}>
          <Ltr>{row.monthOrders}</Ltr>
        </Detail>
        <Detail label={a.monthSales}>
          <Ltr>{shekelsText(row.monthSales)}</Ltr>
        </Detail>
        {row.closedAt ? (
          <Detail label={a.closedAt}>
            <Ltr>{dateTimeText(row.closedAt)}</Ltr>
          </Detail>
        ) : null}
      </dl>
      {closed ? (
        <div role="group" aria-label={a.actionsOf(row.businessName)} className="mt-4 flex flex-wrap gap-3">
          <ReopenButton row={row} />
        </div>
      ) : (
        <div role="group" aria-label={a.actionsOf(row.businessName)} className="mt-4 flex flex-wrap gap-3">
          <ToggleButton row={row} />
          <OpenButtons row={row} />
          <DeleteButton row={row} />
        </div>
      )}
    </li>
  );
}

export { nameConfirmed } from './account-actions';
