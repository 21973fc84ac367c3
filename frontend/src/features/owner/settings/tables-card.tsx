import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  businessTablesSchema,
  type BusinessTablesAnswer,
  type BusinessTablesInput,
} from '@tafrit/contracts/http/tables.schemas';
import { TABLE_LIMITS } from '@tafrit/contracts/tables';
import { useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form-field';
import { hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { dangerOutlineClass, primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import {
  businessTablesQueryOptions,
  ownerTablesQueryOptions,
  renewTableKeys,
  saveBusinessTables,
  useBusinessTables,
} from '../shared/api/tables';
import { ConsequencesDialog } from '../shared/components/consequences-dialog';
import { errorDescription, fieldErrorsOf } from '../shared/errors';
import { useStepUp } from '../shared/step-up';
import { SettingCard, SettingSwitch } from './setting-card';
import { formatTableNumbers, parseTableNumbers } from './table-numbers';
import { PayAtEndFields, type PayAtEndDraft } from './pay-at-end-fields';

const t = heOwner.settings.tables;

interface Draft extends PayAtEndDraft {
  shared: boolean;
  numbers: string;
  idleMinutes: string;
  unpaidShareMinutes: string;
}
const FIELDS = ['numbers', 'idleMinutes', 'unpaidShareMinutes', 'holdShekels', 'tabIdleMinutes'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

const draftOf = (saved: BusinessTablesAnswer): Draft => ({
  shared: saved.shared,
  numbers: formatTableNumbers(saved.numbers),
  idleMinutes: String(saved.idleMinutes),
  unpaidShareMinutes: String(saved.unpaidShareMinutes),
  payAtEnd: saved.payAtEnd,
  holdShekels: String(saved.holdShekels),
  tabIdleMinutes: String(saved.tabIdleMinutes),
});

const when = new Intl.DateTimeFormat('he-IL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Jerusalem' });

const numbersProblem = {
  invalid: t.numbersInvalid,
  range: t.numbersRange,
  duplicate: t.numbersDuplicate,
  tooMany: t.numbersTooMany,
};

/** A whole number (minutes, shekels) as typed, or NaN (the contract's schema then says what is wrong). */
const minutesOf = (text: string) => (/^\s*\d{1,5}\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * Pay at the end's numbers as sent: while the owner sees them (pay at the end on, at a shared table), as typed; else
 * as last saved (or the contract's defaults), so a field the owner cannot see never stops the save.
 */
function payAtEndNumbers(draft: Draft, saved?: BusinessTablesAnswer) {
  const shown = draft.shared && draft.payAtEnd;
  const hold = minutesOf(draft.holdShekels);
  const idle = minutesOf(draft.tabIdleMinutes);
  const within = (value: number, limits: { min: number; max: number }) =>
    Number.isInteger(value) && value >= limits.min && value <= limits.max;
  return {
    payAtEnd: draft.payAtEnd,
    holdShekels:
      shown || within(hold, TABLE_LIMITS.holdShekels) ? hold : (saved?.holdShekels ?? TABLE_LIMITS.holdShekels.default),
    tabIdleMinutes:
      shown || within(idle, TABLE_LIMITS.tabIdleMinutes)
        ? idle
        : (saved?.tabIdleMinutes ?? TABLE_LIMITS.tabIdleMinutes.default),
  };
}

/**
 * The request the form describes, or the errors to show beside its fields: the tables' text parsed here, every range
 * then checked by the contract's own schema, so the card says what the server would.
 */
export function tablesRequestOf(
  draft: Draft,
  saved?: BusinessTablesAnswer,
): { request: BusinessTablesInput } | { errors: Errors } {
  const errors: Errors = {};
  const parsed = parseTableNumbers(draft.numbers);
  if (!parsed.ok) errors.numbers = numbersProblem[parsed.reason];
  const idleMinutes = minutesOf(draft.idleMinutes);
  const unpaidShareMinutes = minutesOf(draft.unpaidShareMinutes);
  const checked = businessTablesSchema.safeParse({
    shared: draft.shared,
    numbers: parsed.ok ? parsed.numbers : [],
    idleMinutes,
    unpaidShareMinutes,
    ...payAtEndNumbers(draft, saved),
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = FIELDS.find((each) => each === issue.path[0]);
      if (field === 'numbers' && !parsed.ok) continue;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !checked.success) return { errors };
  return { request: checked.data };
}

/**
 * Settings' card of the shared table (issue 34): on or off, the café's tables, how long an untouched cart stays open and
 * when an unpaid share is told. Its end renews every table's secret, after a dialog that says what stops working.
 */
export function TablesCard({ canEdit = true }: { canEdit?: boolean }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const current = useBusinessTables();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const shown = draft ?? (current.data ? draftOf(current.data) : null);

  const save = useMutation({
    mutationFn: saveBusinessTables,
    onSuccess: (saved) => {
      queryClient.setQueryData(businessTablesQueryOptions.queryKey, saved);
      // The QR card's posters follow: with tables shared, each poster carries its table's secret.
      void queryClient.invalidateQueries({ queryKey: ownerTablesQueryOptions.queryKey });
      setDraft(null);
      setErrors({});
      toast({ title: t.saved });
    },
    onError: (error) => {
      const server = fieldErrorsOf(error);
      const next: Errors = {};
      for (const field of FIELDS) {
        if (server[field]) next[field] = server[field];
      }
      setErrors(next);
      focusFirst(next);
      toast({ variant: 'destructive', title: t.saveError, description: errorDescription(error) });
    },
  });

  function focusFirst(found: Errors) {
    const first = FIELDS.find((field) => found[field]);
    if (first) fields.current[first]?.focus();
  }

  function edit(change: Partial<Draft>) {
    if (!shown) return;
    setDraft({ ...shown, ...change });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!shown || save.isPending) return;
    const outcome = tablesRequestOf(shown, current.data);
    if ('errors' in outcome) {
      setErrors(outcome.errors);
      focusFirst(outcome.errors);
      return;
    }
    setErrors({});
    save.mutate(outcome.request);
  }

  const parsed = shown ? parseTableNumbers(shown.numbers) : null;
  const count = parsed?.ok && parsed.numbers.length > 0 ? t.numbersCount(parsed.numbers.length) : '';
  const saved = current.data;

  return (
    <SettingCard
      titleId={titleId}
      testId="tables-card"
      title={t.title}
      hint={t.hint}
      loadFailed={current.isError}
      loadError={t.loadError}
    >
      {shown ? (
        <form noValidate onSubmit={submit} aria-labelledby={titleId} className="mt-3 flex flex-col gap-4">
          <SettingSwitch
            titleId={titleId}
            label={t.shared}
            checked={shown.shared}
            onChange={(shared) => edit({ shared })}
          />
          <TextField
            id={`${titleId}-numbers`}
            label={t.numbers}
            hint={
              <>
                {t.numbersHint} <bdi dir="ltr">{t.numbersExample}</bdi>
              </>
            }
            error={errors.numbers}
            ltr
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            value={shown.numbers}
            readOnly={!canEdit}
            onChange={(event) => edit({ numbers: event.target.value })}
            ref={(element) => {
              fields.current.numbers = element;
            }}
            data-testid="tables-numbers"
          />
          <p className={`${hintClass} -mt-3`} aria-live="polite" data-testid="tables-count">
            {count}
          </p>
          <TextField
            id={`${titleId}-idle`}
            label={t.idleMinutes}
            hint={t.idleHint}
            error={errors.idleMinutes}
            ltr
            type="number"
            inputMode="numeric"
            min={TABLE_LIMITS.idleMinutes.min}
            max={TABLE_LIMITS.idleMinutes.max}
            step={1}
            value={shown.idleMinutes}
            readOnly={!canEdit}
            onChange={(event) => edit({ idleMinutes: event.target.value })}
            ref={(element) => {
              fields.current.idleMinutes = element;
            }}
            data-testid="tables-idle"
          />
          <TextField
            id={`${titleId}-unpaid`}
            label={t.unpaidShareMinutes}
            hint={t.unpaidHint}
            error={errors.unpaidShareMinutes}
            ltr
            type="number"
            inputMode="numeric"
            min={TABLE_LIMITS.unpaidShareMinutes.min}
            max={TABLE_LIMITS.unpaidShareMinutes.max}
            step={1}
            value={shown.unpaidShareMinutes}
            readOnly={!canEdit}
            onChange={(event) => edit({ unpaidShareMinutes: event.target.value })}
            ref={(element) => {
              fields.current.unpaidShareMinutes = element;
            }}
            data-testid="tables-unpaid"
          />
          {shown.shared ? (
            <PayAtEndFields
              idPrefix={titleId}
              draft={shown}
              errors={errors}
              canEdit={canEdit}
              onChange={edit}
              fieldRef={(field, element) => {
                fields.current[field] = element;
              }}
            />
          ) : null}
          {canEdit ? (
            <div>
              <PendingButton
                type="submit"
                pending={save.isPending}
                pendingLabel={t.saving}
                className={primaryButtonClass}
              >
                {t.save}
              </PendingButton>
            </div>
          ) : null}
        </form>
      ) : current.isError ? null : (
        <p role="status" className="mt-3 text-muted">
          {t.loading}
        </p>
      )}
      {saved?.shared && canEdit ? <RenewKeys renewedAt={saved.keysRenewedAt} /> : null}
    </SettingCard>
  );
}

/** New secrets for every table (hard to undo: every printed poster then orders alone), after the dialog's confirm. */
function RenewKeys({ renewedAt }: { renewedAt: string | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const withStepUp = useStepUp();
  const renew = useMutation({
    mutationFn: () => withStepUp(renewTableKeys),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: businessTablesQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: ownerTablesQueryOptions.queryKey }),
      ]);
      toast({ title: t.renewed });
    },
  });
  return (
    <div className="mt-6 border-t border-line pt-5" data-testid="tables-renew">
      <h3 className="font-bold text-ink">{t.renewTitle}</h3>
      <p id={`${id}-hint`} className={`${hintClass} mt-1`}>
        {t.renewHint}
      </p>
      {renewedAt ? (
        <p className={`${hintClass} mt-1`} data-testid="tables-renewed-at">
          {t.renewedAt} <bdi dir="ltr">{when.format(new Date(renewedAt))}</bdi>
        </p>
      ) : null}
      <ConsequencesDialog
        text={{
          title: t.renewDialogTitle,
          description: t.renewDialogDescription,
          consequences: t.renewConsequences,
          cancel: t.renewCancel,
          confirm: t.renewConfirm,
          confirming: t.renewing,
          error: t.renewError,
        }}
        trigger={
          <button
            type="button"
            className={`${dangerOutlineClass} mt-3`}
            aria-describedby={`${id}-hint`}
            data-testid="tables-renew-open"
          >
            {t.renew}
          </button>
        }
        onConfirm={async () => {
          await renew.mutateAsync();
        }}
        confirmTestId="tables-renew-confirm"
      />
    </div>
  );
}
