// The checkout's opt-in for one SMS when the order is ready (issue 18, decision 033). Folded by default, so the
// payment frame stays where it was; the sentence beside the field says what the number is for and how long it is
// kept. The server checks the number with the contract's phone rule (libphonenumber): this page only catches a
// typo, so the diner's bundle carries no phone metadata.
import { useId, useState, type FormEvent } from 'react';
import { useText } from './language';
import { secondaryButtonClass } from './ui';

/** 05X-XXXXXXX (or +9725X...) with the separators people type: the server has the final word. */
const MOBILE = /^(?:\+?972|0)5\d{8}$/;

export function looksLikeIsraeliMobile(text: string): boolean {
  return MOBILE.test(text.replace(/[\s\-().]/g, ''));
}

/**
 * Where the number goes: with the order's first request (not sent yet; `keep(null)` takes a number back), or to the
 * order once it exists.
 */
export type ReadySmsTarget =
  { kind: 'with-order'; keep(phone: string | null): void } | { kind: 'order'; orderId(): Promise<string | null> };

type Status = 'idle' | 'saving' | 'saved' | 'invalid' | 'failed';

/** `PUT /api/orders/{orderId}/ready-sms`; never throws. */
async function askForReadySms(orderId: string, phone: string): Promise<Status> {
  try {
    const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/ready-sms`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ phone }),
    });
    if (response.ok) return 'saved';
    return response.status === 400 ? 'invalid' : 'failed';
  } catch {
    return 'failed';
  }
}

export function ReadySmsField({ target }: { target: ReadySmsTarget }) {
  const t = useText().checkout;
  const id = useId();
  const [phone, setPhone] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [saved, setSaved] = useState('');

  // A number typed counts without the button: diners type it and go straight on to pay (the tip's button, or the
  // card form in the frame). Before the order exists, a valid number is kept as it is typed; once it exists, it is
  // sent when the diner leaves the field. A wrong one is never sent, and leaving the field says so.
  const change = (value: string) => {
    setPhone(value);
    if (target.kind === 'with-order') target.keep(looksLikeIsraeliMobile(value.trim()) ? value.trim() : null);
  };
  const leave = () => {
    const number = phone.trim();
    if (!number || status === 'saving' || (status === 'saved' && saved === number)) return;
    void commit(number);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void commit(phone.trim());
  };

  const commit = async (number: string) => {
    if (!looksLikeIsraeliMobile(number)) {
      setStatus('invalid');
      return;
    }
    let outcome: Status = 'saved';
    if (target.kind === 'with-order') {
      target.keep(number);
    } else {
      setStatus('saving');
      const orderId = await target.orderId();
      outcome = orderId ? await askForReadySms(orderId, number) : 'failed';
    }
    setStatus(outcome);
    if (outcome === 'saved') setSaved(number);
  };

  const message =
    status === 'saving'
      ? t.readySmsSaving
      : status === 'invalid'
        ? t.readySmsInvalid
        : status === 'failed'
          ? t.readySmsFailed
          : null;
  return (
    <details className="mt-3 rounded-lg border border-line bg-surface p-3" data-testid="ready-sms">
      <summary className="min-h-11 cursor-pointer font-medium text-ink">{t.readySmsTitle}</summary>
      <p id={`${id}-note`} className="mt-2 text-sm text-muted">
        {t.readySmsNote}
      </p>
      <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
        <label className="flex grow flex-col text-ink" htmlFor={`${id}-phone`}>
          {t.readySmsLabel}
          <input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            dir="ltr"
            className="mt-1 h-11 rounded-lg border border-muted bg-surface px-3 text-start text-base"
            value={phone}
            onChange={(event) => change(event.target.value)}
            onBlur={leave}
            aria-invalid={status === 'invalid' ? true : undefined}
            aria-describedby={`${id}-note ${id}-status`}
          />
        </label>
        <button type="submit" className={secondaryButtonClass} disabled={status === 'saving'}>
          {t.readySmsSubmit}
        </button>
      </form>
      {/* One line kept for the answer, so nothing under it moves when it comes. */}
      <p
        id={`${id}-status`}
        role="status"
        className={`mt-2 min-h-6 ${status === 'invalid' || status === 'failed' ? 'font-medium text-danger' : 'text-ink'}`}
        data-testid="ready-sms-status"
      >
        {status === 'saved' ? (
          <>
            {t.readySmsSaved} <bdi dir="ltr">{saved}</bdi>
          </>
        ) : (
          message
        )}
      </p>
    </details>
  );
}
