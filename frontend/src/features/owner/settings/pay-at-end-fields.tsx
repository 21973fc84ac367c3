// Settings' pay at the end at a shared table (issue 34, part 3): the switch with what it means, the card hold in
// shekels and how long an untouched tab stays open. Shown by the tables card only while shared tables are on; the
// card sends all three with every save (the contract's PUT would otherwise put back their defaults).
import { TABLE_LIMITS } from '@tafrit/contracts/tables';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { heOwner } from '@/i18n/he-owner';

const t = heOwner.settings.tables;

export interface PayAtEndDraft {
  payAtEnd: boolean;
  holdShekels: string;
  tabIdleMinutes: string;
}
export type PayAtEndField = 'holdShekels' | 'tabIdleMinutes';

export function PayAtEndFields({
  idPrefix,
  draft,
  errors,
  canEdit,
  onChange,
  fieldRef,
}: {
  idPrefix: string;
  draft: PayAtEndDraft;
  errors: Partial<Record<PayAtEndField, string>>;
  canEdit: boolean;
  onChange(change: Partial<PayAtEndDraft>): void;
  fieldRef(field: PayAtEndField, element: HTMLInputElement | null): void;
}) {
  return (
    <fieldset className="flex flex-col gap-4 border-t border-line pt-4" data-testid="tables-pay-at-end">
      <legend className="sr-only">{t.payAtEnd}</legend>
      <CheckboxField
        id={`${idPrefix}-pay-at-end`}
        role="switch"
        label={t.payAtEnd}
        hint={t.payAtEndHint}
        checked={draft.payAtEnd}
        disabled={!canEdit}
        onChange={(event) => onChange({ payAtEnd: event.target.checked })}
        data-testid="tables-pay-at-end-switch"
      />
      {draft.payAtEnd ? (
        <>
          <TextField
            id={`${idPrefix}-hold`}
            label={t.holdShekels}
            hint={t.holdHint}
            error={errors.holdShekels}
            ltr
            type="number"
            inputMode="numeric"
            min={TABLE_LIMITS.holdShekels.min}
            max={TABLE_LIMITS.holdShekels.max}
            step={1}
            value={draft.holdShekels}
            readOnly={!canEdit}
            onChange={(event) => onChange({ holdShekels: event.target.value })}
            ref={(element) => fieldRef('holdShekels', element)}
            data-testid="tables-hold"
          />
          <TextField
            id={`${idPrefix}-tab-idle`}
            label={t.tabIdleMinutes}
            hint={t.tabIdleHint}
            error={errors.tabIdleMinutes}
            ltr
            type="number"
            inputMode="numeric"
            min={TABLE_LIMITS.tabIdleMinutes.min}
            max={TABLE_LIMITS.tabIdleMinutes.max}
            step={1}
            value={draft.tabIdleMinutes}
            readOnly={!canEdit}
            onChange={(event) => onChange({ tabIdleMinutes: event.target.value })}
            ref={(element) => fieldRef('tabIdleMinutes', element)}
            data-testid="tables-tab-idle"
          />
        </>
      ) : null}
    </fieldset>
  );
}
