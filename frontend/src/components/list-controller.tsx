import type { ComponentType } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { ListComboboxProps } from '@/components/list-combobox';

// Apart from the combobox itself: the registration page binds its fields with this at once and loads the comboboxes
// (and their library) after the rest of the page (issue 15).

/** A list field of a form: `Field` (the bank's or the city's combobox) bound to `name` with its error. */
export function ListController<T extends FieldValues>({
  control,
  name,
  Field,
}: {
  control: Control<T>;
  name: Path<T>;
  Field: ComponentType<ListComboboxProps>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field {...field} value={field.value as string | undefined} error={fieldState.error?.message} />
      )}
    />
  );
}
