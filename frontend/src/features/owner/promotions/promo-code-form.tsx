// A new promo code (issue 33): the rules as the contract's schema checks them, refused fields shown beside their
// inputs; shekels typed, agorot sent. The categories and products it applies to: promo-applies-to.tsx.
import { createPromoCodeSchema, type PromoCodeAnswer } from '@tafrit/contracts/http/promo-codes.schemas';
import { agorotToDecimalString, parsePriceToAgorot } from '@tafrit/contracts/money';
import { useId, useState, type FormEvent } from 'react';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, inputClass, labelClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwnerPromotions } from '@/i18n/he-owner-promotions';
import { errorDescription } from '../shared/errors';
import { PromoAppliesTo } from './promo-applies-to';
import { useChangePromoCode, useCreatePromoCode } from './promo-codes-api';

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
  /** Empty: every line of the cart. */
  categoryIds: [] as number[],
  productIds: [] as number[],
};

const agorotOf = (text: string): number | null => (text.trim() === '' ? null : (parsePriceToAgorot(text) ?? NaN));
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** A code's rules as the form's text, for an edit. */
function formOf(code: PromoCodeAnswer): typeof EMPTY {
  const shekels = (agorot: number | null) => (agorot === null ? '' : agorotToDecimalString(agorot));
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'percent' ? String(code.percent ?? '') : shekels(code.amountAgorot),
    minOrder: code.minOrderAgorot > 0 ? shekels(code.minOrderAgorot) : '',
    validFrom: code.validFrom ?? '',
    validUntil: code.validUntil ?? '',
    hoursFrom: code.hours?.from ?? '',
    hoursUntil: code.hours?.until ?? '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    oncePerDiner: code.oncePerDiner,
    categoryIds: [...code.categoryIds],
    productIds: [...code.productIds],
  };
}

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
      categoryIds: form.categoryIds,
      productIds: form.productIds,
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

/** A new code, or with `editing` that code's rules (its name stays); `onDone` when an edit is saved or left. */
export function PromoCodeForm({ editing, onDone }: { editing?: PromoCodeAnswer; onDone?: () => void }) {
  const titleId = useId();
  const kindId = useId();
  const create = useCreatePromoCode();
  const change = useChangePromoCode();
  const [form, setForm] = useState(() => (editing ? formOf(editing) : EMPTY));
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
    const onError = (cause: unknown) =>
      toast({ variant: 'destructive', title: t.error, description: errorDescription(cause) });
    if (editing) {
      change.mutate(
        { id: editing.id, rules: parsed.data.rules },
        {
          onSuccess: () => {
            toast({ title: t.edited });
            onDone?.();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        setForm(EMPTY);
        toast({ title: t.saved });
      },
      onError,
    });
  }

  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-6`} data-testid="promo-code-form">
      <h2 id={titleId} className={cardTitleClass}>
        {editing ? t.editTitle(editing.code) : t.title}
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t.code}
          hint={editing ? t.codeFixed : t.codeHint}
          value={form.code}
          onChange={set('code')}
          error={errors.code}
          readOnly={!!editing}
          ltr
        />
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
        <PromoAppliesTo
          value={{ categoryIds: form.categoryIds, productIds: form.productIds }}
          onChange={(next) => setForm((current) => ({ ...current, ...next }))}
        />
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <PendingButton
            pending={create.isPending || change.isPending}
            pendingLabel={t.saving}
            className={primaryButtonClass}
          >
            {editing ? t.saveEdit : t.save}
          </PendingButton>
          {editing ? (
            <button type="button" className={secondaryButtonClass} onClick={onDone}>
              {t.cancelEdit}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
