// A product photo's two stored sizes (issue 16). The server crops every upload to 4:3 and encodes exactly these, so the
// diner's pages can write each <img>'s width and height before a byte of it arrives (no layout shift).

/** The card's thumbnail (96-112 CSS px, up to 3x screens) and the sheet's photo (a phone's width, 2x). */
export const PRODUCT_IMAGE_SIZES = {
  small: { width: 400, height: 300 },
  large: { width: 800, height: 600 },
} as const;
