import type { Ref } from 'react';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';

// The searchable lists of the owner's forms (the bank, the city): one combobox bound with react-hook-form's
// Controller, each list with its own texts and options.

/** What react-hook-form's Controller hands a list field. */
export interface ListComboboxProps {
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref?: Ref<HTMLInputElement>;
  error?: string | undefined;
}

export interface ListTexts {
  label: string;
  hint: string;
  toggleLabel: string;
  noResultsText: string;
  resultsText: (count: number) => string;
}

export function ListCombobox({
  name,
  value,
  onChange,
  onBlur,
  ref,
  error,
  texts,
  options,
  className,
}: ListComboboxProps & { texts: ListTexts; options: readonly ComboboxOption[]; className?: string }) {
  return (
    <Combobox
      id={`${name}-combobox`}
      name={name}
      label={texts.label}
      hint={texts.hint}
      options={options}
      value={value ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      toggleLabel={texts.toggleLabel}
      noResultsText={texts.noResultsText}
      resultsText={texts.resultsText}
      required
      error={error}
      className={className}
    />
  );
}
