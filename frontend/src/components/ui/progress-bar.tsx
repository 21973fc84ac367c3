/** A determinate progress bar with its percentage written out (WAI-ARIA progressbar). */
export function ProgressBar({ value, label, className = '' }: { value: number; label: string; className?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-3 flex-1 overflow-hidden rounded-full border border-brand-700 bg-brand-50"
      >
        <div className="h-full bg-brand-700 motion-safe:transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="min-w-12 text-sm font-medium text-ink tabular-nums" dir="ltr" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
