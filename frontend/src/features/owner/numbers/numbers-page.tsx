// The owner's numbers page (issue 33, `/numbers`): what sells, over a range of Israel dates chosen from presets or by
// hand. The plots' code (visx) loads with the page's content, apart from the console's first screen.
import {
  daysInRange,
  NUMBERS_MAX_RANGE_DAYS,
  numbersMessagesHe,
  type NumbersRange,
} from '@tafrit/contracts/http/numbers.schemas';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { PageMain } from '@/components/page-shell';
import { inputClass, labelClass } from '@/components/ui/form-styles';
import { secondaryButtonClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwnerNumbers } from '@/i18n/he-owner-numbers';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { type Preset, PRESETS, presetRange, rangeAllowed, slashDate } from './numbers-range';

const t = heOwnerNumbers;

const NumbersContent = lazy(() => import('./numbers-content').then((module) => ({ default: module.NumbersContent })));

export function NumbersPage() {
  useDocumentTitle(pageTitle(t.title));
  // Read once per visit: a page left open over midnight keeps the dates it showed.
  const now = useMemo(() => new Date(), []);
  const [preset, setPreset] = useState<Preset>('thisMonth');
  const [custom, setCustom] = useState<NumbersRange>(() => presetRange('thisMonth', now));
  const range = preset === 'custom' ? custom : presetRange(preset, now);
  // The page's first screen (the heading, the intro, the presets) comes as HTML rendered at build time, without a date:
  // the range's dates and the figures are drawn from the render after hydration on (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  return (
    <PageMain>
      <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{t.intro}</p>
      <RangePicker preset={preset} onPreset={setPreset} custom={custom} onCustom={setCustom} />
      <p className="mt-4 text-muted" data-testid="numbers-range">
        {t.range.showing} {hydrated ? <bdi dir="ltr">{`${slashDate(range.from)} – ${slashDate(range.to)}`}</bdi> : null}
      </p>
      <Suspense fallback={loading}>{hydrated ? <NumbersContent range={range} /> : loading}</Suspense>
    </PageMain>
  );
}

const loading = (
  <p role="status" className="mt-8 text-muted">
    {t.loading}
  </p>
);

function RangePicker({
  preset,
  onPreset,
  custom,
  onCustom,
}: {
  preset: Preset;
  onPreset: (preset: Preset) => void;
  custom: NumbersRange;
  onCustom: (range: NumbersRange) => void;
}) {
  const fromId = useId();
  const toId = useId();
  const problemId = useId();
  const [draft, setDraft] = useState(custom);
  const filled = draft.from !== '' && draft.to !== '';
  const allowed = filled && rangeAllowed(draft);
  // The server's own words for a range it would refuse, shown before asking it.
  const problem = !filled
    ? numbersMessagesHe.dateInvalid
    : draft.from > draft.to
      ? numbersMessagesHe.reversed
      : daysInRange(draft.from, draft.to) > NUMBERS_MAX_RANGE_DAYS
        ? numbersMessagesHe.tooLong
        : null;
  return (
    <fieldset className="mt-6">
      <legend className={labelClass}>{t.range.legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {PRESETS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={preset === value}
            onClick={() => onPreset(value)}
            className={`${secondaryButtonClass} aria-pressed:bg-brand-700 aria-pressed:text-white`}
          >
            {t.range[value]}
          </button>
        ))}
      </div>
      {preset === 'custom' ? (
        <form
          className="mt-4 flex flex-wrap items-end gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (allowed) onCustom(draft);
          }}
        >
          <div>
            <label htmlFor={fromId} className={labelClass}>
              {t.range.from}
            </label>
            <input
              id={fromId}
              type="date"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={toId} className={labelClass}>
              {t.range.to}
            </label>
            <input
              id={toId}
              type="date"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              className={inputClass}
            />
          </div>
          <button
            type="submit"
            disabled={!allowed}
            aria-describedby={problem ? problemId : undefined}
            className={secondaryButtonClass}
          >
            {t.range.apply}
          </button>
          {problem ? (
            <p
              id={problemId}
              className="basis-full text-sm font-medium text-danger"
              data-testid="numbers-range-problem"
            >
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
    </fieldset>
  );
}
