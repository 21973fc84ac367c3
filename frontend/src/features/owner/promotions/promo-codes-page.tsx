// The owner's promo codes (issue 33, `/promo-codes`): the codes, on and off, newest first, each with its rules and a
// switch; a form for a new one. The menu editor's (`menu.edit`: the owner and a manager); the server decides.
import type { PromoCodeAnswer } from '@tafrit/contracts/http/promo-codes.schemas';
import { useState } from 'react';
import { formatShekels } from '@tafrit/contracts/money';
import { PageMain } from '@/components/page-shell';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { pageTitle } from '@/i18n/he';
import { heOwnerPromotions } from '@/i18n/he-owner-promotions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { errorDescription } from '../shared/errors';
import { PromoCodeForm } from './promo-code-form';
import { usePromoCodes, useSwitchPromoCode } from './promo-codes-api';

const t = heOwnerPromotions;

export function PromoCodesPage() {
  useDocumentTitle(pageTitle(t.title));
  const codes = usePromoCodes();
  const [editing, setEditing] = useState<PromoCodeAnswer | null>(null);
  return (
    <PageMain>
      <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{t.intro}</p>
      {/* One form: a new code, or the code being edited (keyed, so its fields start from that code's rules). */}
      <PromoCodeForm key={editing?.id ?? 'new'} editing={editing ?? undefined} onDone={() => setEditing(null)} />
      <section aria-labelledby="promo-codes-list-title" className="mt-8">
        <h2 id="promo-codes-list-title" className="text-xl font-bold text-ink">
          {t.listLabel}
        </h2>
        {codes.isPending ? (
          <p role="status" className="mt-3 text-muted">
            {t.loading}
          </p>
        ) : codes.isError ? (
          <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-danger">
            <p>{t.failed}</p>
            <button type="button" className={secondaryButtonClass} onClick={() => void codes.refetch()}>
              {t.retry}
            </button>
          </div>
        ) : codes.data.length === 0 ? (
          <p className="mt-3 text-muted">{t.empty}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface" data-testid="promo-codes">
            {codes.data.map((code) => (
              <PromoCodeRow key={code.id} code={code} onEdit={() => setEditing(code)} />
            ))}
          </ul>
        )}
      </section>
    </PageMain>
  );
}

/** The rules in a few words, numbers and dates isolated so they read left to right inside the Hebrew. */
function rulesOf(code: PromoCodeAnswer) {
  const r = t.row;
  const parts = [
    code.kind === 'percent' ? r.percentOff(code.percent ?? 0) : r.amountOff(formatShekels(code.amountAgorot ?? 0)),
    code.minOrderAgorot > 0 ? r.minOrder(formatShekels(code.minOrderAgorot)) : null,
    code.validFrom || code.validUntil ? `${r.dates}: ${code.validFrom ?? '…'}–${code.validUntil ?? '…'}` : null,
    code.hours ? `${r.hours}: ${code.hours.from}–${code.hours.until}` : null,
    code.maxUses !== null ? r.uses(String(code.maxUses)) : null,
    code.oncePerDiner ? r.oncePerDiner : null,
  ];
  return parts.filter((part): part is string => part !== null);
}

function PromoCodeRow({ code, onEdit }: { code: PromoCodeAnswer; onEdit: () => void }) {
  const toggle = useSwitchPromoCode();
  const on = !code.active;
  return (
    <li className="flex flex-wrap items-center gap-3 p-4" data-testid="promo-code-row">
      <span className="font-mono text-lg font-bold text-ink" dir="ltr">
        {code.code}
      </span>
      <span className={code.active ? 'font-medium text-brand-800' : 'text-muted'}>
        {code.active ? t.row.on : t.row.off}
      </span>
      <ul className="flex flex-wrap gap-x-3 text-muted">
        {rulesOf(code).map((part) => (
          <li key={part}>
            <bdi>{part}</bdi>
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-label={t.row.edit(code.code)}
        className={`${secondaryButtonClass} ms-auto`}
        onClick={() => {
          onEdit();
          window.scrollTo({ top: 0 });
        }}
      >
        {t.row.editShort}
      </button>
      <PendingButton
        type="button"
        pending={toggle.isPending}
        pendingLabel={on ? t.row.turnOnShort : t.row.turnOffShort}
        aria-label={on ? t.row.turnOn(code.code) : t.row.turnOff(code.code)}
        className={secondaryButtonClass}
        onClick={() =>
          toggle.mutate(
            { id: code.id, on },
            {
              onError: (cause) =>
                toast({ variant: 'destructive', title: t.row.switchError, description: errorDescription(cause) }),
            },
          )
        }
      >
        {on ? t.row.turnOnShort : t.row.turnOffShort}
      </PendingButton>
    </li>
  );
}
