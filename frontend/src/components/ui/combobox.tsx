import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useEffect, useState, type Ref } from 'react';
import { fieldDescriptionIds, FieldError, FieldHint, FieldLabel, useFieldIds, type FieldTextProps } from './form-field';
import { inputClass } from './form-styles';
import { CHEVRON_DOWN, StrokeIcon } from './stroke-icon';

// An editable combobox with a list (WAI-ARIA APG "combobox with listbox popup", list autocomplete with manual
// selection), by Downshift's useCombobox: typing filters the options; Down/Up move through them (aria-activedescendant
// keeps focus in the text box), Enter picks one, Escape closes the list and then restores the chosen value. Leaving
// the field picks the only remaining match or restores the chosen value, so what the field shows is always what the
// form holds. The list opens in the page's flow under the box, pushing what follows down: nothing floats over it.

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

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

const labelOf = (option: ComboboxOption | null) => option?.label ?? '';

/** The box shows the chosen option's label unless the person is typing: then the list holds what matches. */
function isTyping(inputValue: string, selected: ComboboxOption | null): boolean {
  return inputValue !== labelOf(selected);
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
  const { inputId, hintId, errorId } = useFieldIds(id);
  const selected = options.find((option) => option.value === value) ?? null;
  const [inputValue, setInputValue] = useState(() => labelOf(selected));
  const typing = isTyping(inputValue, selected);
  const filtered = typing ? filterOptions(options, inputValue) : options;

  function stateReducer(
    state: UseComboboxState<ComboboxOption>,
    { type, changes }: UseComboboxStateChangeOptions<ComboboxOption>,
  ): Partial<UseComboboxState<ComboboxOption>> {
    const matches = filtered;
    switch (type) {
      case useCombobox.stateChangeTypes.InputKeyDownEnter:
        // Enter on a list narrowed down to one takes it.
        if (state.highlightedIndex < 0 && matches.length === 1 && matches[0]) {
          return { ...changes, selectedItem: matches[0], inputValue: matches[0].label, isOpen: false };
        }
        return changes;
      case useCombobox.stateChangeTypes.InputKeyDownEscape:
        // An open list closes; a closed one gives the box back its chosen value (never clears the choice).
        return state.isOpen
          ? { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue }
          : { ...changes, selectedItem: state.selectedItem, inputValue: labelOf(state.selectedItem) };
      case useCombobox.stateChangeTypes.InputBlur: {
        if (!isTyping(state.inputValue, state.selectedItem)) {
          return { ...changes, selectedItem: state.selectedItem, inputValue: labelOf(state.selectedItem) };
        }
        const typed = normalise(state.inputValue);
        const exact = options.find((option) => normalise(option.label) === typed || option.value === typed);
        const chosen =
          typed === '' ? null : (exact ?? (matches.length === 1 ? (matches[0] ?? null) : state.selectedItem));
        return { ...changes, selectedItem: chosen, inputValue: labelOf(chosen) };
      }
      default:
        return changes;
    }
  }

  const combobox = useCombobox<ComboboxOption>({
    inputId,
    labelId: `${inputId}-label`,
    menuId: `${inputId}-listbox`,
    toggleButtonId: `${inputId}-toggle`,
    getItemId: (index) => `${inputId}-option-${index}`,
    items: filtered as ComboboxOption[],
    itemToString: labelOf,
    selectedItem: selected,
    inputValue,
    onInputValueChange: ({ inputValue: next }) => setInputValue(next ?? ''),
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.value ?? ''),
    stateReducer,
  });
  const { isOpen, highlightedIndex } = combobox;
  const { ref: downshiftRef, ...inputProps } = combobox.getInputProps({ onBlur });
  // Downshift's ref and the caller's (the form library's, to focus a field in error) on the one text box.
  const setInput = (node: HTMLInputElement | null) => {
    assignRef(downshiftRef, node);
    assignRef(ref, node);
  };
  const shown = isOpen && filtered.length > 0;

  useEffect(() => {
    if (highlightedIndex >= 0)
      document.getElementById(`${inputId}-option-${highlightedIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [highlightedIndex, inputId]);

  return (
    <div className={className}>
      <FieldLabel {...combobox.getLabelProps()} label={label} labelNote={labelNote} />
      <FieldHint id={hintId} hint={hint} />
      <div className="relative">
        <input
          {...inputProps}
          ref={setInput}
          name={name}
          type="text"
          autoComplete="off"
          aria-expanded={shown}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescriptionIds({ hintId, errorId }, hint, error)}
          className={`${inputClass} pe-11`}
        />
        <button
          type="button"
          {...combobox.getToggleButtonProps()}
          aria-label={toggleLabel}
          aria-expanded={shown}
          className="absolute end-0 top-1 bottom-0 flex w-11 items-center justify-center text-muted hover:text-ink"
        >
          <StrokeIcon path={CHEVRON_DOWN} />
        </button>
      </div>
      <ul
        {...combobox.getMenuProps()}
        hidden={!shown}
        className="mt-1 max-h-64 overflow-auto rounded-lg border border-line bg-surface py-1"
      >
        {shown
          ? filtered.map((option, index) => {
              const isSelected = option.value === value;
              return (
                <li
                  key={option.value}
                  {...combobox.getItemProps({ item: option, index })}
                  className={
                    'flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-ink ' +
                    (index === highlightedIndex ? 'bg-brand-50 outline-2 -outline-offset-2 outline-focus ' : '') +
                    (isSelected ? 'font-bold' : '')
                  }
                >
                  <span aria-hidden="true" className="w-4 text-brand-700">
                    {isSelected ? '✓' : ''}
                  </span>
                  {option.label}
                </li>
              );
            })
          : null}
      </ul>
      {isOpen && filtered.length === 0 ? (
        <p className="mt-1 rounded-lg border border-line bg-surface px-3 py-2 text-muted">{noResultsText}</p>
      ) : null}
      <p role="status" className="sr-only">
        {isOpen && typing ? (filtered.length === 0 ? noResultsText : resultsText(filtered.length)) : ''}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
