import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cardClass, hintClass } from '@/components/ui/form-styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { moveCategory, useReorderCategories, type Category, type Product } from '../shared/api/menu';
import { errorDescription } from '../shared/errors';
import { CategoryDialog } from './category-dialog';
import { DeleteCategoryDialog } from './delete-category-dialog';
import { ReorderableList } from './reorderable-list';
import { smallButtonClass } from './styles';
import { MoveButtons } from './move-buttons';
import { PanelHeader } from './panel-header';

const t = heOwner.menuManagement;

export function CategoryPanel({
  categories,
  products,
  selectedId,
  onSelect,
}: {
  categories: Category[];
  products: Product[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const titleId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const reorder = useReorderCategories();
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; category: Category | null }>({
    open: false,
    category: null,
  });
  const [deleting, setDeleting] = useState<Category | null>(null);
  // The row moves in the page when the new order shows, and a moved element loses the focus: put it back on the
  // button that moved it, or on its twin when it reached the end of the list.
  const refocus = useRef<{ id: number; direction: -1 | 1 } | null>(null);
  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    const row = listRef.current?.querySelector(`[data-category-id="${wanted.id}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    if (!button) return;
    if (document.activeElement !== button) button.focus();
    refocus.current = null;
  }, [categories]);

  function countOf(categoryId: number) {
    return products.filter((product) => product.categoryId === categoryId).length;
  }

  /** One request with the whole new order; a refusal puts the old order back (useReorderCategories) and says so. */
  function save(next: Category[]) {
    reorder.mutate(
      next.map((category, order) => ({ ...category, order })),
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: uiMessagesHe.categoryUpdateError,
            description: errorDescription(error),
          }),
      },
    );
  }

  function move(index: number, direction: -1 | 1) {
    const category = categories[index];
    if (!category) return;
    const position = index + direction;
    save(moveCategory(categories, index, direction));
    setAnnouncement(t.categories.moved(category.name, position + 1, categories.length));
    refocus.current = { id: category.id, direction };
  }

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="category-panel">
      <PanelHeader
        titleId={titleId}
        title={t.categories.title}
        addLabel={t.categories.add}
        onAdd={() => setEditing({ open: true, category: null })}
      />
      {categories.length === 0 ? (
        <p className="mt-4 text-muted" data-testid="categories-empty">
          {t.categories.empty}
        </p>
      ) : (
        <>
          <p className={`${hintClass} mt-3`}>{t.categories.hint}</p>
          <div ref={listRef}>
            <ReorderableList
              items={categories}
              idOf={(category) => category.id}
              nameOf={(category) => category.name}
              className="mt-4 flex flex-col gap-3"
              // Dropped by drag or keyboard: dnd-kit announced the new place already.
              onReorder={save}
              renderItem={(category, index, row) => {
                const pressed = category.id === selectedId;
                return (
                  <li
                    ref={row?.ref}
                    style={row?.style}
                    data-category-id={category.id}
                    className={`rounded-lg border p-2 ${pressed ? 'border-brand-700 bg-brand-50' : 'border-line'} ${
                      row?.dragging ? 'bg-surface shadow-lg' : ''
                    }`}
                  >
                    <button
                      type="button"
                      aria-pressed={pressed}
                      onClick={() => onSelect(category.id)}
                      className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md px-2 text-start font-medium text-ink hover:bg-canvas"
                    >
                      <span>{category.name}</span>{' '}
                      <span className="text-sm font-normal text-muted">
                        {t.categories.productCount(countOf(category.id))}
                      </span>
                    </button>
                    <div className="mt-2 flex flex-wrap gap-2">
                      {row?.handle}
                      <MoveButtons
                        first={index === 0}
                        last={index === categories.length - 1}
                        upLabel={t.categories.moveUp(category.name)}
                        downLabel={t.categories.moveDown(category.name)}
                        onMove={(direction) => move(index, direction)}
                      />
                      <button
                        type="button"
                        className={smallButtonClass}
                        onClick={() => setEditing({ open: true, category })}
                      >
                        {t.categories.renameShort} <span className="sr-only">{category.name}</span>
                      </button>
                      <button type="button" className={smallButtonClass} onClick={() => setDeleting(category)}>
                        {t.categories.removeShort} <span className="sr-only">{category.name}</span>
                      </button>
                    </div>
                  </li>
                );
              }}
            />
          </div>
        </>
      )}
      <p role="status" className="sr-only" data-testid="category-announcement">
        {announcement}
      </p>
      <CategoryDialog
        open={editing.open}
        category={editing.category}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
      />
      <DeleteCategoryDialog
        category={deleting}
        productCount={deleting ? countOf(deleting.id) : 0}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
