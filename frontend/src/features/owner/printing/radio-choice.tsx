import type { ReactNode } from 'react';

const choiceClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-4 ' +
  'has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 ' +
  'has-focus-visible:outline-offset-2 has-focus-visible:outline-focus has-focus-visible:outline-solid';

/** One choice of the printing card's radio rows (the computer's system, the paper's width), drawn as a button. */
export function RadioChoice({
  name,
  value,
  checked,
  disabled,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className={choiceClass}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="size-5 accent-brand-700"
      />
      <span className="font-medium text-ink">{children}</span>
    </label>
  );
}
