import type { ServiceMode } from '@tafrit/contracts/http/accounts.schemas';
import { useId } from 'react';
import { hintClass } from '@/components/ui/form-styles';
import { heOwner } from '@/i18n/he-owner';
import { chooseServiceMode, serviceModeQueryOptions, useServiceMode } from '../shared/api/service-mode';
import { SavedSettingCard } from './setting-card';
import { useSavedSetting } from './use-saved-setting';

const t = heOwner.settings.serviceMode;
const MODES: readonly ServiceMode[] = ['table', 'pickup'];

/** Settings' card of the service (issue 18): a ready order is brought to the table, or collected at the counter. */
export function ServiceModeCard() {
  const titleId = useId();
  const current = useServiceMode();
  const setting = useSavedSetting({
    stored: current.data,
    queryKey: serviceModeQueryOptions.queryKey,
    send: (serviceMode: ServiceMode) => chooseServiceMode({ serviceMode }),
    texts: t,
  });

  return (
    <SavedSettingCard
      titleId={titleId}
      testId="service-mode-card"
      texts={t}
      loadFailed={current.isError}
      setting={setting}
    >
      {(chosen, setEdited) => (
        <>
          <fieldset>
            <legend className="font-medium text-ink">{t.legend}</legend>
            <ul className="mt-2 flex flex-col gap-3">
              {MODES.map((mode) => (
                <li key={mode} className="flex items-start gap-3">
                  <input
                    id={`${titleId}-${mode}`}
                    type="radio"
                    name={`${titleId}-mode`}
                    value={mode}
                    className="mt-1 size-5 accent-brand-700"
                    checked={chosen === mode}
                    aria-describedby={`${titleId}-${mode}-hint`}
                    onChange={() => setEdited(mode)}
                  />
                  <span>
                    <label htmlFor={`${titleId}-${mode}`} className="font-medium text-ink">
                      {t[mode]}
                    </label>
                    <span id={`${titleId}-${mode}-hint`} className={`${hintClass} block`}>
                      {mode === 'table' ? t.tableHint : t.pickupHint}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </fieldset>
        </>
      )}
    </SavedSettingCard>
  );
}
