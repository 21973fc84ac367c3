// The paid order's way through the kitchen on the thank-you page (decision 031): received, in preparation, ready,
// served, or cancelled by the business. The page's held `/wait?seen=` asks bring each step; this component only shows
// it, says it once to screen readers, and calls for attention (a chime, a vibration) when the order becomes ready.
import { useEffect, useRef } from 'react';
import type { DinerOrderView, OrderStatus } from '@tafrit/contracts/ordering-types';
import { useLanguage, useText } from './language';

/** The kitchen's steps a paid order shows, in order. */
export const PROGRESS_STEPS = ['paid', 'accepted', 'ready', 'served'] as const;
type Step = (typeof PROGRESS_STEPS)[number];

/** Whether the page keeps following the order: paid and still moving through the kitchen (or a table's bill). */
export function isFollowed(order: DinerOrderView): boolean {
  // A payer's part paid at a shared table whose bill is not (issue 34): followed until the order goes to the kitchen.
  if (order.paymentStatus === 'paid' && order.table && !order.table.paid) return order.status === 'pending';
  return (
    order.paymentStatus === 'paid' &&
    (PROGRESS_STEPS as readonly OrderStatus[]).includes(order.status) &&
    order.status !== 'served'
  );
}

/** "14:35" in Israel time in the diner's language (the business's clock, whatever the phone's zone). */
export function israelTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Jerusalem' }).format(
    new Date(iso),
  );
}

/** Two soft tones with WebAudio (no file to download); silent where the browser keeps audio locked. */
function chime(): void {
  const Audio =
    (globalThis as { AudioContext?: typeof AudioContext }).AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Audio) return;
  try {
    const audio = new Audio();
    const play = () => {
      [0, 0.25].forEach((start, index) => {
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = index === 0 ? 660 : 880;
        gain.gain.setValueAtTime(0.2, audio.currentTime + start);
        gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + start + 0.2);
        tone.connect(gain).connect(audio.destination);
        tone.start(audio.currentTime + start);
        tone.stop(audio.currentTime + start + 0.22);
      });
      setTimeout(() => void audio.close().catch(() => undefined), 1000);
    };
    if (audio.state === 'suspended') audio.resume().then(play, () => undefined);
    else play();
  } catch {
    // No audio on this device or it is locked: the vibration and the words still tell.
  }
}

/** A chime and a short vibration, once, when the order turns ready while the page is open. */
function useReadyAlert(status: OrderStatus): void {
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status !== 'ready' || was === 'ready') return;
    chime();
    (navigator as Navigator & { vibrate?: (pattern: number[]) => boolean }).vibrate?.([200, 100, 200]);
  }, [status]);
}

export function OrderProgress({ order }: { order: DinerOrderView }) {
  const t = useText();
  const { language } = useLanguage();
  useReadyAlert(order.status);
  if (order.paymentStatus !== 'paid') return null;
  const cancelled = order.status === 'cancelled';
  const at = PROGRESS_STEPS.indexOf(order.status as Step);
  // Pickup, or table service without a table number (the counter's code): collected at the counter.
  const atTable = order.serviceMode !== 'pickup' && order.tableNumber !== null;
  const readyText = atTable ? t.progress.ready : t.progress.readyPickup;
  const summary = cancelled
    ? t.progress.cancelled
    : order.status === 'ready'
      ? readyText
      : order.status === 'accepted'
        ? t.progress.accepted
        : order.status === 'served'
          ? t.progress.served
          : t.progress.paid;
  const showEstimate = order.estimatedReadyAt && (order.status === 'accepted' || order.status === 'paid');
  return (
    <section
      aria-labelledby="order-progress"
      className="mt-4 rounded-xl border border-line bg-surface p-4"
      data-testid="order-progress"
      data-status={order.status}
    >
      <h2 id="order-progress" className="font-bold text-ink">
        {t.progress.heading}
      </h2>
      {cancelled ? null : (
        <ol className="mt-3 grid grid-cols-4 gap-2 text-center text-sm">
          {PROGRESS_STEPS.map((step, index) => {
            const state = index < at ? 'done' : index === at ? 'current' : 'next';
            return (
              <li
                key={step}
                aria-current={state === 'current' ? 'step' : undefined}
                className={`rounded-lg border px-1 py-2 font-medium ${
                  state === 'current'
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : state === 'done'
                      ? 'border-brand-700 text-brand-800'
                      : 'border-line text-muted'
                }`}
              >
                {t.progress.steps[step]}
                {state === 'current' ? <span className="sr-only"> {t.progress.current}</span> : null}
                {state === 'done' ? <span className="sr-only"> {t.progress.done}</span> : null}
              </li>
            );
          })}
        </ol>
      )}
      <div role="status" aria-live="polite" className="mt-3">
        <p
          className={`text-lg font-bold ${cancelled ? 'text-danger' : order.status === 'ready' ? 'text-brand-800' : 'text-ink'}`}
          data-testid="order-progress-summary"
        >
          {summary}
        </p>
        {showEstimate ? (
          <p className="mt-1 text-ink" data-testid="order-estimate">
            {t.progress.readyAround} <bdi dir="ltr">{israelTime(order.estimatedReadyAt!, language)}</bdi>
          </p>
        ) : null}
      </div>
      {isFollowed(order) ? <p className="mt-2 text-sm text-muted">{t.progress.following}</p> : null}
    </section>
  );
}
