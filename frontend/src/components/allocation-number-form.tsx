// The allocation number typed from the Tax Authority's personal area (issue 32, decision 049): the owner's form for
// a café's document and the administrator's for a platform invoice are the same field, hint, button and error.
import { type FormEvent } from 'react';
import { errorTextClass, hintClass, labelClass, ltrInputClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';

export interface AllocationNumberFormProps {
  /** The `useId()` of the card: the field, its hint and its error are named after it. */
  id: string;
  number: string;
  onNumberChange: (number: string) => void;
  /** The server's message for the field, shown under it; null when none. */
  fieldError: string | null;
  /** Any choice of the card is being sent: the field is read-only. */
  busy: boolean;
  /** This form's own request is being sent. */
  pending: boolean;
  /** Another choice of the card is being sent. */
  disabled?: boolean;
  onSubmit: (number: string) => void;
  text: { label: string; hint: string; submit: string; pending: string };
  errorTestId: string;
}

export function AllocationNumberForm({
  id,
  number,
  onNumberChange,
  fieldError,
  busy,
  pending,
  disabled,
  onSubmit,
  text,
  errorTestId,
}: AllocationNumberFormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    onSubmit(number.trim());
  }

  const inputId = `${id}-number`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <label htmlFor={inputId} className={labelClass}>
          {text.label}
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          value={number}
          readOnly={busy}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => onNumberChange(event.target.value)}
          className={`${ltrInputClass} max-w-64`}
        />
      </div>
      <PendingButton type="submit" pending={pending} pendingLabel={text.pending} disabled={disabled}>
        {text.submit}
      </PendingButton>
      <p id={hintId} className={`${hintClass} basis-full`}>
        {text.hint}
      </p>
      {fieldError ? (
        <p id={errorId} className={`${errorTextClass} basis-full`} data-testid={errorTestId}>
          {fieldError}
        </p>
      ) : null}
    </form>
  );
}
