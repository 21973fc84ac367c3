import { Suspense, lazy, memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { addLine, cartTotal, itemCount, quantityOf, type CartLine } from './cart';
import type { PublicMenu, PublicProduct } from './menu-types';
import { formatShekels } from './money';
import { dinerHref } from './paths';
import { MenuLanguageContext, useMenuTextMarks, useText } from './language';
import type { PhotoLoading } from './product-photo';
import { OrderingBanner } from './ordering-banner';
import { DinerHeader } from './diner-header';
import { ProductCard, type OpenSheet } from './product-card';
import { CartIcon, DinerLink, PageMain, containerClass, useDiner, useDocumentTitle } from './ui';

// The product sheet (options, quantity) is fetched on the first tap of a product that has options: the menu's first
// paint carries none of it.
const ProductSheet = lazy(() => import('./product-sheet'));

interface CartProps {
  lines: readonly CartLine[];
  update(change: (lines: readonly CartLine[]) => CartLine[]): CartLine[];
}

export function sortedCategories(menu: PublicMenu) {
  const categories = [...menu.categories].sort((a, b) => a.order - b.order || a.id - b.id);
  return categories
    .map((category) => ({ category, products: menu.products.filter((p) => p.categoryId === category.id) }))
    .filter((group) => group.products.length > 0);
}

export function MenuPage({
  menu,
  table,
  lines,
  update,
  tableBar,
  tableTotal,
  tablePaying = false,
}: CartProps & {
  menu: PublicMenu;
  table: string | undefined;
  /** At a shared table (issue 34): the table's bar, in the page's flow above the menu. */
  tableBar?: ReactNode;
  /** At a shared table: the table's total for the cart button (its count stays the diner's own lines). */
  tableTotal?: number | undefined;
  /** At a shared table: someone is paying, nothing is added until the payment ends (the bar says who). */
  tablePaying?: boolean;
}) {
  const t = useText();
  useDocumentTitle(t.pageTitle(menu.business.businessName));
  const groups = useMemo(() => sortedCategories(menu), [menu]);
  const count = itemCount(lines);
  const { announce } = useDiner();
  const [sheet, setSheet] = useState<{ product: PublicProduct; opener: HTMLElement } | null>(null);
  const openSheet = useCallback<OpenSheet>((product, opener) => setSheet({ product, opener }), []);
  const closeSheet = useCallback(() => setSheet(null), []);
  // Closed (hours, Shabbat, a pause): the menu is browsed as usual, nothing is added (decision 028).
  const closed = (menu.ordering ? !menu.ordering.open : false) || tablePaying;
  return (
    // The menu's own language: its names are marked by it (an untranslated one, in an item's `he`, as Hebrew).
    <MenuLanguageContext.Provider value={menu.language ?? 'he'}>
      <DinerHeader business={menu.business} table={table} count={count} title />
      {groups.length > 1 ? <CategoryBar groups={groups} /> : null}
      <PageMain className={count > 0 ? 'pb-28' : ''}>
        <OrderingBanner ordering={menu.ordering} />
        {tableBar}
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
              <span dir="ltr">{formatShekels(tableTotal ?? cartTotal(lines))}</span>
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
