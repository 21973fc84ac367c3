// The checkout's "invoice in a business's name" (issue 32): folded by default, like the ready SMS beside it. The
// fields are checked before anything is sent with the contracts' checkInvoiceFor, the code the server's schema is
// built on: the same rules and messages, and no schema library in the diner's pages.
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { checkInvoiceFor, type InvoiceFor } from '@tafrit/contracts/invoice-for';
import { useText } from './language';
import { secondaryButtonClass, textLinkClass } from './ui';

type Field = 'name' | 'taxId';
type Errors = Partial<Record<Field, string>>;

const inputClass = 'mt-1 h-11 rounded-lg border border-muted bg-surface px-3 text-start text-base';

/**
 * `onChange` gets the checked buyer (its number as nine digits), or null when the diner takes it back. `value` is the
 * buyer the checkout sends now.
 */
export function InvoiceForField({
  value,
  onChange,
}: {
  value: InvoiceFor | null;
  onChange(buyer: InvoiceFor | null): void;
}) {
  const t = useText().checkout;
  const id = useId();
  const [name, setName] = useState('');
  const [taxId, setTaxId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkInvoiceFor({ name, taxId });
    if (checked.ok) {
      setErrors({});
      onChange(checked.value);
      return;
    }
    // Each wrong field's message in the diner's language, by the contracts' key of its Hebrew message.
    const found: Errors = {};
    if (checked.problems.name) found.name = t[checked.problems.name];
    if (checked.problems.taxId) found.taxId = t[checked.problems.taxId];
    setErrors(found);
    // The first wrong field takes the focus: its message is read with it (aria-describedby).
    inputs.current[found.name ? 'name' : 'taxId']?.focus();
  };

  const field = (
    key: Field,
    label: string,
    input: InputHTMLAttributes<HTMLInputElement>,
    text: string,
    set: (text: string) => void,
  ) => (
    <label className="flex grow flex-col text-ink" htmlFor={`${id}-${key}`}>
      {label}
      <input
        id={`${id}-${key}`}
        ref={(element) => {
          inputs.current[key] = element;
        }}
        className={inputClass}
        value={text}
        onChange={(event) => set(event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${id}-${key}-error`}
        {...input}
      />
      {/* Always there, so a message appearing in it is announced. */}
      <span id={`${id}-${key}-error`} aria-live="polite" className="mt-1 min-h-6 text-sm font-medium text-danger">
        {errors[key] ?? ''}
      </span>
    </label>
  );

  return (
    <details className="mt-3 rounded-lg border border-line bg-surface p-3" data-testid="invoice-for">
      <summary className="min-h-11 cursor-pointer font-medium text-ink">{t.invoiceForTitle}</summary>
      <p id={`${id}-note`} className="mt-2 text-sm text-muted">
        {t.invoiceForNote}
      </p>
      <form className="mt-2 flex flex-col gap-1" onSubmit={submit} noValidate>
        {field('name', t.invoiceNameLabel, { autoComplete: 'organization', maxLength: 200 }, name, setName)}
        {field(
          'taxId',
          t.invoiceTaxIdLabel,
          { inputMode: 'numeric', autoComplete: 'off', dir: 'ltr', maxLength: 30 },
          taxId,
          setTaxId,
        )}
        <button type="submit" className={`${secondaryButtonClass} self-start`}>
          {t.invoiceForSubmit}
        </button>
      </form>
      <p role="status" className="mt-2 min-h-6 text-ink">
        {value ? (
          <>
            {t.invoiceForSaved} <bdi>{value.name}</bdi>, <bdi dir="ltr">{value.taxId}</bdi>{' '}
            <button type="button" className={textLinkClass} onClick={() => onChange(null)}>
              {t.invoiceForRemove}
            </button>
          </>
        ) : null}
      </p>
    </details>
  );
}
