// A product's photo on the diner's pages (issue 16): the card's thumbnail and the sheet's large photo. The server
// stores every photo at exactly 400x300 and 800x600 (contracts/src/product-image.ts), so each <img> carries its real
// width and height and its box is laid out before a byte of it arrives: no layout shift, on the server's HTML too.
//
// alt is empty on purpose: the product's name is the card's heading and the sheet's title, right beside the photo, so
// a name in alt would only be heard twice (WCAG's decorative image, technique H67).
import { PRODUCT_IMAGE_SIZES } from '@tafrit/contracts/product-image';
import type { PublicProduct } from './menu-types';

type Photo = NonNullable<PublicProduct['image']>;

/** How the card's thumbnail loads: with the page for the first screen's cards, else only when near the screen. */
export type PhotoLoading = 'eager' | 'lazy';

/**
 * The card's 4:3 thumbnail: 96x72 CSS px on a phone (beside it, the price and a stepper of three 48-px buttons still
 * fit at 375 px with the accessibility button's gutter), 112x84 from sm, 128x96 from md. The 400-px file alone serves
 * every screen up to 3x: a srcset would add nothing but bytes to each of 150 cards.
 */
export function CardPhoto({ image, loading }: { image: Photo; loading: PhotoLoading }) {
  const { width, height } = PRODUCT_IMAGE_SIZES.small;
  return (
    <img
      src={image.small}
      width={width}
      height={height}
      alt=""
      loading={loading}
      // The menu's largest paint is a description's text, drawn by the server's HTML: the first screen's thumbnails
      // come with the page but never before the stylesheet and the app (high priority put them in the way: LCP 1.2 s
      // became 1.46 s in the bench, decision 013).
      fetchPriority={loading === 'eager' ? 'low' : undefined}
      decoding="async"
      data-testid="product-photo"
      className="h-18 w-24 shrink-0 rounded-lg bg-canvas object-cover sm:h-21 sm:w-28 md:h-24 md:w-32"
    />
  );
}

/**
 * The sheet's photo, the sheet's full width at 4:3. A phone at 1x takes the 400-px file the card already loaded
 * (from the cache, at once); a 2x phone or the desktop dialog takes the 800-px one.
 */
export function SheetPhoto({ image }: { image: Photo }) {
  const { small, large } = PRODUCT_IMAGE_SIZES;
  return (
    <img
      src={image.large}
      srcSet={`${image.small} ${small.width}w, ${image.large} ${large.width}w`}
      // The dialog is at most max-w-lg (32rem) wide from md, the screen's width below it.
      sizes="(min-width: 768px) 32rem, 100vw"
      width={large.width}
      height={large.height}
      alt=""
      decoding="async"
      data-testid="sheet-photo"
      className="aspect-[4/3] h-auto w-full bg-canvas object-cover"
    />
  );
}
