import {
  shabbatCities,
  shabbatCityNamesHe,
  type HoursRange,
  type OpeningHours,
  type ShabbatCity,
} from '@tafrit/contracts/http/opening-hours.schemas';
import { useId, useState } from 'react';
import {
  cardClass,
  cardTitleClass,
  errorTextClass,
  hintClass,
  inputClass,
  labelClass,
} from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { UpcomingPickups } from './upcoming-pickups';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { heHours } from '@/i18n/he-hours';
import { openingHoursQueryOptions, setOpeningHours, useOpeningHours } from '../shared/api/opening-hours';
import { useSavedSetting } from './use-saved-setting';

const t = heHours.card;
const smallButtonClass = 'min-h-11 rounded-lg px-3 font-medium text-brand-700 underline hover:text-brand-900';
const NEW_RANGE: HoursRange = { from: '08:00', to: '16:00' };
const fullWeek = (): HoursRange[][] => Array.from({ length: 7 }, () => [{ ...NEW_RANGE }]);
/** A date as the owner reads it (dd.mm.yyyy), from YYYY-MM-DD. */
const shownDate = (date: string) => date.split('-').reverse().join('.');

/**
 * Settings' card of opening hours (decision 028): at every hour (the default) or weekly ranges (several a day, an
 * empty day closed), closed dates, the Shabbat and Yom Tov switch with the nearest city, and the optional days of the
 * coming year with a checkbox each. The server answers whether ordering is open now with what it saved.
 */
export function OpeningHoursCard() {
  const titleId = useId();
  const saved = useOpeningHours();
  const [newDate, setNewDate] = useState('');
  // The weekly schedule set aside by "at every hour", so switching back brings it back instead of a blank week.
  const [setAside, setSetAside] = useState<HoursRange[][] | null>(null);
  const {
    chosen: hours,
    edit: setEdited,
    pending,
    save,
  } = useSavedSetting({
    stored: saved.data?.hours,
    queryKey: openingHoursQueryOptions.queryKey,
    send: setOpeningHours,
    texts: t,
  });

  const change = (next: Partial<OpeningHours>) => hours && setEdited({ ...hours, ...next });
  const setDay = (day: number, ranges: HoursRange[]) =>
    hours?.weekly && change({ weekly: hours.weekly.map((current, i) => (i === day ? ranges : current)) });
  const toggle = (list: string[], date: string, on: boolean) =>
    on ? [...new Set([...list, date])].sort() : list.filter((item) => item !== date);

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="opening-hours-card">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className={`${hintClass} mt-1`}>{t.hint}</p>
      {saved.data ? (
        <p className="mt-2 font-medium text-ink" data-testid="ordering-now">
          {saved.data.ordering.open ? t.openNow : t.closedNow}
        </p>
      ) : null}
      {saved.isError ? <p className={`${errorTextClass} mt-3`}>{t.loadError}</p> : null}
      {hours ? (
        <form onSubmit={save} className="mt-3 flex flex-col gap-5">
          <fieldset>
            <legend className="font-medium text-ink">{t.modeLegend}</legend>
            {[
              [
                t.always,
                hours.weekly === null,
                () => {
                  if (hours.weekly) setSetAside(hours.weekly);
                  change({ weekly: null });
                },
              ],
              [t.weekly, hours.weekly !== null, () => change({ weekly: hours.weekly ?? setAside ?? fullWeek() })],
            ].map(([label, checked, choose], index) => (
              <label key={index} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name={`${titleId}-mode`}
                  className="size-5 accent-brand-700"
                  checked={checked as boolean}
                  onChange={choose as () => void}
                />
                {label as string}
              </label>
            ))}
          </fieldset>

          {hours.weekly ? (
            <ul className="flex flex-col gap-3">
              {hours.weekly.map((ranges, day) => {
                const name = t.days[day] ?? '';
                return (
                  <li key={day} className="flex flex-wrap items-center gap-2 border-b border-line pb-3">
                    <span className="w-16 font-bold text-ink">{name}</span>
                    {ranges.length === 0 ? <span className="text-muted">{t.dayClosed}</span> : null}
                    {ranges.map((range, index) => (
                      <span key={index} className="flex items-center gap-1">
                        <input
                          type="time"
                          aria-label={t.from(name, index)}
                          value={range.from}
                          onChange={(e) =>
                            setDay(
                              day,
                              ranges.map((r, i) => (i === index ? { ...r, from: e.target.value } : r)),
                            )
                          }
                          className={`${inputClass} w-32`}
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          type="time"
                          aria-label={t.to(name, index)}
                          value={range.to === '24:00' ? '23:59' : range.to}
                          onChange={(e) =>
                            setDay(
                              day,
                              ranges.map((r, i) => (i === index ? { ...r, to: e.target.value } : r)),
                            )
                          }
                          className={`${inputClass} w-32`}
                        />
                        <button
                          type="button"
                          aria-label={t.removeRange(name, index)}
                          onClick={() =>
                            setDay(
                              day,
                              ranges.filter((_, i) => i !== index),
                            )
                          }
                          className={smallButtonClass}
                        >
                          ✕
                        </button>
                      </span>
                    ))}
                    <button
                      type="button"
                      aria-label={t.addRange(name)}
                      onClick={() => setDay(day, [...ranges, { ...NEW_RANGE }])}
                      className={smallButtonClass}
                    >
                      {t.addRangeShort}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}

          <fieldset>
            <legend className="font-medium text-ink">{t.closedDatesTitle}</legend>
            {hours.closedDates.length === 0 ? <p className={hintClass}>{t.noClosedDates}</p> : null}
            <ul className="mt-2 flex flex-wrap gap-2">
              {hours.closedDates.map((date) => (
                <li key={date} className="flex items-center gap-1 rounded-full border border-line px-3">
                  <bdi>{shownDate(date)}</bdi>
                  <button
                    type="button"
                    aria-label={t.removeClosedDate(shownDate(date))}
                    onClick={() => change({ closedDates: toggle(hours.closedDates, date, false) })}
                    className={smallButtonClass}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <label className={labelClass}>
                {t.closedDateLabel}
                <input
                  type="date"
                  value={newDate}
                  onChange={(e) => setNewDate(e.target.value)}
                  className={`${inputClass} mt-1 w-48`}
                />
              </label>
              <button
                type="button"
                disabled={!newDate}
                onClick={() => {
                  change({ closedDates: toggle(hours.closedDates, newDate, true) });
                  setNewDate('');
                }}
                className={secondaryButtonClass}
              >
                {t.addClosedDate}
              </button>
            </div>
          </fieldset>

          <div>
            <label className="flex min-h-11 items-center gap-3 font-medium text-ink">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={hours.shabbat.enabled}
                onChange={(e) => change({ shabbat: { ...hours.shabbat, enabled: e.target.checked } })}
                data-testid="shabbat-switch"
              />
              {t.shabbat}
            </label>
            <p className={hintClass}>{t.shabbatHint}</p>
            <label className={`${labelClass} mt-2`}>
              {t.city}
              <select
                value={hours.shabbat.city}
                onChange={(e) => change({ shabbat: { ...hours.shabbat, city: e.target.value as ShabbatCity } })}
                className={`${inputClass} mt-1 w-56`}
              >
                {shabbatCities.map((city) => (
                  <option key={city} value={city}>
                    {shabbatCityNamesHe[city]}
                  </option>
                ))}
              </select>
            </label>
          </div>

          {hours.shabbat.enabled && saved.data ? (
            <fieldset>
              <legend className="font-medium text-ink">{t.optionalTitle}</legend>
              <p className={hintClass}>{t.optionalHint}</p>
              <ul className="mt-2 grid gap-1 md:grid-cols-2">
                {saved.data.optionalDays.map((day) => (
                  <li key={day.date}>
                    <label className="flex min-h-11 items-center gap-3">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-700"
                        checked={hours.closedOptionalDays.includes(day.date)}
                        onChange={(e) =>
                          change({ closedOptionalDays: toggle(hours.closedOptionalDays, day.date, e.target.checked) })
                        }
                      />
                      <span>
                        {day.name} <bdi className="text-muted">{shownDate(day.date)}</bdi>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}

          <UpcomingPickups />
          <PendingButton type="submit" pending={pending} pendingLabel={t.saving} className={primaryButtonClass}>
            {t.save}
          </PendingButton>
        </form>
      ) : null}
    </section>
  );
}
