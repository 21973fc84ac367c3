import { describe, expect, it } from '@jest/globals';
import type { PublicMenu } from '@tafrit/contracts';
import { sharePreviewOf } from './diner-html.js';

const PUBLIC_URL = 'https://menu.example.co.il';
const image = (name: string) => ({
  small: `/uploads/products/${name}-400.webp`,
  large: `/uploads/products/${name}.webp`,
});

function menu(business: Partial<PublicMenu['business']>, photos: (string | null)[] = []): PublicMenu {
  return {
    business: { businessName: 'קפה הגפן', logo: null, departmentId: 'AbCdEfGhIjKlMnOp', ...business },
    categories: ['שתייה חמה', 'מאפים', 'סלטים', 'קינוחים', 'שתייה קרה'].map((name, index) => ({
      id: index + 1,
      name,
      order: index,
    })),
    products: photos.map((photo, index) => ({
      id: index + 1,
      categoryId: 1,
      name: `מוצר ${index}`,
      description: null,
      price: '10.00',
      image: photo ? image(photo) : null,
      tags: [],
      optionGroups: [],
    })),
    ordering: { open: true, reason: null, opensAt: null },
  };
}

describe("a menu's link preview", () => {
  it('shows the logo, else the first product photo, else the default picture, always absolute', () => {
    expect(sharePreviewOf(menu({ logo: '/uploads/logos/x.webp' }, ['a']), PUBLIC_URL).image).toBe(
      `${PUBLIC_URL}/uploads/logos/x.webp`,
    );
    expect(sharePreviewOf(menu({}, [null, 'b', 'c']), PUBLIC_URL).image).toBe(`${PUBLIC_URL}/uploads/products/b.webp`);
    expect(sharePreviewOf(menu({}), PUBLIC_URL).image).toBe(`${PUBLIC_URL}/og-image.png`);
  });

  it("says the owner's line, else the first four categories' names", () => {
    expect(sharePreviewOf(menu({ shareLine: 'הקפה הכי טוב בעיר' }), PUBLIC_URL).description).toBe('הקפה הכי טוב בעיר');
    expect(sharePreviewOf(menu({}), PUBLIC_URL).description).toBe('שתייה חמה · מאפים · סלטים · קינוחים');
  });

  it('points at the readable address when there is one, else the random one', () => {
    expect(sharePreviewOf(menu({ menuAddress: 'cafe-hagefen' }), PUBLIC_URL).url).toBe(
      `${PUBLIC_URL}/menu/cafe-hagefen`,
    );
    expect(sharePreviewOf(menu({}), PUBLIC_URL).url).toBe(`${PUBLIC_URL}/menu/AbCdEfGhIjKlMnOp`);
  });
});
