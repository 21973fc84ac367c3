import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { departmentBusiness } from '@/lib/storage';
import { DinerApp } from './app';
import { decodeCartCookie, encodeCartCookie, loadCart, saveCart, type CartLine } from './cart';
import {
  DinerLanguageContext,
  DinerLanguageProvider,
  languageValue,
  loadLanguage,
  MenuLanguageContext,
} from './language';
import { LineOptions } from './line-options';
import type { PublicMenu, PublicProduct } from './menu-types';
import ProductSheet from './product-sheet';
import { renderMenuMarkup } from './server';
import ar from './text-ar';
import en from './text-en';

// The owner's translations on the diner's pages (decision 023): the server draws the menu in the diner's language, the
// browser hydrates it and asks for another language's menu on a switch, each owner text is marked with the language it
// is really in (an untranslated one falls back to Hebrew, lang="he"), and a cart line keeps its name's language.

const hebrew: PublicMenu = {
  business: { businessName: 'קפה הגפן', logo: null, departmentId: 'demo' },
  ordering: { open: true, reason: null, opensAt: null },
  categories: [
    { id: 1, name: 'שתייה חמה', order: 0 },
    { id: 2, name: 'מאפים', order: 1 },
  ],
  products: [
    {
      id: 10,
      categoryId: 1,
      name: 'הפוך',
      description: 'אספרסו וחלב',
      price: '14.00',
      image: null,
      tags: [],
      optionGroups: [],
    },
    {
      id: 11,
      categoryId: 2,
      name: 'קרואסון',
      description: null,
      price: '12.50',
      image: null,
      tags: [],
      optionGroups: [],
    },
  ],
};

/** As GET /api/menu/demo?lang=en answers: the latte translated (its description not), the rest in Hebrew. */
const english: PublicMenu = {
  language: 'en',
  business: hebrew.business,
  ordering: hebrew.ordering,
  categories: [
    { id: 1, name: 'Hot drinks', order: 0 },
    { ...hebrew.categories[1]!, he: ['name'] },
  ],
  products: [
    { ...hebrew.products[0]!, name: 'Latte', he: ['description'] },
    { ...hebrew.products[1]!, he: ['name'] },
  ],
};

/** Nothing translated into Arabic: every text in Hebrew, each listed in its item's `he`. */
const arabic: PublicMenu = {
  language: 'ar',
  business: hebrew.business,
  ordering: hebrew.ordering,
  categories: hebrew.categories.map((category) => ({ ...category, he: ['name'] })),
  products: [
    { ...hebrew.products[0]!, he: ['name', 'description'] },
    { ...hebrew.products[1]!, he: ['name'] },
  ],
};

beforeAll(() => {
  // jsdom has no modal dialogs; the browser tests (e2e) use the real one.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.restoreAllMocks();
  document.body.replaceChildren();
  localStorage.clear();
  document.cookie = 'lang=; path=/; max-age=0';
  document.cookie = 'cart_demo=; path=/; max-age=0';
  document.documentElement.lang = 'he';
  document.documentElement.dir = 'rtl';
});

const heading = (container: ParentNode, name: string) =>
  [...container.querySelectorAll('h2, h3')].find((element) => element.textContent === name);
const marks = (element: Element | null | undefined) => [element?.getAttribute('lang'), element?.getAttribute('dir')];

describe('the menu drawn in a language with the owner’s translations', () => {
  it('shows the translated names as the page’s own and marks only the Hebrew fallbacks lang="he"', () => {
    const container = document.createElement('div');
    container.innerHTML = renderMenuMarkup(english, 'en');
    expect(marks(heading(container, 'Latte'))).toEqual([null, null]);
    expect(marks(heading(container, 'Hot drinks'))).toEqual([null, null]);
    expect(marks(container.querySelector('a[href="#category-1"]'))).toEqual([null, null]);
    expect(marks(container.querySelector('a[href="#category-2"]'))).toEqual(['he', 'rtl']);
    expect(marks(heading(container, 'קרואסון'))).toEqual(['he', 'rtl']);
    // The latte's description has no English yet: Hebrew, marked so.
    const description = [...container.querySelectorAll('p')].find((p) => p.textContent === 'אספרסו וחלב');
    expect(marks(description)).toEqual(['he', 'rtl']);
    expect(container.textContent).toContain('Add Latte to your cart');
  });

  it('marks a name in another language than the page’s with that language (a menu still on screen after a switch)', () => {
    const container = document.createElement('div');
    container.innerHTML = renderMenuMarkup(english, 'ar');
    expect(marks(heading(container, 'Latte'))).toEqual(['en', 'ltr']);
    expect(marks(heading(container, 'קרואסון'))).toEqual(['he', 'rtl']);
  });
});

describe('the browser', () => {
  it('hydrates the translated page as drawn, asks ?lang= on a switch, and keeps each cart name’s language', async () => {
    history.replaceState(null, '', '/menu/demo?lang=en');
    document.documentElement.lang = 'en';
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'menu-data';
    data.textContent = JSON.stringify(english);
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = renderMenuMarkup(english, 'en');
    document.body.append(data, container);
    const latte = heading(container, 'Latte');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ success: true, data: arabic }))));

    const errors = vi.fn();
    const pack = await loadLanguage('en');
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <DinerLanguageProvider initial="en" initialPack={pack}>
              <DinerApp hydrating />
            </DinerLanguageProvider>
          </StrictMode>,
          { onRecoverableError: errors },
        );
      });
    });
    const addLatte = await screen.findByRole('button', { name: 'Add Latte to your cart' });
    expect(errors).not.toHaveBeenCalled();
    expect(heading(container, 'Latte')).toBe(latte);
    // The page's own menu is the English one: nothing asked.
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(addLatte);

    fireEvent.change(screen.getByTestId('language-switcher'), { target: { value: 'ar' } });
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith('/api/menu/demo?lang=ar', expect.anything()));
    // The Arabic menu has no translation: the Hebrew names, marked as Hebrew on the Arabic page.
    const coffee = await screen.findByRole('heading', { level: 3, name: 'הפוך' });
    expect(marks(coffee)).toEqual(['he', 'rtl']);
    expect(marks(screen.getByRole('heading', { level: 2, name: 'שתייה חמה' }))).toEqual(['he', 'rtl']);
    expect(document.documentElement.lang).toBe('ar');
    fireEvent.click(screen.getByRole('button', { name: 'إضافة קרואסון إلى السلة' }));

    // Each line keeps the name it was added with and that name's language (none stored for Hebrew).
    expect(loadCart('demo')).toEqual([
      { productId: 10, name: 'Latte', price: '14.00', quantity: 1, lang: 'en' },
      { productId: 11, name: 'קרואסון', price: '12.50', quantity: 1 },
    ]);
    // Back to English: that menu is remembered, not asked again.
    fireEvent.change(screen.getByTestId('language-switcher'), { target: { value: 'en' } });
    await screen.findByRole('heading', { level: 3, name: 'Latte' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('marks each cart line by its own language: on the Arabic page the English name is English, the Hebrew Hebrew', async () => {
    saveCart('demo', [
      { productId: 10, name: 'Latte', price: '14.00', quantity: 1, lang: 'en' },
      { productId: 11, name: 'קרואסון', price: '12.50', quantity: 2 },
      { productId: 12, name: 'كعكة', price: '10.00', quantity: 1, lang: 'ar' },
    ]);
    departmentBusiness.set('demo', hebrew.business);
    history.replaceState(null, '', '/cart/demo');
    render(
      <DinerLanguageContext.Provider value={languageValue('ar', ar)}>
        <DinerApp />
      </DinerLanguageContext.Provider>,
    );
    const lines = await screen.findAllByTestId('cart-line');
    const names = lines.map((line) => line.querySelector('h3'));
    expect(names.map((name) => [name?.textContent, ...marks(name)])).toEqual([
      ['Latte', 'en', 'ltr'],
      ['קרואסון', 'he', 'rtl'],
      ['كعكة', null, null],
    ]);
  });
});

describe('a line’s choices, each in its own language', () => {
  it('marks only the choices not in the page’s language', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <DinerLanguageContext.Provider value={languageValue('en', en)}>
        <LineOptions
          options={[
            { id: 'o1', name: 'Oat milk', price: 200, lang: 'en' },
            { id: 'o2', name: 'בצל', price: 0, without: true },
            { id: 'o3', name: 'Onion', price: 0, without: true, lang: 'en' },
          ]}
        />
      </DinerLanguageContext.Provider>,
    );
    const items = [...container.querySelectorAll('li')];
    expect(items.map((item) => item.textContent)).toEqual(['Oat milk +₪2.00', 'No בצל', 'No Onion']);
    expect([...container.querySelectorAll('[lang]')].map((element) => element.textContent)).toEqual(['בצל']);
  });
});

describe('the product sheet of a translated menu', () => {
  const breakfast: PublicProduct = {
    id: 5,
    categoryId: 1,
    name: 'Israeli breakfast',
    description: 'שתי ביצים',
    he: ['description'],
    price: '58.00',
    image: null,
    tags: [],
    optionGroups: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'Milk',
        minChoices: 1,
        maxChoices: 1,
        without: false,
        options: [
          {
            id: '00000000-0000-4000-8000-000000000002',
            name: 'Oat',
            price: '2.00',
            available: true,
            isDefault: true,
          },
          {
            id: '00000000-0000-4000-8000-000000000003',
            name: 'סויה',
            price: '0.00',
            available: true,
            isDefault: false,
            he: ['name'],
          },
        ],
      },
    ],
  };

  it('marks its Hebrew fallbacks and adds the line with each name’s language', () => {
    const onSubmit = vi.fn<(line: CartLine) => void>();
    render(
      <DinerLanguageContext.Provider value={languageValue('en', en)}>
        <MenuLanguageContext.Provider value="en">
          <ProductSheet product={breakfast} onSubmit={onSubmit} onClose={() => undefined} opener={null} />
        </MenuLanguageContext.Provider>
      </DinerLanguageContext.Provider>,
    );
    const sheet = screen.getByTestId('product-sheet');
    expect(marks(within(sheet).getByRole('heading', { name: 'Israeli breakfast' }))).toEqual([null, null]);
    expect(marks(within(sheet).getByText('שתי ביצים'))).toEqual(['he', 'rtl']);
    expect(marks(within(sheet).getByText('סויה'))).toEqual(['he', 'rtl']);
    expect(marks(within(sheet).getByText('Oat'))).toEqual([null, null]);
    fireEvent.click(within(sheet).getByTestId('sheet-add'));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Israeli breakfast',
        lang: 'en',
        options: [{ id: '00000000-0000-4000-8000-000000000002', name: 'Oat', price: 200, lang: 'en' }],
      }),
    );
  });
});

describe("the cart's cookie with the names' languages", () => {
  it('carries each name’s language, reads the older cookies as Hebrew, and refuses an unknown language', () => {
    const lines: CartLine[] = [
      { productId: 10, name: 'Latte', price: '14.00', quantity: 1, lang: 'en' },
      {
        productId: 5,
        name: 'ארוחת בוקר',
        price: '60.00',
        quantity: 2,
        options: [
          { id: '00000000-0000-4000-8000-000000000002', name: 'Oat', price: 200, lang: 'en' },
          { id: '00000000-0000-4000-8000-000000000003', name: 'בצל', price: 0, without: true },
        ],
      },
      { productId: 11, name: 'קרואסון', price: '12.50', quantity: 1 },
    ];
    expect(decodeCartCookie(encodeCartCookie(lines)!)).toEqual(lines);
    const cookie = (entries: unknown) =>
      btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(entries))))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    expect(decodeCartCookie(cookie([[11, 1, '12.50', 'קרואסון']]))).toEqual([
      { productId: 11, name: 'קרואסון', price: '12.50', quantity: 1 },
    ]);
    expect(decodeCartCookie(cookie([[10, 1, '14.00', 'Latte', null, 'fr']]))).toBeUndefined();
    expect(decodeCartCookie(cookie([[10, 1, '14.00', 'Latte', null, 'en']]))).toEqual([lines[0]]);
  });
});
