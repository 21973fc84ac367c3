import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useEffect, useId, useRef, useState } from 'react';
import { cardClass, cardTitleClass } from '@/components/ui/form-styles';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import {
  useDeleteProduct,
  useDuplicateProduct,
  useReorderProducts,
  type Category,
  type Product,
} from '../shared/api/menu';
import { useOptionGroups } from '../shared/api/option-groups';
import { errorDescription } from '../shared/errors';
import { ConfirmDialog } from './confirm-dialog';
import { ProductOptionGroupsDialog } from './product-option-groups-dialog';
import { ProductRow } from './product-row';
import { ReorderableList } from './reorderable-list';

const t = heOwner.menuManagement;

export function ProductPanel({
  categories,
  products,
  selected,
  onAdd,
  onEdit,
}: {
  categories: Category[];
  products: Product[];
  selected: Category | null;
  onAdd: () => void;
  onEdit: (product: Product) => void;
}) {
  const titleId = useId();
  const tooltipId = useId();
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [optionsFor, setOptionsFor] = useState<number | null>(null);
  const remove = useDeleteProduct();
  const duplicate = useDuplicateProduct();
  const reorder = useReorderProducts();
  const groupNames = new Map((useOptionGroups().data ?? []).map((group) => [group.id, group.name]));
  const noCategories = categories.length === 0;
  // Each category's products in the server's order (the owner's), the categories in theirs; one list per category,
  // so a product is dragged within its own category only.
  const sections = (selected ? [selected] : categories)
    .map((category) => ({ category, items: products.filter((product) => product.categoryId === category.id) }))
    .filter((section) => section.items.length > 0);
  const shownCount = sections.reduce((count, section) => count + section.items.length, 0);

  // A new copy takes the focus once the refetched list shows it.
  const panelRef = useRef<HTMLElement>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    const row = panelRef.current?.querySelector<HTMLElement>(`[data-product-id="${focusId}"]`);
    if (!row) return;
    row.focus();
    row.scrollIntoView?.({ block: 'nearest' });
    setFocusId(null);
  }, [focusId, products]);

  function duplicateOf(product: Product) {
    if (duplicate.isPending) return;
    duplicate.mutate(product.id, {
      onSuccess: (copy) => {
        toast({ title: t.products.duplicated(copy.name) });
        setFocusId(copy.id);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: t.products.duplicateError, description: errorDescription(error) }),
    });
  }

  function saveOrder(categoryId: number, next: Product[]) {
    reorder.mutate(
      { categoryId, ids: next.map((product) => product.id) },
      {
        onError: (error) =>
          toast({ variant: 'destructive', title: t.products.reorderError, description: errorDescription(error) }),
      },
    );
  }

  return (
    <section ref={panelRef} aria-labelledby={titleId} className={cardClass} data-testid="product-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className={cardTitleClass}>
          {selected ? t.products.categoryTitle(selected.name) : t.products.allTitle}
        </h2>
        {/* aria-disabled, not disabled: the button stays focusable so the reason can be read and seen. */}
        <span className="group relative inline-flex">
          <button
            type="button"
            className={`${primaryButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
            aria-disabled={noCategories || undefined}
            aria-describedby={noCategories ? tooltipId : undefined}
            title={noCategories ? t.products.addFirstCategory : undefined}
            onClick={() => {
              if (!noCategories) onAdd();
            }}
            data-testid="add-product"
          >
            {t.products.add}
          </button>
          {noCategories ? (
            <span
              id={tooltipId}
              role="tooltip"
              className="pointer-events-none absolute end-0 top-full z-10 mt-2 hidden w-max max-w-56 rounded-md bg-ink px-3 py-2 text-sm text-white shadow-lg group-focus-within:block group-hover:block"
            >
              {t.products.addFirstCategory}
            </span>
          ) : null}
        </span>
      </div>
      {shownCount === 0 ? (
        <p className="mt-4 text-muted" data-testid="products-empty">
          {noCategories ? t.categories.empty : selected ? t.products.emptyInCategory : t.products.empty}
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          {sections.map(({ category, items }) => (
            <ReorderableList
              key={category.id}
              items={items}
              idOf={(product) => product.id}
              nameOf={(product) => product.name}
              className="flex flex-col gap-4"
              label={selected ? undefined : t.products.listOf(category.name)}
              onReorder={(next) => saveOrder(category.id, next)}
              renderItem={(product, _index, row) => (
                <ProductRow
                  product={product}
                  categoryName={selected ? undefined : category.name}
                  groupNames={product.optionGroupIds.flatMap((id) => groupNames.get(id) ?? [])}
                  onEdit={() => onEdit(product)}
                  onDelete={() => setDeleting(product)}
                  onOptions={() => setOptionsFor(product.id)}
                  onDuplicate={() => duplicateOf(product)}
                  duplicating={duplicate.isPending && duplicate.variables === product.id}
                  row={row}
                />
              )}
            />
          ))}
        </div>
      )}
      <ProductOptionGroupsDialog productId={optionsFor} onClose={() => setOptionsFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t.products.deleteTitle}
        description={t.products.deleteQuestion(deleting?.name ?? '')}
        confirmLabel={t.products.confirmDelete}
        pendingLabel={t.products.deleting}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: t.products.deleted });
              setDeleting(null);
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: uiMessagesHe.productDeleteError,
                description: errorDescription(error),
              }),
          });
        }}
      />
    </section>
  );
}
