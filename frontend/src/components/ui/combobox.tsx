import { useEffect, useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { fieldDescriptionIds, FieldError, type FieldTextProps } from './form-field';
import { hintClass, inputClass, labelClass } from './form-styles';

// An editable combobox with a list popup (WAI-ARIA APG "combobox with listbox popup", list autocomplete with manual
// selection): typing filters the options; Down/Up move through them (aria-activedescendant keeps focus in the text
// box), Enter picks one, Escape closes the list and then restores the chosen value. Leaving the field picks the only
// remaining match or restores the chosen value, so what the field shows is always what the form holds.

export interface ComboboxOption {
  value: string;
  label: string;
}

export interface ComboboxProps extends FieldTextProps {
  id?: string;
  name?: string;
  options: readonly ComboboxOption[];
  /** The chosen option's value; '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  /** Accessible name of the button that opens the list. */
  toggleLabel: string;
  noResultsText: string;
  /** Read to screen readers while filtering: "3 banks found". */
  resultsText: (count: number) => string;
  required?: boolean;
  className?: string;
}

function normalise(text: string): string {
  return text.trim().toLocaleLowerCase('he');
}

export function filterOptions(options: readonly ComboboxOption[], query: string): readonly ComboboxOption[] {
  const q = normalise(query);
  if (!q) return options;
  // "4" finds bank "04": people rarely type the leading zero.
  const number = /^\d+$/.test(q) ? String(Number(q)) : null;
  return options.filter((option) => {
    if (normalise(option.label).includes(q)) return true;
    if (number === null) return false;
    return option.value.startsWith(q) || String(Number(option.value)).startsWith(number);
  });
}

export function Combobox({
  id,
  name,
  label,
  labelNote,
  hint,
  error,
  options,
  value,
  onChange,
  onBlur,
  ref,
  toggleLabel,
  noResultsText,
  resultsText,
  required,
  className,
}: ComboboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const labelId = `${inputId}-label`;
  const listId = `${inputId}-listbox`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const optionId = (index: number) => `${inputId}-option-${index}`;

  const selected = options.find((option) => option.value === value);
  const [open, setOpen] = useState(false);
  // null: not typing, the box shows the chosen option; a string: what the person is typing.
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);

  const filtered = useMemo(() => filterOptions(options, query ?? ''), [options, query]);
  const shown = open && filtered.length > 0;
  const active = shown && activeIndex >= 0 && activeIndex < filtered.length ? activeIndex : -1;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${inputId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, inputId]);

  function choose(option: ComboboxOption) {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
    setActiveIndex(-1);
  }

  function openAt(index: number) {
    setOpen(true);
    setActiveIndex(index);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = filtered.length;
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (event.altKey) return setOpen(true);
        if (!open)
          return openAt(
            Math.max(
              0,
              filtered.findIndex((option) => option.value === value),
            ),
          );
        return setActiveIndex(count === 0 ? -1 : (active + 1) % count);
      }
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) return openAt(count - 1);
        return setActiveIndex(count === 0 ? -1 : active <= 0 ? count - 1 : active - 1);
      }
      case 'Enter': {
        if (!shown) return;
        // Never submit the form from an open list.
        event.preventDefault();
        const option = filtered[active];
        if (option) choose(option);
        else if (filtered.length === 1 && filtered[0]) choose(filtered[0]);
        return;
      }
      case 'Escape': {
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActiveIndex(-1);
        } else if (query !== null) {
          event.preventDefault();
          setQuery(null);
        }
        return;
      }
      default:
        return;
    }
  }

  function onInputBlur() {
    if (query !== null) {
      const typed = normalise(query);
      const exact = options.find((option) => normalise(option.label) === typed || option.value === typed);
      if (typed === '') onChange('');
      else if (exact) onChange(exact.value);
      else if (filtered.length === 1 && filtered[0]) onChange(filtered[0].value);
    }
    setQuery(null);
    setOpen(false);
    setActiveIndex(-1);
    onBlur?.();
  }

  return (
    <div className={className}>
      <label id={labelId} htmlFor={inputId} className={labelClass}>
        {label}
        {labelNote ? <span className="ms-1 font-normal text-muted">{labelNote}</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescriptionIds({ hintId, errorId }, hint, error)}
          className={`${inputClass} pe-11`}
          value={query ?? selected?.label ?? ''}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onInputBlur}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={toggleLabel}
          aria-expanded={shown}
          aria-controls={listId}
          // Keep the focus in the text box: the list belongs to it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            document.getElementById(inputId)?.focus();
            setOpen((isOpen) => !isOpen);
          }}
          className="absolute end-0 top-1 bottom-0 flex w-11 items-center justify-center text-muted hover:text-ink"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M3 6l5 5 5-5" />
          </svg>
        </button>
        <ul
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          hidden={!shown}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-auto rounded-lg border border-line bg-surface py-1 shadow-lg"
        >
          {filtered.map((option, index) => {
            const isActive = index === active;
            const isSelected = option.value === value;
            return (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => {
                  if (activeIndex !== index) setActiveIndex(index);
                }}
                className={
                  'flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-ink ' +
                  (isActive ? 'bg-brand-50 outline-2 -outline-offset-2 outline-focus ' : '') +
                  (isSelected ? 'font-bold' : '')
                }
              >
                <span aria-hidden="true" className="w-4 text-brand-700">
                  {isSelected ? '✓' : ''}
                </span>
                {option.label}
              </li>
            );
          })}
        </ul>
        {open && filtered.length === 0 ? (
          <p className="absolute inset-x-0 top-full z-20 mt-1 rounded-lg border border-line bg-surface px-3 py-2 text-muted shadow-lg">
            {noResultsText}
          </p>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {open && query !== null ? (filtered.length === 0 ? noResultsText : resultsText(filtered.length)) : ''}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
