import { ISRAELI_BANKS } from '@tafrit/contracts/israel/banks';
import type { Ref } from 'react';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { heOwner } from '@/i18n/he-owner';

// The payout's bank, shared by registration and settings. A file of its own, apart from the payout fields: the
// registration page loads it, with the combobox's library, after the rest of the page (issue 15).

const t = heOwner.fields;

export const bankOptions: readonly ComboboxOption[] = ISRAELI_BANKS.map((bank) => ({
  value: bank.code,
  label: `${bank.code} – ${bank.name}`,
}));

export interface BankComboboxProps {
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref?: Ref<HTMLInputElement>;
  error?: string | undefined;
}

/** The bank, from ISRAELI_BANKS, as a searchable list. Bind it with react-hook-form's Controller. */
export function BankCombobox({ name, value, onChange, onBlur, ref, error }: BankComboboxProps) {
  return (
    <Combobox
      id={`${name}-combobox`}
      name={name}
      label={t.bank}
      hint={t.bankHint}
      options={bankOptions}
      value={value ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      toggleLabel={heOwner.bankPicker.showList}
      noResultsText={heOwner.bankPicker.noResults}
      resultsText={heOwner.bankPicker.results}
      required
      error={error}
      className="md:col-span-2"
    />
  );
}
