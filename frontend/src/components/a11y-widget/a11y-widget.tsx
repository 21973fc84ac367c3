import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { he, type A11yText } from '@/i18n/he';
// Its styles (a11y-widget.css) are in every page's own stylesheet (styles.css, landing.css, diner.css), from the first
// paint: imported here too, they came again as a stylesheet of their own once the app loaded, and the browser styled
// and laid out the whole page once more for it (a long task on a slow phone).

// The panel (its toggles and their logic) is a chunk of its own, fetched on the first open: this button is on every
// page, the diner's menu included, whose JavaScript budget is tight.
const A11yPanel = lazy(() => import('./a11y-panel'));

export const A11Y_PANEL_ID = 'a11y-panel';

/**
 * The accessibility widget of product spec §2 ("right-to-left off, 20 px from the side, 100 px from the start"): a
 * button 20 px from the inline end and 100 px from the top of the page, which opens a small panel of adjustments. It
 * helps; it never stands in for the pages' own accessibility.
 *
 * Decision 038: the button belongs to the page's top and scrolls with it, in the room every page's header (or, on a
 * page without one, its title) keeps for it (`--a11y-room`, down to `--a11y-band-end`, a11y-widget.css), so it never
 * lies over the content and no page keeps a column for it.
 */
export function A11yWidget({ text = he.a11y }: { text?: A11yText } = {}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  return (
    <aside aria-label={text.title}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={A11Y_PANEL_ID}
        aria-label={text.open}
        title={text.open}
        data-testid="a11y-toggle"
        onClick={() => setOpen((value) => !value)}
        className="absolute end-[20px] top-[100px] z-40 inline-flex size-12 items-center justify-center rounded-full border-2 border-white bg-brand-700 text-white shadow-lg hover:bg-brand-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="currentColor">
          <circle cx="12" cy="4" r="2" />
          <path d="M4 7.5l8 1.5 8-1.5.5 2-6 1.5v3.5l2.5 6.5-2 .8L12 15.5 9 21.3l-2-.8 2.5-6.5V11l-6-1.5z" />
        </svg>
      </button>
      <div id={A11Y_PANEL_ID} hidden={!open}>
        {open ? (
          <Suspense fallback={null}>
            <A11yPanel onClose={close} toggleRef={buttonRef} text={text} />
          </Suspense>
        ) : null}
      </div>
    </aside>
  );
}
