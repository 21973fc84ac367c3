import { useId } from 'react';
import { SLOT_LENGTHS, type OrderAheadSettings } from '@tafrit/contracts/order-ahead';
import { heOwner } from '@/i18n/he-owner';
import { chooseOrderAhead, orderAheadQueryOptions, useOrderAhead } from '../shared/api/order-ahead';
import { SavedSettingCard, SettingSwitch } from './setting-card';
import { useSavedSetting } from './use-saved-setting';

const t = heOwner.settings.orderAhead;
const PER_SLOT = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20] as const;
const LEAD = [0, 10, 15, 20, 30, 45, 60, 90, 120] as const;
const LAST_PICKUP = [0, 10, 15, 20, 30, 45, 60] as const;
const ESTIMATE = [5, 10, 15, 20, 25, 30, 45, 60] as const;
const selectClass = 'min-h-11 rounded-lg border border-line bg-surface px-3 text-ink';

/** The choices, with a saved value that is not among them kept as it is. */
const choicesWith = (choices: readonly number[], value: number) =>
  choices.includes(value) ? choices : [...choices, value].sort((a, b) => a - b);

/**
 * Settings' card of order ahead (issue 33, decision 050): its own switch, for a pickup café or a table café that
 * also takes pickup orders; the slot length, orders per slot, the least time ahead, the last pickup before closing
 * and the kitchen's estimate. The slots follow the opening hours, Shabbat, holidays, closed days and the pause.
 */
export function OrderAheadCard() {
  const titleId = useId();
  const current = useOrderAhead();
  const setting = useSavedSetting({
    stored: current.data,
    queryKey: orderAheadQueryOptions.queryKey,
    send: chooseOrderAhead,
    texts: t,
  });

  const field = (
    chosen: OrderAheadSettings,
    setEdited: (next: OrderAheadSettings) => void,
    key: 'perSlot' | 'leadMinutes' | 'lastPickupBeforeCloseMinutes' | 'estimateMinutes',
    choices: readonly number[],
    words: (value: number) => string,
  ) => (
    <label className="flex flex-wrap items-center gap-3 text-ink">
      {t.labels[key]}
      <select
        value={String(chosen[key])}
        onChange={(event) => setEdited({ ...chosen, [key]: Number(event.target.value) })}
        className={selectClass}
      >
        {choicesWith(choices, chosen[key]).map((value) => (
          <option key={value} value={value}>
            {words(value)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <SavedSettingCard
      titleId={titleId}
      testId="order-ahead-card"
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
            {t.labels.slotMinutes}
            <select
              value={String(chosen.slotMinutes)}
              onChange={(event) =>
                setEdited({ ...chosen, slotMinutes: Number(event.target.value) as OrderAheadSettings['slotMinutes'] })
              }
              className={selectClass}
            >
              {SLOT_LENGTHS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t.minutes(minutes)}
                </option>
              ))}
            </select>
          </label>
          {field(chosen, setEdited, 'perSlot', PER_SLOT, t.orders)}
          {field(chosen, setEdited, 'leadMinutes', LEAD, t.minutes)}
          {field(chosen, setEdited, 'lastPickupBeforeCloseMinutes', LAST_PICKUP, t.minutes)}
          {field(chosen, setEdited, 'estimateMinutes', ESTIMATE, t.minutes)}
        </>
      )}
    </SavedSettingCard>
  );
}
