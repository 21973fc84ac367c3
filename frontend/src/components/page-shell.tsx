import type { ReactNode } from 'react';
import { containerClass } from './ui/styles';

/**
 * The one <main> of a screen, with its one h1. `#main` is the skip link's target and receives focus on navigation.
 * `wide`: the whole width of the window (the kitchen screen's columns), not the reading width of the other pages.
 * `withoutHeader`: the screen has no header to make room for the accessibility button (sign-in, registration, the
 * statements), so its top does (decision 038): a float at the inline end, down to the button's band, that the title and
 * the first lines flow around and the first controls keep clear of; below it the screen has its whole width.
 */
export function PageMain({
  children,
  className = '',
  wide = false,
  withoutHeader = false,
}: {
  children: ReactNode;
  className?: string;
  wide?: boolean;
  withoutHeader?: boolean;
}) {
  const container = wide ? 'w-full px-4 md:px-6' : containerClass;
  return (
    <main id="main" tabIndex={-1} className={`${container} flex-1 py-10 ${className}`}>
      {withoutHeader ? (
        <div
          aria-hidden="true"
          data-testid="a11y-room"
          className="float-end h-[calc(var(--a11y-band-end)-2.5rem)] w-[calc(var(--a11y-room)-1rem)] md:w-[calc(var(--a11y-room)-1.5rem)]"
        />
      ) : null}
      {children}
    </main>
  );
}
