import { ISRAELI_BANKS } from '@tafrit/contracts/israel/banks';
import type { ComboboxOption } from '@/components/ui/combobox';
import { heOwner } from '@/i18n/he-owner';
import { ListCombobox, type ListComboboxProps, type ListTexts } from '@/components/list-combobox';

// The payout's bank, shared by registration and settings. A file of its own, apart from the payout fields: the
// registration page loads it, with the combobox's library, after the rest of the page (issue 15).

const t = heOwner.fields;

export const bankOptions: readonly ComboboxOption[] = ISRAELI_BANKS.map((bank) => ({
  value: bank.code,
  label: `${bank.code} – ${bank.name}`,
}));

export type BankComboboxProps = ListComboboxProps;

const texts: ListTexts = {
  label: t.bank,
  hint: t.bankHint,
  toggleLabel: heOwner.bankPicker.showList,
  noResultsText: heOwner.bankPicker.noResults,
  resultsText: heOwner.bankPicker.results,
};

/** The bank, from ISRAELI_BANKS, as a searchable list. Bind it with react-hook-form's Controller. */
export function BankCombobox(props: BankComboboxProps) {
  return <ListCombobox {...props} texts={texts} options={bankOptions} className="md:col-span-2" />;
}
