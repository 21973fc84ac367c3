import { useId } from 'react';
import { heOwner } from '@/i18n/he-owner';
import { autoAcceptQueryOptions, chooseAutoAccept, useAutoAccept } from '../shared/api/auto-accept';
import { READY_IN_CHOICES } from '../live-orders/ready-estimate';
import { SavedSettingCard, SettingSwitch } from './setting-card';
import { useSavedSetting } from './use-saved-setting';

const t = heOwner.settings.autoAccept;

/**
 * Settings' card of "accept new orders automatically" (decision 032): on or off, and the estimate each accepted order
 * carries to the diner. The live console has the same switch beside its orders.
 */
export function AutoAcceptCard() {
  const titleId = useId();
  const current = useAutoAccept();
  const setting = useSavedSetting({
    stored: current.data,
    queryKey: autoAcceptQueryOptions.queryKey,
    send: chooseAutoAccept,
    texts: t,
  });

  return (
    <SavedSettingCard
      titleId={titleId}
      testId="auto-accept-card"
      texts={t}
      loadFailed={current.isError}
      setting={setting}
      stacked
    >
      {(chosen, setEdited) => (
        <>
          <SettingSwitch
            titleId={titleId}
            label={t.enabled}
            checked={chosen.enabled}
            onChange={(enabled) => setEdited({ ...chosen, enabled })}
          />
          <label className="flex flex-wrap items-center gap-3 text-ink">
            {t.readyIn}
            <select
              value={chosen.readyInMinutes === null ? '' : String(chosen.readyInMinutes)}
              onChange={(event) =>
                setEdited({
                  ...chosen,
                  readyInMinutes: event.target.value === '' ? null : Number(event.target.value),
                })
              }
              className="min-h-11 rounded-lg border border-line bg-surface px-3 text-ink"
            >
              <option value="">{t.readyInNone}</option>
              {/* An estimate saved from elsewhere that is not one of the choices is still shown as it is. */}
              {chosen.readyInMinutes !== null &&
              !(READY_IN_CHOICES as readonly number[]).includes(chosen.readyInMinutes) ? (
                <option value={chosen.readyInMinutes}>{t.readyInMinutes(chosen.readyInMinutes)}</option>
              ) : null}
              {READY_IN_CHOICES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t.readyInMinutes(minutes)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </SavedSettingCard>
  );
}
