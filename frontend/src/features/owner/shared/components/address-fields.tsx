import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import { heDocuments } from '@/i18n/he-documents';

// The business's address (issue 17), shared by registration and settings: street and number, and the city from the
// CBS list of localities in an accessible combobox (city-combobox.tsx, the same one as the bank).

const t = heDocuments.address;

export function AddressFields({
  street,
  streetError,
  cityField,
}: {
  street: UseFormRegisterReturn;
  streetError?: string | undefined;
  /** The form's <Controller name="city"> rendering a <CityCombobox> (city-combobox.tsx). */
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
