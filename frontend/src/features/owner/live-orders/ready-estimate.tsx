// The kitchen's estimate on accepting an order (issue 18): in how many minutes it will be ready. The diner's thank-you
// page shows the time (decision 031). The console remembers the last choice, since a kitchen's pace holds for a while.
import { useId } from 'react';
import { readString, writeString } from '@/lib/storage';
import { heOwner } from '@/i18n/he-owner';

const t = heOwner.live;
const KEY = 'liveOrdersReadyIn';
export const READY_IN_CHOICES = [5, 10, 15, 20, 30, 45, 60] as const;

/** The remembered estimate in minutes, or undefined for "no estimate". */
export function rememberedReadyIn(): number | undefined {
  const minutes = Number(readString(KEY));
  return (READY_IN_CHOICES as readonly number[]).includes(minutes) ? minutes : undefined;
}

export function rememberReadyIn(minutes: number | undefined): void {
  writeString(KEY, minutes === undefined ? 'none' : String(minutes));
}

/** A select beside the accept button; its label names the order, as the button's description does. */
export function ReadyEstimate({
  value,
  onChange,
  describedBy,
}: {
  value: number | undefined;
  onChange: (minutes: number | undefined) => void;
  describedBy: string;
}) {
  const id = useId();
  return (
    <span className="inline-flex items-center gap-2 text-lg">
      <label htmlFor={id} className="text-muted">
        {t.readyIn}
      </label>
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        aria-describedby={describedBy}
        onChange={(event) => {
          const minutes = event.target.value === '' ? undefined : Number(event.target.value);
          rememberReadyIn(minutes);
          onChange(minutes);
        }}
        className="min-h-12 rounded-lg border border-line bg-surface px-3 text-lg text-ink"
        data-testid="ready-estimate"
      >
        <option value="">{t.readyInNone}</option>
        {READY_IN_CHOICES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {t.readyInMinutes(minutes)}
          </option>
        ))}
      </select>
    </span>
  );
}
