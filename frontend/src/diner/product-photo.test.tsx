import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicMenu, PublicProduct } from './menu-types';
import ProductSheet from './product-sheet';
import { renderMenuMarkup } from './server';

// Product photos (issue 16) as the server draws the menu and as the sheet shows a product: real width and height on
// every <img> (no layout shift), the first screen's loaded at once and the rest lazily, and no box for a product
// without a photo.

const photo = (n: number) => ({
  small: `/uploads/products/${'a'.repeat(31)}${n}-400.webp`,
  large: `/uploads/products/${'a'.repeat(31)}${n}-800.webp`,
});

const product = (id: number, categoryId: number, withPhoto = true): PublicProduct => ({
  id,
  categoryId,
  name: `מנה ${id}`,
  description: 'תיאור',
  price: '12.00',
  image: withPhoto ? photo(id % 10) : null,
  tags: [],
  optionGroups: [],
});

const menuOf = (products: PublicProduct[]): PublicMenu => ({
  ordering: { open: true, reason: null, opensAt: null },
  business: { businessName: 'קפה הגפן', logo: null, departmentId: 'demo' },
  categories: [
    { id: 1, name: 'שתייה חמה', order: 0 },
    { id: 2, name: 'מאפים', order: 1 },
  ],
  products,
});

const cardsOf = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = html;
  return [...container.querySelectorAll<HTMLElement>('[data-testid="product"]')];
};

describe("the menu's card photos, as the server draws them", () => {
  it('gives each thumbnail the small WebP with its real size and an empty alt (the name is the heading beside it)', () => {
    const [card] = cardsOf(renderMenuMarkup(menuOf([product(1, 1)])));
    const image = card!.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(photo(1).small);
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('300');
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('decoding')).toBe('async');
    // The card's heading names the product: the photo adds nothing a screen reader should hear twice.
    expect(card!.querySelector('h3')?.textContent).toBe('מנה 1');
  });

  it("loads the first screen's four with the page at low priority, and the rest lazily, across categories", () => {
    const products = Array.from({ length: 12 }, (_, index) => product(100 + index, index < 3 ? 1 : 2));
    const images = cardsOf(renderMenuMarkup(menuOf(products))).map((card) => card.querySelector('img')!);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      ...Array<string>(4).fill('eager'),
      ...Array<string>(8).fill('lazy'),
    ]);
    // Low: the menu's largest paint is text, which must not wait behind the photos.
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual([
      ...Array<string>(4).fill('low'),
      ...Array<null>(8).fill(null),
    ]);
  });

  it('counts the first screen from the first category even when it holds a single product', () => {
    const products = [product(1, 1), ...Array.from({ length: 9 }, (_, index) => product(10 + index, 2))];
    const images = cardsOf(renderMenuMarkup(menuOf(products))).map((card) => card.querySelector('img')!);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      ...Array<string>(4).fill('eager'),
      ...Array<string>(6).fill('lazy'),
    ]);
  });

  it('draws a product without a photo with no image and no empty box, beside cards that have one', () => {
    const cards = cardsOf(renderMenuMarkup(menuOf([product(1, 1, false), product(2, 1)])));
    expect(cards[0]!.querySelector('img')).toBeNull();
    expect(cards[0]!.querySelector('[data-testid="product-photo"]')).toBeNull();
    expect(cards[0]!.querySelector('h3')?.textContent).toBe('מנה 1');
    expect(cards[1]!.querySelector('img')).not.toBeNull();
  });
});

describe("the sheet's photo", () => {
  beforeAll(() => {
    // jsdom has no modal dialogs; the browser tests (e2e) use the real one.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  });

  const open = (shown: PublicProduct) => {
    render(<ProductSheet product={shown} onSubmit={vi.fn()} onClose={vi.fn()} opener={null} />);
    return screen.getByTestId('product-sheet');
  };

  it('shows the large photo at the top, both widths offered, with its real size', () => {
    const sheet = open(product(3, 1));
    const image = within(sheet).getByTestId('sheet-photo');
    expect(image.getAttribute('src')).toBe(photo(3).large);
    expect(image.getAttribute('srcset')).toBe(`${photo(3).small} 400w, ${photo(3).large} 800w`);
    expect(image.getAttribute('sizes')).toBe('(min-width: 768px) 32rem, 100vw');
    expect(image.getAttribute('width')).toBe('800');
    expect(image.getAttribute('height')).toBe('600');
    expect(image.getAttribute('alt')).toBe('');
    // Above the description: the first thing under the sheet's title.
    const description = within(sheet).getByText('תיאור');
    expect(image.compareDocumentPosition(description) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no image for a product without a photo, its description still first', () => {
    const sheet = open(product(4, 1, false));
    expect(sheet.querySelector('img')).toBeNull();
    expect(within(sheet).getByText('תיאור')).toBeTruthy();
  });
});
