import { formatShekels, parsePriceToAgorot } from '@tafrit/contracts/money';
import { productTagLabelsHe } from '@tafrit/contracts/menu-types';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useId } from 'react';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { useProductAvailability, type Product } from '../shared/api/menu';
import { errorDescription } from '../shared/errors';
import type { SortableRow } from './reorderable-list';
import { smallButtonClass } from './styles';

const t = heOwner.menuManagement;

/** '42.5' -> '₪42.50'; a price the client cannot read is shown as the server wrote it. */
export function priceText(price: string): string {
  const agorot = parsePriceToAgorot(price);
  return agorot === null ? price : formatShekels(agorot);
}

export function ProductRow({
  product,
  categoryName,
  groupNames = [],
  onEdit,
  onDelete,
  onOptions,
  onDuplicate,
  duplicating = false,
  row = null,
}: {
  product: Product;
  /** Shown when the list holds every category's products. */
  categoryName?: string | undefined;
  /** The names of the option groups it shows, in their order. */
  groupNames?: string[];
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the choice of its option groups. */
  onOptions?: () => void;
  /** Makes a copy right after it. */
  onDuplicate?: () => void;
  duplicating?: boolean;
  /** Drag and keyboard reordering within its category, once the drag code has loaded. */
  row?: SortableRow | null;
}) {
  const availability = useProductAvailability();
  const nameId = useId();
  return (
    <li
      ref={row?.ref}
      style={row?.style}
      // Focusable by script only: a new copy takes the focus, so a keyboard or screen-reader user lands on it.
      tabIndex={-1}
      aria-labelledby={nameId}
      data-product-id={product.id}
      className={`flex flex-col gap-3 rounded-lg border border-line bg-surface p-3 focus:outline-2 focus:outline-offset-2 focus:outline-brand-700 sm:flex-row sm:items-start ${
        row?.dragging ? 'shadow-lg' : ''
      }`}
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
        {groupNames.length > 0 ? (
          <p className="mt-2 text-sm text-muted" data-testid="product-option-groups">
            {t.products.optionsOf(groupNames.join(', '))}
          </p>
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
          <span className="ms-auto flex flex-wrap gap-2">
            {row?.handle}
            {onOptions ? (
              <button type="button" className={smallButtonClass} onClick={onOptions}>
                {t.products.optionsShort} <span className="sr-only">{product.name}</span>
              </button>
            ) : null}
            <button type="button" className={smallButtonClass} onClick={onEdit}>
              {t.products.editShort} <span className="sr-only">{product.name}</span>
            </button>
            {onDuplicate ? (
              <button
                type="button"
                className={smallButtonClass}
                onClick={onDuplicate}
                // Not disabled: the focus stays on it while the copy is made (a second press is ignored).
                aria-disabled={duplicating || undefined}
                data-testid="duplicate-product"
              >
                {duplicating ? t.products.duplicating : t.products.duplicateShort}{' '}
                <span className="sr-only">{product.name}</span>
              </button>
            ) : null}
            <button type="button" className={smallButtonClass} onClick={onDelete}>
              {t.products.removeShort} <span className="sr-only">{product.name}</span>
            </button>
          </span>
        </div>
      </div>
    </li>
  );
}
