import { he } from '@/i18n/he';
import { dismissToast, pauseToast, resumeToast, useToast, type ToastItem } from './toast';

/**
 * Renders the open toasts. Both live regions exist from the first render (a region added together with its text is
 * often not announced): normal toasts are polite (role=status), destructive ones assertive (role=alert).
 */
export function Toaster() {
  const { toasts } = useToast();
  const open = toasts.filter((t) => t.open);
  return (
    <section
      aria-label={he.toast.regionLabel}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 md:items-end"
    >
      <div role="status" aria-live="polite" className="flex w-full flex-col items-center gap-2 md:items-end">
        {open
          .filter((t) => t.variant !== 'destructive')
          .map((t) => (
            <ToastCard key={t.id} item={t} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="flex w-full flex-col items-center gap-2 md:items-end">
        {open
          .filter((t) => t.variant === 'destructive')
          .map((t) => (
            <ToastCard key={t.id} item={t} />
          ))}
      </div>
    </section>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const destructive = item.variant === 'destructive';
  return (
    <div
      data-testid="toast"
      data-variant={item.variant}
      className={
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 text-start shadow-lg ' +
        (destructive ? 'border-danger bg-danger text-white' : 'border-line bg-surface text-ink')
      }
      onMouseEnter={() => pauseToast(item.id)}
      onMouseLeave={() => resumeToast(item.id)}
      onFocus={() => pauseToast(item.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) resumeToast(item.id);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(item.id);
      }}
    >
      <div className="min-w-0 flex-1">
        {item.title ? <p className="font-bold">{item.title}</p> : null}
        {item.description ? <p className="mt-1 text-sm">{item.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label={he.toast.close}
        onClick={() => dismissToast(item.id)}
        className={
          'inline-flex size-8 shrink-0 items-center justify-center rounded-md ' +
          (destructive ? 'hover:bg-white/15' : 'hover:bg-canvas')
        }
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 3l10 10M13 3L3 13" />
        </svg>
      </button>
    </div>
  );
}
