// The Tax Authority's uniform structure (מבנה אחיד, OPENFRMT) for a date range. The range is checked here with the
// shared contract (real dates, in order, one calendar year) before anything is sent; what needs the server's clock
// (a future date, older than the seven years kept) the server checks and answers in Hebrew.
import { bookkeepingRangeQuerySchema, type BookkeepingRangeQuery } from '@tafrit/contracts/http/bookkeeping.schemas';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { heOwnerBookkeeping } from '@/i18n/he-owner-bookkeeping';
import { downloadUniformStructure } from '../shared/api/bookkeeping';
import { fieldErrorsOf } from '../shared/errors';
import { israelDateOf, slashDate, yearToDate } from './bookkeeping-dates';
import { useZipDownload, ZipStatus } from './zip-download';

const t = heOwnerBookkeeping.bookkeeping.uniform;

type Field = keyof BookkeepingRangeQuery;
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['from', 'to'];

/** The first message of each field the contract refused. */
function rangeErrors(range: BookkeepingRangeQuery): FieldErrors | null {
  const parsed = bookkeepingRangeQuerySchema.safeParse(range);
  if (parsed.success) return null;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function UniformStructureSection() {
  const titleId = useId();
  const initial = useMemo(() => yearToDate(new Date()), []);
  const today = useMemo(() => israelDateOf(new Date()), []);
  const [range, setRange] = useState<BookkeepingRangeQuery>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Focus moves to the first refused field once its error is drawn, so that the error is read with the field.
  const [focusField, setFocusField] = useState<{ field: Field } | null>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const download = useZipDownload(downloadUniformStructure, t.error);
  const preparing = download.variables ?? range;

  useEffect(() => {
    if (focusField) (focusField.field === 'from' ? fromInput : toInput).current?.focus();
  }, [focusField]);

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) setFocusField({ field: first });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (download.isPending) return;
    const refused = rangeErrors(range);
    if (refused) {
      showErrors(refused);
      return;
    }
    setErrors({});
    download.mutate(range, {
      // A refusal about a field (the server's `fields`) is shown next to it too; the toast says it in any case.
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        showErrors({ from: fields.from, to: fields.to });
      },
    });
  }

  function change(field: Field, value: string) {
    setRange((before) => ({ ...before, [field]: value }));
    // An error stays until the next press, except on the field being corrected.
    setErrors((before) => ({ ...before, [field]: undefined }));
  }

  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-8`} data-testid="bookkeeping-uniform">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className="mt-1 max-w-prose text-muted">{t.description}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4">
        <div className="flex flex-wrap items-start gap-4">
          {FIELDS.map((field) => (
            <TextField
              key={field}
              ref={field === 'from' ? fromInput : toInput}
              label={t[field]}
              type="date"
              name={field}
              max={today}
              value={range[field]}
              onChange={(event) => change(field, event.target.value)}
              error={errors[field]}
              ltr
              className="w-48"
            />
          ))}
        </div>
        <PendingButton pending={download.isPending} pendingLabel={t.pending} className={`${primaryButtonClass} mt-4`}>
          {t.download}
        </PendingButton>
      </form>
      <div className="mt-2">
        <ZipStatus
          pending={download.isPending}
          preparing={
            <>
              {t.preparingBefore}
              <bdi dir="ltr">{slashDate(preparing.from)}</bdi> {t.preparingBetween}{' '}
              <bdi dir="ltr">{slashDate(preparing.to)}</bdi>
              {t.preparingAfter}
            </>
          }
          saved={download.data}
          error={download.error}
          testId="bookkeeping-uniform"
        />
      </div>
      <p className={`${hintClass} mt-4`} data-testid="bookkeeping-uniform-year-note">
        {t.yearNote}
      </p>
      <p className={hintClass} data-testid="bookkeeping-uniform-print-note">
        {t.printNote}
      </p>
    </section>
  );
}
