import { israeliLocalities } from '@tafrit/contracts/israel/localities';
import type { ReactNode, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { TextField } from '@/components/ui/form-field';
import { heDocuments } from '@/i18n/he-documents';

// The business's address (issue 17), shared by registration and settings: street and number, and the city from the
// CBS list of localities in an accessible combobox (the same one as the bank).

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

export function AddressFields({
  street,
  streetError,
  cityField,
}: {
  street: UseFormRegisterReturn;
  streetError?: string | undefined;
  /** The form's <Controller name="city"> rendering a <CityCombobox>. */
  cityField: ReactNode;
}) {
  return (
    <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
      <TextField
        {...street}
        label={t.street}
        hint={t.streetHint}
        autoComplete="address-line1"
        aria-required
        error={streetError}
      />
      {cityField}
    </div>
  );
}
