import { israeliLocalities } from '@tafrit/contracts/israel/localities';
import type { ComboboxOption } from '@/components/ui/combobox';
import { heDocuments } from '@/i18n/he-documents';
import { ListCombobox, type ListComboboxProps, type ListTexts } from '@/components/list-combobox';

// The business's city (issue 17), shared by registration and settings: from the CBS list of localities in an accessible
// combobox (the same one as the bank). A file of its own, apart from the address fields: the registration page loads it,
// with the list and the combobox's library, after the rest of the page (issue 15).

const t = heDocuments.address;

let cityOptions: readonly ComboboxOption[] | undefined;
const optionsOfCities = () => (cityOptions ??= israeliLocalities().map((name) => ({ value: name, label: name })));

export type CityComboboxProps = ListComboboxProps;

const texts: ListTexts = {
  label: t.city,
  hint: t.cityHint,
  toggleLabel: t.cityShowList,
  noResultsText: t.cityNoResults,
  resultsText: t.cityResults,
};

/** Bind it with react-hook-form's Controller, like the bank. */
export function CityCombobox(props: CityComboboxProps) {
  return <ListCombobox {...props} texts={texts} options={optionsOfCities()} />;
}
