import { Suspense, lazy, memo, useCallback, useEffect, useMemo, useState } from 'react';
import { addLine, addOne, cartTotal, itemCount, quantityOf, removeOne, type CartLine } from './cart';
import type { PublicMenu, PublicProduct } from './menu-types';
import { formatShekels, priceToAgorot } from './money';
import { dinerHref } from './paths';
import { MenuLanguageContext, useMenuTextLanguage, useMenuTextMarks, useText } from './language';
import type { DinerLanguage } from '@tafrit/contracts/languages';
import { LanguageSwitcher } from './language-switcher';
import { CardPhoto, type PhotoLoading } from './product-photo';
import { ProductTags } from './tag-icon';
import { ORDERING_CLOSED_ID, OrderingBanner } from './ordering-banner';
import { CartIcon, DinerLink, PageMain, containerClass, iconButtonClass, useDiner, useDocumentTitle } from './ui';

// The product sheet (options, quantity) is fetched on the first tap of a product that has options: the menu's first
// paint carries none of it.
const ProductSheet = lazy(() => import('./product-sheet'));

/** Opens the sheet of a product with option groups, focus going back to `opener` when it closes. */
type OpenSheet = (product: PublicProduct, opener: HTMLElement) => void;

interface CartProps {
  lines: readonly CartLine[];
  update(change: (lines: readonly CartLine[]) => CartLine[]): CartLine[];
}

/** The top of the diner's screens: the business's logo and name, the table, and the cart with its count. */
export function DinerHeader({
  business,
  table,
  count,
  title,
}: {
  business: { businessName: string; logo: string | null; departmentId: string; languages?: DinerLanguage[] };
  table: string | undefined;
  count: number;
  /** The business name is the menu's h1; other screens have their own. */
  title: boolean;
}) {
  const t = useText();
  const Name = title ? 'h1' : 'p';
  return (
    <header className="border-b border-line bg-surface">
      {/* Two rows, down to the accessibility button's band (decision 038): the logo and the name above, with the whole
          width (never cut); the table, the language and the cart in the band, beside the button, clear of its room. */}
      <div className={`${containerClass} flex min-h-[var(--a11y-band-end)] flex-col justify-between gap-2 py-2`}>
        <div className="flex min-w-0 items-center gap-3">
          {business.logo ? (
            <img
              src={business.logo}
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-lg object-contain"
            />
          ) : null}
          <Name className="min-w-0 text-xl font-bold break-words text-ink">{business.businessName}</Name>
        </div>
        <div className="flex min-h-12 items-center gap-3 pe-[var(--a11y-room)]">
          <div className="min-w-0 flex-1">
            {table ? (
              <p className="text-sm text-muted" data-testid="table">
                {t.header.table} <bdi dir="ltr">{table}</bdi>
              </p>
            ) : null}
          </div>
          <LanguageSwitcher offered={business.languages} />
          <DinerLink
            href={dinerHref('cart', business.departmentId)}
            data-testid="header-cart"
            className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-full border border-brand-700 bg-surface text-brand-700 hover:bg-brand-50"
          >
            <CartIcon />
            {/* The name is "העגלה, 3 פריטים", its visible part (the badge) included: voice control users say what they see. */}
            <span className="sr-only">{count > 0 ? t.header.cartPrefix : t.header.cartEmpty}</span>
            {count > 0 ? (
              <span className="absolute -end-1 -top-1 min-w-6 rounded-full bg-brand-700 px-1.5 text-center text-sm font-bold leading-6 text-white">
                {count}
                <span className="sr-only">{t.header.items(count)}</span>
              </span>
            ) : null}
          </DinerLink>
        </div>
      </div>
    </header>
  );
}

export function sortedCategories(menu: PublicMenu) {
  const categories = [...menu.categories].sort((a, b) => a.order - b.order || a.id - b.id);
  return categories
    .map((category) => ({ category, products: menu.products.filter((p) => p.categoryId === category.id) }))
    .filter((group) => group.products.length > 0);
}

export function MenuPage({ menu, table, lines, update }: CartProps & { menu: PublicMenu; table: string | undefined }) {
  const t = useText();
  useDocumentTitle(t.pageTitle(menu.business.businessName));
  const groups = useMemo(() => sortedCategories(menu), [menu]);
  const count = itemCount(lines);
  const { announce } = useDiner();
  const [sheet, setSheet] = useState<{ product: PublicProduct; opener: HTMLElement } | null>(null);
  const openSheet = useCallback<OpenSheet>((product, opener) => setSheet({ product, opener }), []);
  const closeSheet = useCallback(() => setSheet(null), []);
  // Closed (hours, Shabbat, a pause): the menu is browsed as usual, nothing is added (decision 028).
  const closed = menu.ordering ? !menu.ordering.open : false;
  return (
    // The menu's own language: its names are marked by it (an untranslated one, in an item's `he`, as Hebrew).
    <MenuLanguageContext.Provider value={menu.language ?? 'he'}>
      <DinerHeader business={menu.business} table={table} count={count} title />
      {groups.length > 1 ? <CategoryBar groups={groups} /> : null}
      <PageMain className={count > 0 ? 'pb-28' : ''}>
        <OrderingBanner ordering={menu.ordering} />
        {groups.length === 0 ? <p className="text-lg text-muted">{t.menu.empty}</p> : null}
        {groups.map(({ category, products }, index) => (
          <CategorySection
            key={category.id}
            category={category}
            products={products}
            eager={Math.max(0, EAGER_CARDS - productsBefore(groups, index))}
            lines={lines}
            update={update}
            openSheet={openSheet}
            closed={closed}
          />
        ))}
        {sheet ? (
          <Suspense fallback={null}>
            <ProductSheet
              product={sheet.product}
              opener={sheet.opener}
              onClose={closeSheet}
              onSubmit={(line) => {
                const next = update((now) => addLine(now, line));
                announce(t.announce.added(line.name, itemCount(next)));
              }}
            />
          </Suspense>
        ) : null}
        {count > 0 ? (
          <div className="fixed inset-x-0 bottom-0 z-30 p-3">
            <DinerLink
              href={dinerHref('cart', menu.business.departmentId)}
              data-testid="floating-cart"
              className="mx-auto flex min-h-14 max-w-md items-center justify-between gap-3 rounded-full bg-brand-700 px-5 font-bold text-white shadow-lg hover:bg-brand-800"
            >
              <span className="inline-flex items-center gap-2">
                <CartIcon />
                {t.menu.floatingCart}
                <span className="rounded-full bg-white px-2 text-brand-800">
                  <span className="sr-only">{t.header.cart(count)}</span>
                  <span aria-hidden="true">{count}</span>
                </span>
              </span>
              <span dir="ltr">{formatShekels(cartTotal(lines))}</span>
            </DinerLink>
          </div>
        ) : null}
      </PageMain>
    </MenuLanguageContext.Provider>
  );
}

type Group = ReturnType<typeof sortedCategories>[number];

/**
 * The menu's first cards are always laid out: they fill the first screen of any phone. Skipping them (see
 * ProductCard) would let the first layout place them at the estimated height, and the real one, a frame later, would
 * move everything under them while the diner already sees it (a layout shift).
 */
const EAGER_CARDS = 8;

/**
 * The photos a phone's first screen shows (the header, the categories and about four cards) are fetched with the page;
 * the others only when the diner scrolls near them, so a 150-product menu costs four thumbnails at first.
 */
const EAGER_PHOTOS = 4;

/** `index` in its category, `eager` that category's share of the first screen's cards (see CategorySection). */
const photoLoadingOf = (index: number, eager: number): PhotoLoading =>
  index < eager - (EAGER_CARDS - EAGER_PHOTOS) ? 'eager' : 'lazy';

const productsBefore = (groups: readonly Group[], index: number) =>
  groups.slice(0, index).reduce((sum, group) => sum + group.products.length, 0);

const categoryOfHash = (hash: string) => (/^#category-(\d+)$/.exec(hash)?.[1] ? hash.slice(1) : undefined);

/**
 * The category chips. The one jumped to last is marked (`aria-current`, and filled) so the diner sees where the jump
 * went; the server renders none marked, the browser marks the one of the address's `#category-…` once hydrated.
 */
function CategoryBar({ groups }: { groups: readonly Group[] }) {
  const mark = useMenuTextMarks();
  const t = useText();
  const [current, setCurrent] = useState<string | undefined>();
  useEffect(() => {
    const follow = () => setCurrent(categoryOfHash(location.hash));
    follow();
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return (
    <nav aria-label={t.menu.categories} className="sticky top-0 z-30 border-b border-line bg-surface/95">
      <ul className={`${containerClass} flex gap-2 overflow-x-auto py-2`}>
        {groups.map(({ category }) => {
          const target = `category-${category.id}`;
          return (
            <li key={category.id} className="shrink-0">
              <a
                href={`#${target}`}
                aria-current={current === target ? 'location' : undefined}
                onClick={() => setCurrent(target)}
                {...mark(category)}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-medium text-ink hover:border-brand-700 hover:text-brand-700 aria-[current=location]:border-brand-700 aria-[current=location]:bg-brand-700 aria-[current=location]:text-white aria-[current=location]:hover:text-white"
              >
                {category.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * One category. Its products sit in a Suspense boundary of their own: when the page hydrates the server's markup,
 * React hydrates each boundary in a later, interruptible pass, so no single task handles the whole menu (and a tap on
 * a product not hydrated yet hydrates its category first). The section re-renders only when the quantity of one of
 * its own products changed; a boundary still being hydrated is left alone by the other cart changes.
 */
const CategorySection = memo(
  function CategorySection({
    category,
    products,
    eager,
    lines,
    update,
    openSheet,
    closed,
  }: Group & CartProps & { eager: number; openSheet: OpenSheet; closed: boolean }) {
    const mark = useMenuTextMarks();
    return (
      <section
        id={`category-${category.id}`}
        aria-labelledby={`category-${category.id}-title`}
        className="mb-8 scroll-mt-20"
      >
        <h2 id={`category-${category.id}-title`} {...mark(category)} className="mb-3 text-xl font-bold text-ink">
          {category.name}
        </h2>
        <Suspense fallback={null}>
          <ul className="grid gap-3 md:grid-cols-2">
            {products.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                eager={index < eager}
                photoLoading={photoLoadingOf(index, eager)}
                quantity={quantityOf(lines, product.id)}
                update={update}
                openSheet={openSheet}
                closed={closed}
              />
            ))}
          </ul>
        </Suspense>
      </section>
    );
  },
  (before, after) =>
    before.category === after.category &&
    before.products === after.products &&
    before.eager === after.eager &&
    before.update === after.update &&
    before.openSheet === after.openSheet &&
    before.closed === after.closed &&
    before.products.every((product) => quantityOf(before.lines, product.id) === quantityOf(after.lines, product.id)),
);

const ProductCard = memo(function ProductCard({
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
  update: CartProps['update'];
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
                <span aria-hidden="true">+</span>
                {t.menu.add} <span className="sr-only">{t.menu.addName(product.name)}</span>
              </button>
            </span>
          ) : quantity === 0 ? (
            <button
              type="button"
              onClick={add}
              {...closedProps}
              className={`${iconButtonClass} w-auto gap-1 px-4 text-base`}
            >
              <span aria-hidden="true">+</span>
              {t.menu.add} <span className="sr-only">{t.menu.addName(product.name)}</span>
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
