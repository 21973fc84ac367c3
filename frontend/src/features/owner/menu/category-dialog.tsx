import { zodResolver } from '@hookform/resolvers/zod';
import { categoryInputSchema } from '@tafrit/contracts/http/menu.schemas';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { useCreateCategory, useRenameCategory, type Category } from '../shared/api/menu';
import { errorDescription } from '../shared/errors';
import { useTranslationsSection } from './translations-section';

const t = heOwner.menuManagement;

type CategoryFormValues = z.input<typeof categoryInputSchema>;

/** Add and rename in one dialog: the title and the call follow `category`. Mounted only while open. */
export function CategoryDialog(props: {
  open: boolean;
  category: Category | null;
  onOpenChange: (open: boolean) => void;
}) {
  return props.open ? <OpenCategoryDialog {...props} /> : null;
}

function OpenCategoryDialog({
  category,
  onOpenChange,
}: {
  category: Category | null;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const create = useCreateCategory();
  const rename = useRenameCategory();
  const form = useForm<CategoryFormValues>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: category?.name ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const translations = useTranslationsSection('category', category?.id ?? null);
  const editing = category !== null;

  async function onSubmit({ name }: CategoryFormValues) {
    const checked = translations.check();
    if (!checked) return;
    try {
      if (category) await rename.mutateAsync({ id: category.id, name: name.trim() });
      else await create.mutateAsync(name.trim());
      if (!(await translations.save(checked))) return;
      toast({ title: editing ? t.categories.updated : t.categories.added });
      onOpenChange(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: editing ? uiMessagesHe.categoryUpdateError : uiMessagesHe.categoryAddError,
        description: errorDescription(error),
      });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={editing ? t.categories.editTitle : t.categories.addTitle}
      closeLabel={t.cancel}
      footer={
        <PendingButton pending={isSubmitting} pendingLabel={t.categories.saving} form={formId}>
          {t.categories.save}
        </PendingButton>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <TextField
          label={t.categories.name}
          error={errors.name?.message}
          autoComplete="off"
          {...form.register('name')}
        />
        {translations.element}
      </form>
    </Dialog>
  );
}
