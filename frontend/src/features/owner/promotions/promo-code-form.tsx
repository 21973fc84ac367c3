// A new promo code (issue 33): the rules as the contract's schema checks them, refused fields shown beside their
// inputs; shekels typed, agorot sent. Products and categories are set through the API (all lines when none).
import { createPromoCodeSchema } from '@tafrit/contracts/http/promo-codes.schemas';
import { parsePriceToAgorot } from '@tafrit/contracts/money';
import { useId, useState, type FormEvent } from 'react';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, inputClass, labelClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwnerPromotions } from '@/i18n/he-owner-promotions';
import { errorDescription } from '../shared/errors';
import { useCreatePromoCode } from './promo-codes-api';

const t = heOwnerPromotions.create;

const EMPTY = {
  code: '',
  kind: 'percent' as 'percent' | 'amount',
  value: '',
  minOrder: '',
  validFrom: '',
  validUntil: '',
  hoursFrom: '',
  hoursUntil: '',
  maxUses: '',
  oncePerDiner: false,
};

const agorotOf = (text: string): number | null => (text.trim() === '' ? null : (parsePriceToAgorot(text) ?? NaN));
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** The form's text as the create request; what is blank is left to the contract's defaults. */
function requestOf(form: typeof EMPTY) {
  return {
    code: form.code,
    rules: {
      kind: form.kind,
      percent: form.kind === 'percent' ? numberOf(form.value) : null,
      amountAgorot: form.kind === 'amount' ? agorotOf(form.value) : null,
      minOrderAgorot: agorotOf(form.minOrder) ?? 0,
      validFrom: orNull(form.validFrom),
      validUntil: orNull(form.validUntil),
      hours: form.hoursFrom || form.hoursUntil ? { from: form.hoursFrom, until: form.hoursUntil } : null,
      maxUses: numberOf(form.maxUses),
      oncePerDiner: form.oncePerDiner,
    },
  };
}

/** A refused field's path in the request, as the form names its input. */
const FIELD_OF: Record<string, keyof typeof EMPTY> = {
  code: 'code',
  'rules.percent': 'value',
  'rules.amountAgorot': 'value',
  'rules.minOrderAgorot': 'minOrder',
  'rules.validFrom': 'validFrom',
  'rules.validUntil': 'validUntil',
  'rules.hours.from': 'hoursFrom',
  'rules.hours.until': 'hoursUntil',
  'rules.maxUses': 'maxUses',
};

export function PromoCodeForm() {
  const titleId = useId();
  const kindId = useId();
  const create = useCreatePromoCode();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = createPromoCodeSchema.safeParse(requestOf(form));
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[issue.path.join('.')] ?? 'code';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setForm(EMPTY);
        toast({ title: t.saved });
      },
      onError: (cause) => toast({ variant: 'destructive', title: t.error, description: errorDescription(cause) }),
    });
  }

  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-6`} data-testid="promo-code-form">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label={t.code} hint={t.codeHint} value={form.code} onChange={set('code')} error={errors.code} ltr />
        <div>
          <label htmlFor={kindId} className={labelClass}>
            {t.kind}
          </label>
          <select id={kindId} className={inputClass} value={form.kind} onChange={set('kind')}>
            <option value="percent">{t.percent}</option>
            <option value="amount">{t.amount}</option>
          </select>
        </div>
        <TextField
          label={form.kind === 'percent' ? t.percentValue : t.amountValue}
          inputMode="decimal"
          value={form.value}
          onChange={set('value')}
          error={errors.value}
          ltr
        />
        <TextField
          label={t.minOrder}
          hint={t.minOrderHint}
          inputMode="decimal"
          value={form.minOrder}
          onChange={set('minOrder')}
          error={errors.minOrder}
          ltr
        />
        <TextField
          label={t.validFrom}
          type="date"
          value={form.validFrom}
          onChange={set('validFrom')}
          error={errors.validFrom}
          ltr
        />
        <TextField
          label={t.validUntil}
          type="date"
          value={form.validUntil}
          onChange={set('validUntil')}
          error={errors.validUntil}
          ltr
        />
        <TextField
          label={t.hoursFrom}
          hint={t.hoursHint}
          type="time"
          value={form.hoursFrom}
          onChange={set('hoursFrom')}
          error={errors.hoursFrom}
          ltr
        />
        <TextField
          label={t.hoursUntil}
          type="time"
          value={form.hoursUntil}
          onChange={set('hoursUntil')}
          error={errors.hoursUntil}
          ltr
        />
        <TextField
          label={t.maxUses}
          hint={t.maxUsesHint}
          inputMode="numeric"
          value={form.maxUses}
          onChange={set('maxUses')}
          error={errors.maxUses}
          ltr
        />
        <CheckboxField
          label={t.oncePerDiner}
          checked={form.oncePerDiner}
          onChange={(event) => setForm((current) => ({ ...current, oncePerDiner: event.target.checked }))}
        />
        <div className="sm:col-span-2">
          <PendingButton pending={create.isPending} pendingLabel={t.saving} className={primaryButtonClass}>
            {t.save}
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
