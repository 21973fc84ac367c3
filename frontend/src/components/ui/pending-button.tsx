import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { primaryButtonClass } from './styles';

export type PendingButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  pending: boolean;
  children: ReactNode;
  /** Shown instead of the label while pending ("Sending..."). */
  pendingLabel: ReactNode;
};

/**
 * A button that shows a pending label while its action runs. It stays focusable (aria-disabled, not disabled) so the
 * keyboard focus is not thrown to the page's start mid-action; a press while pending does nothing.
 */
export function PendingButton({
  pending,
  pendingLabel,
  children,
  className = primaryButtonClass,
  onClick,
  type = 'submit',
  ...button
}: PendingButtonProps) {
  return (
    <button
      type={type}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      className={`${className} gap-2 aria-disabled:cursor-wait aria-disabled:opacity-80`}
      {...button}
    >
      {pending ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 motion-safe:animate-spin" fill="none">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : null}
      {pending ? pendingLabel : children}
    </button>
  );
}
