import { zodResolver } from '@hookform/resolvers/zod';
import { optionInputSchema, type OptionInput, type OptionInputRequest } from '@tafrit/contracts/http/menu.schemas';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { useSaveOption, type Option, type OptionGroup } from '../shared/api/option-groups';
import { errorDescription, fieldErrorsOf } from '../shared/errors';
import { useTranslationsSection } from './translations-section';
import { FormDialog } from './form-dialog';

const t = heOwner.menuManagement.optionGroups;

/** Add an option to `group`, or edit `option` of it. Mounted only while open. */
export function OptionDialog(props: {
  open: boolean;
  group: OptionGroup | null;
  option: Option | null;
  onOpenChange: (open: boolean) => void;
}) {
  return props.open && props.group ? <OpenOptionDialog {...props} group={props.group} /> : null;
}

function OpenOptionDialog({
  group,
  option,
  onOpenChange,
}: {
  group: OptionGroup;
  option: Option | null;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const save = useSaveOption();
  const form = useForm<OptionInputRequest, unknown, OptionInput>({
    resolver: zodResolver(optionInputSchema),
    defaultValues: {
      name: option?.name ?? '',
      price: option?.price ?? '0',
      isDefault: option?.isDefault ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const translations = useTranslationsSection('option', option?.id ?? null);
  const editing = option !== null;

  async function onSubmit(input: OptionInput) {
    const checked = translations.check();
    if (!checked) return;
    try {
      await save.mutateAsync({ groupId: group.id, ...(option ? { optionId: option.id } : {}), input });
      if (!(await translations.save(checked))) return;
      toast({ title: editing ? t.optionUpdated : t.optionAdded });
      onOpenChange(false);
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        if (field === 'name' || field === 'price' || field === 'isDefault') form.setError(field, { message });
      }
      toast({ variant: 'destructive', title: t.optionSaveError, description: errorDescription(error) });
    }
  }

  return (
    <FormDialog
      formId={formId}
      pending={isSubmitting}
      onOpenChange={onOpenChange}
      title={editing ? t.editOptionTitle : t.addOptionTitle}
      description={group.name}
      saveLabel={t.save}
      savingLabel={t.saving}
      saveTestId="option-save"
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-5">
        <TextField label={t.optionName} error={errors.name?.message} autoComplete="off" {...form.register('name')} />
        <TextField
          label={t.optionPrice}
          hint={group.without ? t.withoutHint : t.optionPriceHint}
          error={errors.price?.message}
          // Text, not a number field: a Hebrew-locale browser reads '12,5' in a number field as 125; the contract's parser
          // takes the comma as the decimal point and refuses '1,250'.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          ltr
          {...form.register('price')}
        />
        <CheckboxField
          label={t.isDefault}
          hint={t.isDefaultHint}
          error={errors.isDefault?.message}
          {...form.register('isDefault')}
        />
        {translations.element}
      </form>
    </FormDialog>
  );
}
