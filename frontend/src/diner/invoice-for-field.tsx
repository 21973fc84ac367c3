// The checkout's "invoice in a business's name" (issue 32): folded by default, like the ready SMS beside it. The
// fields are checked with the contracts' own schema, the one the server checks them with, before anything is sent.
// That schema brings zod, which the diner's pages otherwise never load: it is fetched only once the diner opens this
// option, so a diner who does not ask pays nothing for it.
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { InvoiceFor } from '@tafrit/contracts/http/invoice-for.schemas';
import { useText } from './language';
import { secondaryButtonClass, textLinkClass } from './ui';

type Field = 'name' | 'taxId';
type Errors = Partial<Record<Field, string>>;

const loadSchema = () => import('@tafrit/contracts/http/invoice-for.schemas');

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
  const [failed, setFailed] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let schema: Awaited<ReturnType<typeof loadSchema>>;
    try {
      schema = await loadSchema();
    } catch {
      setFailed(true);
      return;
    }
    setFailed(false);
    const parsed = schema.invoiceForSchema.safeParse({ name, taxId });
    if (parsed.success) {
      setErrors({});
      onChange(parsed.data);
      return;
    }
    // The first message of each field, in the diner's language (found by the contracts' key of the message).
    const found: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'taxId' ? 'taxId' : 'name';
      const key = schema.invoiceForMessageKey(issue.message);
      found[field] ??= key ? t[key] : issue.message;
    }
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
    <details
      className="mt-3 rounded-lg border border-line bg-surface p-3"
      data-testid="invoice-for"
      // Fetched while the diner types, so the check on submit does not wait for the network.
      onToggle={(event) => {
        if (event.currentTarget.open) void loadSchema().catch(() => undefined);
      }}
    >
      <summary className="min-h-11 cursor-pointer font-medium text-ink">{t.invoiceForTitle}</summary>
      <p id={`${id}-note`} className="mt-2 text-sm text-muted">
        {t.invoiceForNote}
      </p>
      <form className="mt-2 flex flex-col gap-1" onSubmit={(event) => void submit(event)} noValidate>
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
      <p role="status" className={`mt-2 min-h-6 ${failed ? 'font-medium text-danger' : 'text-ink'}`}>
        {failed ? (
          t.invoiceForFailed
        ) : value ? (
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
