// The checkout's "have a promo code?" (issue 33): folded by default, like the fields beside it. The code is checked by
// the server against this cart (`POST /api/menu/{departmentId}/promo-check`, priced from the menu); the discount it
// answers is shown and sent again with the payment, where the server decides once more.
import { useId, useState, type FormEvent } from 'react';
import type { PromoCheckAnswer } from '@tafrit/contracts/http/promo-codes.schemas';
import type { CartLine } from './cart';
import { useErrorText } from './error-text';
import { useText } from './language';
import { formatShekels } from './money';
import { secondaryButtonClass, textLinkClass } from './ui';

const inputClass = 'mt-1 h-11 rounded-lg border border-muted bg-surface px-3 text-start text-base';

type Checked = { ok: true; answer: PromoCheckAnswer } | { ok: false; reason: string | null };

/** One check; never throws. A refusal's reason is the server's Hebrew text (in `fields.promoCode`). */
async function checkPromo(departmentId: string, promoCode: string, lines: readonly CartLine[]): Promise<Checked> {
  try {
    const response = await fetch(`/api/menu/${encodeURIComponent(departmentId)}/promo-check`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        promoCode,
        items: lines.map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          ...(line.options ? { options: line.options.map((option) => option.id) } : {}),
        })),
      }),
    });
    const body = (await response.json().catch(() => null)) as {
      data?: PromoCheckAnswer;
      fields?: { promoCode?: string };
    } | null;
    if (response.ok && body?.data) return { ok: true, answer: body.data };
    return { ok: false, reason: body?.fields?.promoCode ?? null };
  } catch {
    return { ok: false, reason: null };
  }
}

export function PromoCodeField({
  departmentId,
  lines,
  value,
  onChange,
}: {
  departmentId: string;
  lines: readonly CartLine[];
  value: PromoCheckAnswer | null;
  onChange(promo: PromoCheckAnswer | null): void;
}) {
  const t = useText().checkout;
  const readable = useErrorText().serverTextReadable;
  const id = useId();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim() || checking) return;
    setChecking(true);
    const checked = await checkPromo(departmentId, code, lines);
    setChecking(false);
    if (checked.ok) {
      setError('');
      onChange(checked.answer);
      return;
    }
    // The server's reason is Hebrew: another language says that the code does not apply.
    setError(checked.reason ? (readable ? checked.reason : t.promoInvalid) : t.promoFailed);
  };

  return (
    <details className="mt-3 rounded-lg border border-line bg-surface p-3" data-testid="promo-code" open={!!value}>
      <summary className="min-h-11 cursor-pointer font-medium text-ink">{t.promoTitle}</summary>
      <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(event) => void submit(event)} noValidate>
        <label className="flex grow flex-col text-ink" htmlFor={`${id}-code`}>
          {t.promoLabel}
          <input
            id={`${id}-code`}
            className={inputClass}
            dir="ltr"
            autoComplete="off"
            maxLength={64}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-error`}
          />
        </label>
        <button type="submit" className={secondaryButtonClass} aria-busy={checking || undefined}>
          {checking ? t.promoChecking : t.promoSubmit}
        </button>
      </form>
      <span id={`${id}-error`} aria-live="polite" className="mt-1 block min-h-6 text-sm font-medium text-danger">
        {error}
      </span>
      <p role="status" className="min-h-6 text-ink" data-testid="promo-applied">
        {value ? (
          <>
            {t.promoApplied} <bdi dir="ltr">{value.code}</bdi>:{' '}
            <span dir="ltr">{formatShekels(-value.discountAgorot)}</span>{' '}
            <button type="button" className={textLinkClass} onClick={() => onChange(null)}>
              {t.promoRemove}
            </button>
          </>
        ) : null}
      </p>
    </details>
  );
}
