import type { ReactNode } from 'react';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';

/**
 * The frame of a Settings card: a section named by its title, a hint under it, then the card's form, or the load
 * failure in its place. `titleId` (from the card's useId) also prefixes the ids of its fields; the hint's id is
 * `${titleId}-hint`, for a field that it describes.
 */
export function SettingCard({
  titleId,
  testId,
  title,
  hint,
  loadFailed,
  loadError,
  children,
}: {
  titleId: string;
  testId: string;
  title: string;
  hint: string;
  loadFailed: boolean;
  loadError: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid={testId}>
      <h2 id={titleId} className={cardTitleClass}>
        {title}
      </h2>
      <p className={`${hintClass} mt-1`} id={`${titleId}-hint`}>
        {hint}
      </p>
      {loadFailed ? <p className={`${errorTextClass} mt-3`}>{loadError}</p> : children}
    </section>
  );
}
