import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { withBidiNumbers } from './bidi';
import { Icon } from './icons';

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * The FAQ as the WAI-ARIA accordion pattern: each question is a button in a heading (aria-expanded, aria-controls)
 * that shows or hides its answer; several answers may be open at once. Enter and Space toggle (native buttons);
 * Arrow Down and Up move between questions, Home and End go to the first and the last.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      {items.map((item, index) => {
        const expanded = open.has(index);
        const buttonId = `${baseId}-question-${index}`;
        const panelId = `${baseId}-answer-${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-start text-lg font-bold text-ink hover:bg-canvas md:px-6"
              >
                <span>{item.question}</span>
                <Icon
                  name="chevron"
                  className={`size-5 shrink-0 text-brand-700 motion-safe:transition-transform ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded}>
              <p className="px-5 pb-5 leading-relaxed text-muted md:px-6">{withBidiNumbers(item.answer)}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
