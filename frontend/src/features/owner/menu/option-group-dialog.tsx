import { zodResolver } from '@hookform/resolvers/zod';
import {
  optionGroupInputSchema,
  type OptionGroupInput,
  type OptionGroupInputRequest,
} from '@tafrit/contracts/http/menu.schemas';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { useCreateOptionGroup, useEditOptionGroup, type OptionGroup } from '../shared/api/option-groups';
import { errorDescription, fieldErrorsOf } from '../shared/errors';
import { useTranslationsSection } from './translations-section';
import { FormDialog } from './form-dialog';

const t = heOwner.menuManagement.optionGroups;

type GroupFormValues = OptionGroupInputRequest;

/** Add and edit a group in one dialog: the title and the call follow `group`. Mounted only while open. */
export function OptionGroupDialog(props: {
  open: boolean;
  group: OptionGroup | null;
  onOpenChange: (open: boolean) => void;
}) {
  return props.open ? <OpenOptionGroupDialog {...props} /> : null;
}

function OpenOptionGroupDialog({
  group,
  onOpenChange,
}: {
  group: OptionGroup | null;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const create = useCreateOptionGroup();
  const edit = useEditOptionGroup();
  const form = useForm<GroupFormValues, unknown, OptionGroupInput>({
    resolver: zodResolver(optionGroupInputSchema),
    defaultValues: {
      name: group?.name ?? '',
      minChoices: String(group?.minChoices ?? 0),
      maxChoices: String(group?.maxChoices ?? 1),
      without: group?.without ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const translations = useTranslationsSection('optionGroup', group?.id ?? null);
  const editing = group !== null;
  // "Required" is another way of saying "at least one": the box and the minimum move together.
  const required = Number(useWatch({ control: form.control, name: 'minChoices' })) >= 1;

  async function onSubmit(input: OptionGroupInput) {
    const checked = translations.check();
    if (!checked) return;
    try {
      if (group) await edit.mutateAsync({ id: group.id, input });
      else await create.mutateAsync({ ...input, options: [] });
      if (!(await translations.save(checked))) return;
      toast({ title: editing ? t.updated : t.added });
      onOpenChange(false);
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        if (field in input) form.setError(field as keyof GroupFormValues, { message });
      }
      toast({ variant: 'destructive', title: t.saveError, description: errorDescription(error) });
    }
  }

  return (
    <FormDialog
      formId={formId}
      pending={isSubmitting}
      onOpenChange={onOpenChange}
      title={editing ? t.editTitle : t.addTitle}
      saveLabel={t.save}
      savingLabel={t.saving}
      saveTestId="option-group-save"
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-5">
        <TextField
          label={t.name}
          hint={t.nameHint}
          error={errors.name?.message}
          autoComplete="off"
          {...form.register('name')}
        />
        <CheckboxField
          label={t.required}
          hint={t.requiredHint}
          checked={required}
          onChange={(event) =>
            form.setValue(
              'minChoices',
              event.target.checked ? String(Math.max(1, Number(form.getValues('minChoices')) || 0)) : '0',
              {
                shouldDirty: true,
              },
            )
          }
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t.minChoices}
            error={errors.minChoices?.message}
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            ltr
            {...form.register('minChoices')}
          />
          <TextField
            label={t.maxChoices}
            hint={t.maxHint}
            error={errors.maxChoices?.message}
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            ltr
            {...form.register('maxChoices')}
          />
        </div>
        <CheckboxField
          label={t.without}
          hint={t.withoutHint}
          error={errors.without?.message}
          {...form.register('without')}
        />
        {translations.element}
      </form>
    </FormDialog>
  );
}
