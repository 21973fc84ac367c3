import { useId, useMemo, useState, type ReactNode } from 'react';
import { inputClass, labelClass } from '@/components/ui/form-styles';
import { monthLabel } from '@/lib/month-label';

/**
 * A month's report with its month picker: a labelled select of `months(now)` (newest first, the first one chosen),
 * an optional action beside it (a download of the chosen month), and below them what `children` shows for the month.
 * The list is computed once per visit: a page left open over midnight on the 1st keeps the list it showed.
 */
export function MonthPickerSection({
  label,
  months: monthsAt,
  action,
  className = '',
  children,
}: {
  label: string;
  months: (now: Date) => readonly string[];
  action?: (month: string) => ReactNode;
  className?: string;
  children: (month: string) => ReactNode;
}) {
  const months = useMemo(() => monthsAt(new Date()), [monthsAt]);
  const [month, setMonth] = useState(months[0] ?? '');
  const id = useId();

  return (
    <>
      <div className={`flex flex-wrap items-end justify-between gap-4 ${className}`}>
        <div>
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          <select
            id={id}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            className={`${inputClass} mt-1 min-w-48`}
          >
            {months.map((value) => (
              <option key={value} value={value}>
                {monthLabel(value)}
              </option>
            ))}
          </select>
        </div>
        {action?.(month)}
      </div>
      {children(month)}
    </>
  );
}
