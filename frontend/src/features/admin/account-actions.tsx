// The account's actions (issue 7, spec §2 and §4): pause or activate, reopen a closed account, close with a typed
// confirmation, and open-as-business in this tab or a new one. Each change is a mutation: its pending state disables
// the button, its failure is a toast, its success refreshes the list.
import type { AdminBusinessRow } from '@tafrit/contracts/admin-types';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heAdmin } from '@/i18n/he-admin';
import { businessesQueryOptions, deleteBusiness, reopenBusiness, toggleBusiness } from './api';
import { errorDescription } from './errors';
import { phoneText } from './format';
import { useOpenAsBusiness } from './open-business';
import { Ltr } from './ui';

const a = heAdmin.accounts;

export function Detail({ label, children }: { label: string; children: ReactNode }) {
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
export function ToggleButton({ row }: { row: AdminBusinessRow }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const next = !row.isActive;
  const toggle = useMutation({
    mutationFn: (isActive: boolean) => toggleBusiness(row.phone, { isActive }),
    onSuccess: (_answer, isActive) => {
      queryClient.setQueryData<AdminBusinessRow[]>(businessesQueryOptions.queryKey, (rows) =>
        rows?.map((item) => (item.phone === row.phone ? { ...item, isActive } : item)),
      );
      toast({ title: isActive ? a.activated_toast : a.paused_toast, description: row.businessName });
      void queryClient.invalidateQueries({ queryKey: businessesQueryOptions.queryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: uiMessagesHe.businessToggleError, description: errorDescription(error) });
    },
  });
  const pending = toggle.isPending;

  function onClick() {
    setAsking(false);
    toggle.mutate(next);
  }

  const button = (
    <PendingButton
      type="button"
      pending={pending}
      pendingLabel={a.toggling}
      onClick={next ? onClick : undefined}
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
        <button type="button" onClick={onClick} className={dangerButtonClass} data-testid="confirm-pause">
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
export function ReopenButton({ row }: { row: AdminBusinessRow }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const reopen = useMutation({
    mutationFn: () => reopenBusiness(row.phone),
    onSuccess: () => {
      toast({ title: rd.done, description: row.businessName });
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: businessesQueryOptions.queryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: rd.error, description: errorDescription(error) });
    },
  });
  const pending = reopen.isPending;

  function onConfirm() {
    if (!pending) reopen.mutate();
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
          onClick={onConfirm}
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

export function OpenButtons({ row }: { row: AdminBusinessRow }) {
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

export function DeleteButton({ row }: { row: AdminBusinessRow }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => deleteBusiness(row.phone),
    onSuccess: () => {
      toast({ title: dd.done, description: row.businessName });
      setOpen(false);
      setTyped('');
      void queryClient.invalidateQueries({ queryKey: businessesQueryOptions.queryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: uiMessagesHe.businessDeleteError, description: errorDescription(error) });
    },
  });
  const pending = remove.isPending;
  const confirmed = nameConfirmed(typed, row.businessName);

  function onOpenChange(next: boolean) {
    if (pending) return;
    setOpen(next);
    if (!next) setTyped('');
  }

  function onConfirm() {
    if (confirmed && !pending) remove.mutate();
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
          onClick={onConfirm}
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
          onConfirm();
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
