import { zodResolver } from '@hookform/resolvers/zod';
import { formatShekels, parsePriceToAgorot } from '@tafrit/contracts/money';
import { categoryInputSchema } from '@tafrit/contracts/http/menu.schemas';
import { productTagLabelsHe } from '@tafrit/contracts/menu-types';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageMain } from '@/components/page-shell';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass, secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  moveCategory,
  useCategories,
  useCreateCategory,
  useDeleteCategory,
  useDeleteProduct,
  useProductAvailability,
  useProducts,
  useRenameCategory,
  useReorderCategories,
  type Category,
  type Product,
} from './api/menu';
import { useOwnerBusiness } from './api/profile';
import { ProductDialog } from './components/product-dialog';
import { errorDescription } from './errors';

const t = heOwner.menuManagement;

const smallButtonClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-line bg-surface px-3 ' +
  'text-sm font-medium text-ink hover:bg-canvas disabled:cursor-not-allowed disabled:opacity-50';

/** '42.5' -> '₪42.50'; a price the client cannot read is shown as the server wrote it. */
export function priceText(price: string): string {
  const agorot = parsePriceToAgorot(price);
  return agorot === null ? price : formatShekels(agorot);
}

export function MenuManagementPage() {
  useDocumentTitle(pageTitle(t.title));
  const categories = useCategories();
  const products = useProducts();
  const business = useOwnerBusiness();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [productDialog, setProductDialog] = useState<{ open: boolean; product: Product | null }>({
    open: false,
    product: null,
  });

  const categoryList = categories.data ?? [];
  const productList = products.data ?? [];
  // A selection whose category is gone (deleted here or elsewhere) is no selection.
  const selected = categoryList.find((category) => category.id === selectedId) ?? null;
  const departmentId = business.data?.departmentId;

  return (
    <PageMain>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
          <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
        </div>
        {departmentId ? (
          <a
            href={`/menu/${encodeURIComponent(departmentId)}`}
            target="_blank"
            rel="noopener"
            className={`${textLinkClass} inline-flex min-h-11 items-center`}
            data-testid="public-menu-link"
          >
            {t.openPublicMenu} <span className="sr-only">{t.newTab}</span>
          </a>
        ) : null}
      </div>
      {categories.isPending || products.isPending ? (
        <p role="status" className="mt-8 text-muted">
          {t.loading}
        </p>
      ) : categories.isError || products.isError ? (
        <div className={`${cardClass} mt-8`}>
          <p className={errorTextClass}>{t.loadError}</p>
          <p className="mt-1 text-muted">{errorDescription(categories.error ?? products.error)}</p>
          <button
            type="button"
            className={`${secondaryButtonClass} mt-4`}
            onClick={() => {
              void categories.refetch();
              void products.refetch();
            }}
          >
            {t.retry}
          </button>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[23rem_1fr]">
          <CategoryPanel
            categories={categoryList}
            products={productList}
            selectedId={selected?.id ?? null}
            onSelect={(id) => setSelectedId((current) => (current === id ? null : id))}
          />
          <ProductPanel
            categories={categoryList}
            products={productList}
            selected={selected}
            onAdd={() => setProductDialog({ open: true, product: null })}
            onEdit={(product) => setProductDialog({ open: true, product })}
          />
        </div>
      )}
      <ProductDialog
        open={productDialog.open}
        onOpenChange={(open) => setProductDialog((current) => ({ ...current, open }))}
        product={productDialog.product}
        categories={categoryList}
        defaultCategoryId={selected?.id ?? categoryList[0]?.id ?? null}
      />
    </PageMain>
  );
}

// Categories.

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
  const listRef = useRef<HTMLUListElement>(null);
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

  function move(index: number, direction: -1 | 1) {
    const category = categories[index];
    if (!category) return;
    const next = moveCategory(categories, index, direction);
    const position = index + direction;
    reorder.mutate(next, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: uiMessagesHe.categoryUpdateError,
          description: errorDescription(error),
        }),
    });
    setAnnouncement(t.categories.moved(category.name, position + 1, categories.length));
    refocus.current = { id: category.id, direction };
  }

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="category-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className={cardTitleClass}>
          {t.categories.title}
        </h2>
        <button type="button" className={primaryButtonClass} onClick={() => setEditing({ open: true, category: null })}>
          {t.categories.add}
        </button>
      </div>
      {categories.length === 0 ? (
        <p className="mt-4 text-muted" data-testid="categories-empty">
          {t.categories.empty}
        </p>
      ) : (
        <>
          <p className={`${hintClass} mt-3`}>{t.categories.hint}</p>
          <ul ref={listRef} className="mt-4 flex flex-col gap-3">
            {categories.map((category, index) => {
              const pressed = category.id === selectedId;
              return (
                <li
                  key={category.id}
                  data-category-id={category.id}
                  className={`rounded-lg border p-2 ${pressed ? 'border-brand-700 bg-brand-50' : 'border-line'}`}
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
                    <button
                      type="button"
                      data-move="-1"
                      className={smallButtonClass}
                      disabled={index === 0}
                      aria-label={t.categories.moveUp(category.name)}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowIcon up />
                    </button>
                    <button
                      type="button"
                      data-move="1"
                      className={smallButtonClass}
                      disabled={index === categories.length - 1}
                      aria-label={t.categories.moveDown(category.name)}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowIcon />
                    </button>
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
            })}
          </ul>
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

function ArrowIcon({ up = false }: { up?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={up ? 'M10 16V4m0 0L5 9m5-5l5 5' : 'M10 4v12m0 0l-5-5m5 5l5-5'} />
    </svg>
  );
}

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
  const editing = category !== null;

  async function onSubmit({ name }: CategoryFormValues) {
    try {
      if (category) await rename.mutateAsync({ id: category.id, name: name.trim() });
      else await create.mutateAsync(name.trim());
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
      </form>
    </Dialog>
  );
}

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

function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title={title}
      description={description}
      closeLabel={t.cancel}
      footer={
        <PendingButton
          type="button"
          pending={pending}
          pendingLabel={pendingLabel}
          onClick={onConfirm}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-danger px-5 py-2 font-medium text-white hover:opacity-90"
        >
          {confirmLabel}
        </PendingButton>
      }
    >
      {null}
    </Dialog>
  );
}

// Products.

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
  const remove = useDeleteProduct();
  const noCategories = categories.length === 0;
  const order = new Map(categories.map((category, index) => [category.id, index]));
  const shown = (selected ? products.filter((product) => product.categoryId === selected.id) : products)
    .slice()
    .sort((a, b) => (order.get(a.categoryId) ?? 0) - (order.get(b.categoryId) ?? 0) || a.id - b.id);

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="product-panel">
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
      {shown.length === 0 ? (
        <p className="mt-4 text-muted" data-testid="products-empty">
          {noCategories ? t.categories.empty : selected ? t.products.emptyInCategory : t.products.empty}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-4">
          {shown.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              categoryName={selected ? undefined : categories.find((c) => c.id === product.categoryId)?.name}
              onEdit={() => onEdit(product)}
              onDelete={() => setDeleting(product)}
            />
          ))}
        </ul>
      )}
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

function ProductRow({
  product,
  categoryName,
  onEdit,
  onDelete,
}: {
  product: Product;
  /** Shown when the list holds every category's products. */
  categoryName?: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const availability = useProductAvailability();
  const nameId = useId();
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-line p-3 sm:flex-row sm:items-start"
      data-testid="product-row"
    >
      {product.image ? (
        <img
          src={product.image.small}
          alt={t.products.imageAlt(product.name)}
          className="size-20 shrink-0 rounded-md border border-line bg-canvas object-cover"
          loading="lazy"
          data-testid="product-image"
        />
      ) : (
        <div
          aria-hidden="true"
          className="hidden size-20 shrink-0 rounded-md border border-dashed border-line sm:block"
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={nameId} className="text-lg font-bold text-ink">
            {product.name}
          </h3>
          <span dir="ltr" className="font-medium text-ink tabular-nums">
            {priceText(product.price)}
          </span>
        </div>
        {categoryName ? (
          <p className="text-sm text-muted" data-testid="product-category">
            {categoryName}
          </p>
        ) : null}
        {product.description ? <p className="mt-1 text-muted">{product.description}</p> : null}
        {product.tags.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {product.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-50 px-2 py-0.5 text-sm text-brand-900">
                {productTagLabelsHe[tag]}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            role="switch"
            aria-checked={product.isActive}
            aria-label={t.products.availability(product.name)}
            onClick={() =>
              availability.mutate(
                { id: product.id, isActive: !product.isActive },
                {
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: uiMessagesHe.productUpdateError,
                      description: errorDescription(error),
                    }),
                },
              )
            }
            className="inline-flex min-h-11 items-center gap-2 rounded-md px-1"
          >
            <span
              aria-hidden="true"
              className={`relative inline-block h-6 w-11 rounded-full border-2 motion-safe:transition-colors ${
                product.isActive ? 'border-brand-700 bg-brand-700' : 'border-muted bg-surface'
              }`}
            >
              <span
                className={`absolute top-0.5 size-4 rounded-full motion-safe:transition-all ${
                  product.isActive ? 'end-0.5 bg-white' : 'start-0.5 bg-muted'
                }`}
              />
            </span>
          </button>
          <span className={product.isActive ? 'font-medium text-brand-700' : 'font-medium text-danger'}>
            {product.isActive ? t.products.available : t.products.soldOut}
          </span>
          <span className="ms-auto flex gap-2">
            <button type="button" className={smallButtonClass} onClick={onEdit}>
              {t.products.editShort} <span className="sr-only">{product.name}</span>
            </button>
            <button type="button" className={smallButtonClass} onClick={onDelete}>
              {t.products.removeShort} <span className="sr-only">{product.name}</span>
            </button>
          </span>
        </div>
      </div>
    </li>
  );
}
