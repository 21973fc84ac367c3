import { memo } from 'react';
import { addOne, itemCount, removeOne, type CartLine } from './cart';
import type { PublicProduct } from './menu-types';
import { formatShekels, priceToAgorot } from './money';
import { useMenuTextLanguage, useMenuTextMarks, useText } from './language';
import { CardPhoto, type PhotoLoading } from './product-photo';
import { ProductTags } from './tag-icon';
import { ORDERING_CLOSED_ID } from './ordering-banner';
import { iconButtonClass, useDiner } from './ui';

/** Opens the sheet of a product with option groups, focus going back to `opener` when it closes. */
export type OpenSheet = (product: PublicProduct, opener: HTMLElement) => void;

/** The words of an add button: "+ add", named with the product for a screen reader. */
function AddLabel({ name }: { name: string }) {
  const t = useText();
  return (
    <>
      <span aria-hidden="true">+</span>
      {t.menu.add} <span className="sr-only">{t.menu.addName(name)}</span>
    </>
  );
}

/** One product of the menu: its photo, names, tags and price, and its add or quantity buttons (or its sheet's). */
export const ProductCard = memo(function ProductCard({
  product,
  eager,
  photoLoading,
  quantity,
  update,
  openSheet,
  closed,
}: {
  product: PublicProduct;
  eager: boolean;
  photoLoading: PhotoLoading;
  quantity: number;
  update(change: (lines: readonly CartLine[]) => CartLine[]): CartLine[];
  openSheet: OpenSheet;
  closed: boolean;
}) {
  const t = useText();
  // While ordering is closed the add buttons stay in place, disabled, and name the banner as their reason.
  const closedProps = closed ? { disabled: true, 'aria-describedby': ORDERING_CLOSED_ID } : {};
  const mark = useMenuTextMarks();
  const languageOf = useMenuTextLanguage();
  const { announce } = useDiner();
  const hasOptions = product.optionGroups.length > 0;
  const add = () => {
    const next = update((lines) => addOne(lines, product, languageOf(product)));
    announce(t.announce.added(product.name, itemCount(next)));
  };
  const minus = () => {
    const next = update((lines) => removeOne(lines, product.id));
    announce(t.announce.removed(product.name, itemCount(next)));
  };
  const price = priceToAgorot(product.price);
  return (
    // Off screen a card is neither laid out nor painted (content-visibility): a menu of 150 products costs the phone
    // the few cards it shows, at the first paint and again when the font arrives. The first screen's cards are not
    // skipped (EAGER_CARDS).
    <li
      className={`flex gap-3 rounded-xl border border-line bg-surface p-3 ${hasOptions ? 'relative' : ''} ${eager ? '' : '[contain-intrinsic-size:auto_9rem] [content-visibility:auto]'}`}
      data-testid="product"
    >
      {product.image ? <CardPhoto image={product.image} loading={photoLoading} /> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 {...mark(product)} className="text-lg font-bold text-ink">
          {product.name}
        </h3>
        {product.description ? (
          <p {...mark(product, 'description')} className="text-muted">
            {product.description}
          </p>
        ) : null}
        <ProductTags tags={product.tags} label={t.menu.tags} className="mt-1 flex flex-wrap gap-1" />
        {/* Beside a photo a narrow phone has room for the price or the controls, not always both: the row wraps, and so
            does "in the cart: 1" above its button, so no card is wider than the screen's column (decision 013). */}
        <div className="mt-auto flex min-h-14 flex-wrap items-center justify-between gap-2 pt-2">
          <span dir="ltr" className="text-lg font-bold text-ink">
            {price === null ? '' : formatShekels(price)}
          </span>
          {product.soldOut ? (
            // Sold out for today: still on the menu so the diner sees it ran out, with nothing to tap.
            <span
              className="rounded-full border border-line bg-canvas px-3 py-1 font-medium text-ink"
              data-testid="sold-out"
            >
              {t.menu.soldOut}
            </span>
          ) : hasOptions ? (
            // A product with options goes through its sheet, every time: each choice is a line of its own. The button's
            // ::after covers the card, so a tap anywhere on it opens the sheet, with one tab stop and one name.
            <span className="flex flex-wrap items-center justify-end gap-x-2">
              {quantity > 0 ? (
                <span className="text-muted" data-testid="quantity">
                  {t.menu.inCart} {quantity}
                </span>
              ) : null}
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={(event) => openSheet(product, event.currentTarget)}
                {...closedProps}
                className={`${iconButtonClass} w-auto gap-1 px-4 text-base after:absolute after:inset-0 after:rounded-xl`}
                data-testid="open-sheet"
              >
                <AddLabel name={product.name} />
              </button>
            </span>
          ) : quantity === 0 ? (
            <button
              type="button"
              onClick={add}
              {...closedProps}
              className={`${iconButtonClass} w-auto gap-1 px-4 text-base`}
            >
              <AddLabel name={product.name} />
            </button>
          ) : (
            <div role="group" aria-label={t.menu.quantityOf(product.name)} className="flex items-center gap-2">
              <button
                type="button"
                onClick={minus}
                aria-label={quantity === 1 ? t.menu.removeLast(product.name) : t.menu.minus(product.name)}
                className={iconButtonClass}
              >
                <span aria-hidden="true">−</span>
              </button>
              <span className="min-w-6 text-center text-lg font-bold" data-testid="quantity">
                <span className="sr-only">{t.menu.inCart} </span>
                {quantity}
              </span>
              <button
                type="button"
                onClick={add}
                {...closedProps}
                aria-label={t.menu.plus(product.name)}
                className={iconButtonClass}
              >
                <span aria-hidden="true">+</span>
              </button>
            </div>
          )}
        </div>
      </div>
    </li>
  );
});
