import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { useDeleteCategory, type Category } from '../shared/api/menu';
import { errorDescription } from '../shared/errors';
import { ConfirmDialog } from './confirm-dialog';

const t = heOwner.menuManagement;

/** The confirmation before a category goes, saying how many products go with it. */
export function DeleteCategoryDialog({
  category,
  productCount,
  onClose,
}: {
  category: Category | null;
  productCount: number;
  onClose: () => void;
}) {
  const remove = useDeleteCategory();

  return (
    <ConfirmDialog
      open={category !== null}
      onClose={onClose}
      title={t.categories.deleteTitle}
      description={
        <>
          {t.categories.deleteQuestion(category?.name ?? '')} {t.categories.deleteProducts(productCount)}
        </>
      }
      confirmLabel={t.categories.confirmDelete}
      pendingLabel={t.categories.deleting}
      pending={remove.isPending}
      onConfirm={() => {
        if (!category) return;
        remove.mutate(category.id, {
          onSuccess: () => {
            toast({ title: t.categories.deleted });
            onClose();
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: uiMessagesHe.categoryDeleteError,
              description: errorDescription(error),
            }),
        });
      }}
    />
  );
}
