// The form of a date-range download (the uniform structure, מבנה אחיד): two dates checked with the shared contract
// (real dates, in order, one calendar year) before anything is sent, the button, and the status line. What needs the
// server's clock (a future date, older than the seven years kept) the server checks and answers in Hebrew. The
// owner's page and the administrator's console each pass their own words, call and reading of an error.
import type { BookkeepingRangeQuery } from '@tafrit/contracts/http/bookkeeping.schemas';
import { israelDateOf } from '@tafrit/contracts/months';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form-field';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { isApiError } from '@/lib/api-client';
import {
  DATE_RANGE_FIELDS,
  dateRangeErrors,
  slashDate,
  yearToDate,
  type DateRangeErrors,
  type DateRangeField,
} from '@/lib/date-range';
import { useZipDownload, ZipStatus, type SavedFileText } from './zip-download';

export interface DateRangeDownloadText extends SavedFileText {
  from: string;
  to: string;
  download: string;
  pending: string;
  /** The toast's title when the download fails. */
  error: string;
  /** "מכין את הקבצים ל-01/01/2026 עד 29/11/2026." around the two dates. */
  preparingBefore: string;
  preparingBetween: string;
  preparingAfter: string;
}

/** The server's refusal of a date (`fields` of the error envelope), shown under that field. */
function serverFieldErrors(error: unknown): DateRangeErrors {
  if (!isApiError(error)) return {};
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('fields' in body)) return {};
  const fields = body.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const errors: DateRangeErrors = {};
  for (const field of DATE_RANGE_FIELDS) {
    const message: unknown = (fields as Record<string, unknown>)[field];
    if (typeof message === 'string') errors[field] = message;
  }
  return errors;
}

export function DateRangeDownloadForm({
  text,
  download: downloadRange,
  describeError,
  testId,
}: {
  text: DateRangeDownloadText;
  /** Fetches and saves the range's file; the saved file's name. */
  download: (range: BookkeepingRangeQuery) => Promise<string>;
  describeError: (error: unknown) => string;
  testId: string;
}) {
  const initial = useMemo(() => yearToDate(new Date()), []);
  const today = useMemo(() => israelDateOf(new Date()), []);
  const [range, setRange] = useState<BookkeepingRangeQuery>(initial);
  const [errors, setErrors] = useState<DateRangeErrors>({});
  // Focus moves to the first refused field once its error is drawn, so that the error is read with the field.
  const [focusField, setFocusField] = useState<{ field: DateRangeField } | null>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const download = useZipDownload(downloadRange, text.error, describeError);
  const preparing = download.variables ?? range;

  useEffect(() => {
    if (focusField) (focusField.field === 'from' ? fromInput : toInput).current?.focus();
  }, [focusField]);

  function showErrors(next: DateRangeErrors) {
    setErrors(next);
    const first = DATE_RANGE_FIELDS.find((field) => next[field]);
    if (first) setFocusField({ field: first });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (download.isPending) return;
    const refused = dateRangeErrors(range);
    if (refused) {
      showErrors(refused);
      return;
    }
    setErrors({});
    // A refusal about a field (the server's `fields`) is shown next to it too; the toast says it in any case.
    download.mutate(range, { onError: (error) => showErrors(serverFieldErrors(error)) });
  }

  function change(field: DateRangeField, value: string) {
    setRange((before) => ({ ...before, [field]: value }));
    // An error stays until the next press, except on the field being corrected.
    setErrors((before) => ({ ...before, [field]: undefined }));
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="mt-4">
        <div className="flex flex-wrap items-start gap-4">
          {DATE_RANGE_FIELDS.map((field) => (
            <TextField
              key={field}
              ref={field === 'from' ? fromInput : toInput}
              label={text[field]}
              type="date"
              name={field}
              max={today}
              value={range[field]}
              onChange={(event) => change(field, event.target.value)}
              error={errors[field]}
              ltr
              className="w-48 max-w-full"
            />
          ))}
        </div>
        <PendingButton
          pending={download.isPending}
          pendingLabel={text.pending}
          className={`${primaryButtonClass} mt-4`}
        >
          {text.download}
        </PendingButton>
      </form>
      <div className="mt-2">
        <ZipStatus
          pending={download.isPending}
          preparing={
            <>
              {text.preparingBefore}
              <bdi dir="ltr">{slashDate(preparing.from)}</bdi> {text.preparingBetween}{' '}
              <bdi dir="ltr">{slashDate(preparing.to)}</bdi>
              {text.preparingAfter}
            </>
          }
          saved={download.data}
          error={download.error}
          text={text}
          describeError={describeError}
          testId={testId}
        />
      </div>
    </>
  );
}
