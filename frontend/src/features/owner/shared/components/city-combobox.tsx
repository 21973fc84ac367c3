import { israeliLocalities } from '@tafrit/contracts/israel/localities';
import type { Ref } from 'react';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { heDocuments } from '@/i18n/he-documents';

// The business's city (issue 17), shared by registration and settings: from the CBS list of localities in an accessible
// combobox (the same one as the bank). A file of its own, apart from the address fields: the registration page loads it,
// with the list and the combobox's library, after the rest of the page (issue 15).

const t = heDocuments.address;

let cityOptions: readonly ComboboxOption[] | undefined;
const optionsOfCities = () => (cityOptions ??= israeliLocalities().map((name) => ({ value: name, label: name })));

export interface CityComboboxProps {
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref?: Ref<HTMLInputElement>;
  error?: string | undefined;
}

/** Bind it with react-hook-form's Controller, like the bank. */
export function CityCombobox({ name, value, onChange, onBlur, ref, error }: CityComboboxProps) {
  return (
    <Combobox
      id={`${name}-combobox`}
      name={name}
      label={t.city}
      hint={t.cityHint}
      options={optionsOfCities()}
      value={value ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      toggleLabel={t.cityShowList}
      noResultsText={t.cityNoResults}
      resultsText={t.cityResults}
      required
      error={error}
    />
  );
}
