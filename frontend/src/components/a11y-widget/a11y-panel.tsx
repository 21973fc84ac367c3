import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { he, type A11yText } from '@/i18n/he';
import {
  a11yOptions,
  readA11yPreferences,
  saveA11yPreferences,
  type A11yOption,
  type A11yPreferences,
} from './preferences';

/** Loaded on the first open (see a11y-widget.tsx). */
export default function A11yPanel({
  onClose,
  toggleRef,
  text = he.a11y,
}: {
  /** Closes the panel; with `true`, focus goes back to the button that opened it. */
  onClose: (returnFocus: boolean) => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** Its words: Hebrew, or the diner's language on the diner's pages. */
  text?: A11yText;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [preferences, setPreferences] = useState<A11yPreferences>(readA11yPreferences);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    // A press anywhere outside closes it, as a menu would; focus stays where the person put it.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !toggleRef.current?.contains(target)) onClose(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [onClose, toggleRef]);

  const update = (next: A11yPreferences) => {
    setPreferences(next);
    saveA11yPreferences(next);
  };
  const toggle = (option: A11yOption) => update({ ...preferences, [option]: !preferences[option] });

  return (
    <div
      ref={panelRef}
      role="group"
      aria-labelledby={titleId}
      data-testid="a11y-panel"
      className="fixed end-[20px] top-[156px] z-40 max-h-[calc(100dvh-176px)] w-72 max-w-[calc(100vw-40px)] overflow-y-auto rounded-xl border border-line bg-surface p-4 text-ink shadow-xl"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-bold">
          {text.title}
        </h2>
        <button
          type="button"
          onClick={() => onClose(true)}
          className="min-h-11 rounded-md px-3 font-medium text-brand-700 underline hover:bg-brand-50"
        >
          {text.close}
        </button>
      </div>
      <ul className="mt-3 flex flex-col gap-2">
        {a11yOptions.map((option) => {
          const on = preferences[option] === true;
          return (
            <li key={option}>
              <button
                type="button"
                aria-pressed={on}
                data-option={option}
                onClick={() => toggle(option)}
                className={
                  'flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border px-3 py-2 text-start font-medium ' +
                  (on
                    ? 'border-brand-700 bg-brand-50 text-brand-900'
                    : 'border-line bg-surface text-ink hover:bg-canvas')
                }
              >
                <span>{text[option]}</span>
                <span
                  aria-hidden="true"
                  className={
                    'relative inline-block h-6 w-10 shrink-0 rounded-full border-2 ' +
                    (on ? 'border-brand-700 bg-brand-700' : 'border-muted bg-surface')
                  }
                >
                  <span
                    className={
                      'absolute top-0.5 size-4 rounded-full ' + (on ? 'end-0.5 bg-white' : 'start-0.5 bg-muted')
                    }
                  />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => update({})}
        className="mt-3 min-h-11 w-full rounded-lg border border-brand-700 px-3 py-2 font-medium text-brand-700 hover:bg-brand-50"
      >
        {text.reset}
      </button>
      <p className="mt-3 text-sm text-muted">{text.note}</p>
      <p className="mt-2">
        {/* A plain link: the widget is on the diner's page too, which has no router (src/diner/). */}
        <a
          href="/accessibility"
          onClick={() => onClose(false)}
          className="text-sm font-medium text-brand-700 underline hover:text-brand-900"
        >
          {text.statement}
        </a>
      </p>
    </div>
  );
}
