import { he } from '@/i18n/he';
import { containerClass } from './ui/styles';

/**
 * The owner's console while its code and session arrive (the route's pending component): the header's bar and a
 * few grey blocks where the screen will be, announced as loading. In the entry chunk, so it stays this small: no
 * data, no owner code.
 */
export function ConsoleSkeleton() {
  return (
    <div className="flex min-h-dvh flex-col" data-testid="console-skeleton">
      <div aria-hidden="true" className="border-b border-line bg-surface">
        <div className={`${containerClass} flex items-center gap-6 py-3`}>
          <div className="h-7 w-40 rounded-lg bg-line motion-safe:animate-pulse" />
          <div className="ms-auto hidden h-7 w-80 rounded-lg bg-line motion-safe:animate-pulse md:block" />
        </div>
      </div>
      <main id="main" tabIndex={-1} aria-busy="true" className="w-full flex-1 px-4 py-10 md:px-6">
        {/* The page's one heading while it loads, announced as a status. */}
        <div role="status">
          <h1 className="sr-only">{he.app.consoleLoading}</h1>
        </div>
        <div aria-hidden="true" className="flex flex-col gap-6">
          <div className="h-9 w-56 rounded-lg bg-line motion-safe:animate-pulse" />
          <div className="grid gap-6 lg:grid-cols-3">
            {[0, 1, 2].map((column) => (
              <div
                key={column}
                className={`${column === 0 ? 'block' : 'hidden lg:block'} h-48 rounded-xl border border-line bg-surface motion-safe:animate-pulse`}
              />
            ))}
          </div>
        </div>
      </main>
    </div>
  );
}
