import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { cardClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heHours } from '@/i18n/he-hours';
import { openingHoursQueryOptions, pauseOrdering, resumeOrdering, useOpeningHours } from '../shared/api/opening-hours';
import { errorDescription } from '../shared/errors';
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { UpcomingWarning } from './upcoming-warning';

const t = heHours.pause;
const CHOICES = [15, 30, 60] as const;
const MINUTE = 60_000;

/** The minutes left of a pause (rounded up), or null for a pause until resumed. */
export const minutesLeft = (until: string | null, now: number): number | null =>
  until === null ? null : Math.max(0, Math.ceil((Date.parse(until) - now) / MINUTE));

/**
 * The live console's "pause new orders" (decision 028): 15, 30 or 60 minutes, or until resumed, with the time left.
 * Diners keep browsing; the server refuses their payments until the pause ends or the owner resumes.
 */
export function OrderingPauseControl({ upcoming = [] }: { upcoming?: readonly LiveOrder[] }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const settings = useOpeningHours();
  const change = useMutation({
    mutationFn: (action: () => ReturnType<typeof resumeOrdering>) => action(),
    onSuccess: (saved) => queryClient.setQueryData(openingHoursQueryOptions.queryKey, saved),
    onError: (error) => toast({ variant: 'destructive', title: t.failed, description: errorDescription(error) }),
  });
  const pending = change.isPending;
  const [now, setNow] = useState(() => Date.now());
  const pause = settings.data?.pause ?? null;
  const left = pause ? minutesLeft(pause.until, now) : null;

  // The time left, counted down each half minute; the pause's end fetches the state again.
  useEffect(() => {
    if (!pause?.until) return;
    const tick = () => setNow(Date.now());
    // A new pause counts from this moment, not from the page's first render.
    const first = setTimeout(tick, 0);
    const timer = setInterval(() => {
      tick();
      if (Date.parse(pause.until ?? '') <= Date.now()) void settings.refetch();
    }, MINUTE / 2);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [pause?.until, settings]);

  const act = (action: () => ReturnType<typeof resumeOrdering>) => change.mutate(action);
  // Orders for later still to make (issue 33): a pause is confirmed after they are listed.
  const [confirming, setConfirming] = useState<{ minutes: (typeof CHOICES)[number] | null } | null>(null);
  const ask = (minutes: (typeof CHOICES)[number] | null) =>
    upcoming.length > 0 ? setConfirming({ minutes }) : act(() => pauseOrdering(minutes));

  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-4`} data-testid="ordering-pause">
      <h2 id={titleId} className="text-xl font-bold text-ink">
        {t.title}
      </h2>
      {settings.isError ? <p className={errorTextClass}>{t.loadError}</p> : null}
      {pause ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p role="status" className="text-lg font-bold text-ink" data-testid="pause-status">
            {left === null ? t.pausedUntilResumed : t.pausedFor(left)}
          </p>
          <button
            type="button"
            disabled={pending}
            onClick={() => act(resumeOrdering)}
            className={primaryButtonClass}
            data-testid="resume-ordering"
          >
            {t.resume}
          </button>
        </div>
      ) : (
        <>
          <p className={hintClass}>{t.hint}</p>
          <div role="group" aria-label={t.group} className="mt-3 flex flex-wrap gap-2">
            {CHOICES.map((minutes) => (
              <button
                key={minutes}
                type="button"
                disabled={pending || !settings.data}
                onClick={() => ask(minutes)}
                className={secondaryButtonClass}
                data-testid={`pause-${minutes}`}
              >
                {t.minutes(minutes)}
              </button>
            ))}
            <button
              type="button"
              disabled={pending || !settings.data}
              onClick={() => ask(null)}
              className={secondaryButtonClass}
              data-testid="pause-until-resumed"
            >
              {t.untilResumed}
            </button>
          </div>
          {confirming ? (
            <UpcomingWarning
              upcoming={upcoming}
              onConfirm={() => {
                setConfirming(null);
                act(() => pauseOrdering(confirming.minutes));
              }}
              onCancel={() => setConfirming(null)}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
