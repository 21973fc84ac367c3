import { useId, type InputHTMLAttributes, type LabelHTMLAttributes, type ReactNode, type Ref } from 'react';
import { errorTextClass, hintClass, inputClass, labelClass, ltrInputClass } from './form-styles';

// Form fields with their label, hint and error tied to the control (aria-describedby, aria-invalid), so a screen
// reader reads the error when the field gets focus. Every text comes from the caller: these controls hold no strings.

export interface FieldTextProps {
  label: ReactNode;
  /** Shown after the label, for instance "(optional)". */
  labelNote?: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

export function fieldDescriptionIds(ids: { hintId: string; errorId: string }, hint: unknown, error: unknown) {
  const described = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ');
  return described || undefined;
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className={errorTextClass}>
      {error}
    </p>
  );
}

/** The ids of a field's control, hint and error: the caller's id for the control, or one of React's. */
export function useFieldIds(id: string | undefined) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

/** A field's label with its note ("(optional)"); `props` tie it to the control (`htmlFor`, or Downshift's). */
export function FieldLabel({
  label,
  labelNote,
  ...props
}: Pick<FieldTextProps, 'label' | 'labelNote'> & Omit<LabelHTMLAttributes<HTMLLabelElement>, 'className'>) {
  return (
    <label {...props} className={labelClass}>
      {label}
      {labelNote ? <span className="ms-1 font-normal text-muted">{labelNote}</span> : null}
    </label>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className={hintClass}>
      {hint}
    </p>
  );
}

export type TextFieldProps = FieldTextProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    ref?: Ref<HTMLInputElement>;
    /** Left-to-right content (phones, numbers, e-mail) inside the right-to-left form. */
    ltr?: boolean;
    className?: string;
  };

export function TextField({
  label,
  labelNote,
  hint,
  error,
  id,
  ltr = false,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const { inputId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} label={label} labelNote={labelNote} />
      <FieldHint id={hintId} hint={hint} />
      <input
        ref={ref}
        id={inputId}
        dir={ltr ? 'ltr' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescriptionIds({ hintId, errorId }, hint, error)}
        className={ltr ? ltrInputClass : inputClass}
        {...input}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export type CheckboxFieldProps = Omit<FieldTextProps, 'labelNote'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & {
    ref?: Ref<HTMLInputElement>;
    className?: string;
  };

export function CheckboxField({ label, hint, error, id, className, ref, ...input }: CheckboxFieldProps) {
  const { inputId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescriptionIds({ hintId, errorId }, hint, error)}
          className="mt-0.5 size-6 shrink-0 accent-brand-700"
          {...input}
        />
        <label htmlFor={inputId} className="font-medium text-ink">
          {label}
        </label>
      </div>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
