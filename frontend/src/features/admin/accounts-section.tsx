// The business accounts (issue 7, spec §2 and §4): the count cards, the list with search, pause or activate, close
// with a typed confirmation, and open-as-business in this tab or a new one.
import type { AdminBusinessRow } from '@tafrit/contracts/admin-types';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { cardClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heAdmin } from '@/i18n/he-admin';
import { businessesQueryOptions, deleteBusiness, reopenBusiness, toggleBusiness, useBusinesses } from './api';
import { errorDescription } from './errors';
import { dateTimeText, phoneDigits, phoneText, shekelsText } from './format';
import { OpenBusinessCard, useOpenAsBusiness } from './open-business';
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

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-ink">{label}:</dt>
      <dd className="text-muted">{children}</dd>
    </div>
  );
}

/** "השהיה: קפה הגפן": the visible words first (WCAG 2.5.3), then which business, for a list of many alike. */
function named(action: string, row: AdminBusinessRow): string {
  return `${action}: ${row.businessName}`;
}

const pd = heAdmin.pauseDialog;

/**
 * Activation is one click; pausing takes a live business off its diners' phones, so it is asked first in a dialog
 * that names the business (issue 15).
 */
function ToggleButton({ row }: { row: AdminBusinessRow }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const next = !row.isActive;

  async function onClick() {
    setPending(true);
    setAsking(false);
    try {
      await toggleBusiness(row.phone, { isActive: next });
      queryClient.setQueryData<AdminBusinessRow[]>(businessesQueryOptions.queryKey, (rows) =>
        rows?.map((item) => (item.phone === row.phone ? { ...item, isActive: next } : item)),
      );
      toast({ title: next ? a.activated_toast : a.paused_toast, description: row.businessName });
      void queryClient.invalidateQueries({ queryKey: businessesQueryOptions.queryKey });
    } catch (error) {
      toast({ variant: 'destructive', title: uiMessagesHe.businessToggleError, description: errorDescription(error) });
    } finally {
      setPending(false);
    }
  }

  const button = (
    <PendingButton
      type="button"
      pending={pending}
      pendingLabel={a.toggling}
      onClick={next ? () => void onClick() : undefined}
      className={next ? primaryButtonClass : secondaryButtonClass}
      aria-label={named(next ? a.activate : a.pause, row)}
    >
      {next ? a.activate : a.pause}
    </PendingButton>
  );
  if (next) return button;
  return (
    <Dialog
      open={asking}
      onOpenChange={setAsking}
      title={pd.title(row.businessName)}
      description={pd.description}
      closeLabel={pd.cancel}
      trigger={button}
      footer={
        <button type="button" onClick={() => void onClick()} className={dangerButtonClass} data-testid="confirm-pause">
          {pd.confirm}
        </button>
      }
    >
      <BusinessIdentity row={row} />
    </Dialog>
  );
}

/** Which account a confirmation is about, beyond its name (two cafés may share one): its owner and phone. */
function BusinessIdentity({ row }: { row: AdminBusinessRow }) {
  return (
    <dl className="flex flex-col gap-1 text-sm">
      <Detail label={a.owner}>{row.fullName}</Detail>
      <Detail label={a.phone}>
        <Ltr>{phoneText(row.phone)}</Ltr>
      </Detail>
    </dl>
  );
}

const rd = heAdmin.reopenDialog;

/** A closed account back to its owner (issue 15), after a confirmation that names it and says what returns. */
function ReopenButton({ row }: { row: AdminBusinessRow }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function onConfirm() {
    if (pending) return;
    setPending(true);
    try {
      await reopenBusiness(row.phone);
      toast({ title: rd.done, description: row.businessName });
      setPending(false);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: businessesQueryOptions.queryKey });
    } catch (error) {
      setPending(false);
      toast({ variant: 'destructive', title: rd.error, description: errorDescription(error) });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
      title={rd.title(row.businessName)}
      description={rd.description}
      closeLabel={rd.cancel}
      trigger={
        <button type="button" className={secondaryButtonClass} aria-label={named(a.reopen, row)}>
          {a.reopen}
        </button>
      }
      footer={
        <button
          type="button"
          disabled={pending}
          onClick={() => void onConfirm()}
          className={primaryButtonClass}
          data-testid="confirm-reopen"
        >
          {pending ? rd.reopening : rd.confirm}
        </button>
      }
    >
      <BusinessIdentity row={row} />
    </Dialog>
  );
}

function OpenButtons({ row }: { row: AdminBusinessRow }) {
  const { open, pending } = useOpenAsBusiness();
  return (
    <>
      <PendingButton
        type="button"
        pending={pending?.target === 'same'}
        pendingLabel={heAdmin.openBusiness.opening}
        onClick={() => void open(row.phone, 'same')}
        className={secondaryButtonClass}
        aria-label={named(a.openHere, row)}
      >
        {a.openHere}
      </PendingButton>
      <PendingButton
        type="button"
        pending={pending?.target === 'new'}
        pendingLabel={heAdmin.openBusiness.opening}
        onClick={() => void open(row.phone, 'new')}
        className={secondaryButtonClass}
        aria-label={named(a.openNewTab, row)}
      >
        {a.openNewTab}
      </PendingButton>
    </>
  );
}

const dd = heAdmin.deleteDialog;

const dangerButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-danger px-5 py-2 font-medium text-white ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const dangerOutlineClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-danger bg-surface px-5 py-2 ' +
  'font-medium text-danger hover:bg-danger-50';

/** The typed name must match exactly, ignoring the spaces around it. */
export function nameConfirmed(typed: string, businessName: string): boolean {
  return typed.trim() !== '' && typed.trim() === businessName.trim();
}

function DeleteButton({ row }: { row: AdminBusinessRow }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const confirmed = nameConfirmed(typed, row.businessName);

  function onOpenChange(next: boolean) {
    if (pending) return;
    setOpen(next);
    if (!next) setTyped('');
  }

  async function onConfirm() {
    if (!confirmed || pending) return;
    setPending(true);
    try {
      await deleteBusiness(row.phone);
      toast({ title: dd.done, description: row.businessName });
      setPending(false);
      setOpen(false);
      setTyped('');
      await queryClient.invalidateQueries({ queryKey: businessesQueryOptions.queryKey });
    } catch (error) {
      setPending(false);
      toast({ variant: 'destructive', title: uiMessagesHe.businessDeleteError, description: errorDescription(error) });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={dd.title}
      description={dd.description}
      closeLabel={dd.cancel}
      trigger={
        <button type="button" className={dangerOutlineClass} aria-label={named(a.delete, row)}>
          {a.delete}
        </button>
      }
      footer={
        <button
          type="button"
          disabled={!confirmed || pending}
          onClick={() => void onConfirm()}
          className={dangerButtonClass}
          data-testid="confirm-delete"
        >
          {pending ? dd.deleting : dd.confirm}
        </button>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onConfirm();
        }}
      >
        <TextField
          label={dd.typeLabel}
          hint={<strong className="font-bold text-ink">{row.businessName}</strong>}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          data-testid="delete-confirm-name"
        />
      </form>
    </Dialog>
  );
}
