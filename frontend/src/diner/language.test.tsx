import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DinerApp } from './app';
import { readPaymentAnswer } from './payment-answer';
import { heErrors } from './error-text';
import { renderToString } from 'react-dom/server';
import { DinerLanguageContext, DinerLanguageProvider, languageValue, loadLanguage, startingLanguage } from './language';
import { LineOptions } from './line-options';
import type { PublicMenu } from './menu-types';
import { renderMenuMarkup } from './server';
import { heSheet } from './sheet-strings';
import { heDiner } from './strings';
import ar from './text-ar';
import en from './text-en';
import ru from './text-ru';

// The diner's pages in Hebrew, Arabic, English and Russian: the server draws the menu in the chosen language, the
// browser hydrates it in the same words, and the header's switcher changes every screen and remembers the choice.

const menu: PublicMenu = {
  ordering: { open: true, reason: null, opensAt: null },
  business: { businessName: 'קפה הגפן', logo: null, departmentId: 'demo' },
  categories: [{ id: 1, name: 'שתייה חמה', order: 0 }],
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
    { id: 11, categoryId: 1, name: 'תה', description: null, price: '9.00', image: null, tags: [], optionGroups: [] },
  ],
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  localStorage.clear();
  document.cookie = 'lang=; path=/; max-age=0';
  document.documentElement.lang = 'he';
  document.documentElement.dir = 'rtl';
});

/** Every key of a language's words, functions called with sample arguments: the shape and no empty string. */
function shape(words: object): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'function') out[path] = String((value as (...args: unknown[]) => unknown)('X', 3));
    else if (typeof value === 'string') out[path] = value;
    else for (const [key, inner] of Object.entries(value as object)) walk(inner, path ? `${path}.${key}` : key);
  };
  walk(words, '');
  return out;
}

describe("the languages' words", () => {
  it.each([
    ['ar', ar],
    ['en', en],
    ['ru', ru],
  ])('%s has every word Hebrew has, none empty and none left in Hebrew', (_code, pack) => {
    const diner = shape(pack.diner);
    const sheet = shape(pack.sheet);
    expect(Object.keys(diner).sort()).toEqual(Object.keys(shape(heDiner)).sort());
    expect(Object.keys(sheet).sort()).toEqual(Object.keys(shape(heSheet)).sort());
    for (const [key, text] of Object.entries({ ...diner, ...sheet })) {
      expect(text.trim(), key).not.toBe('');
      expect(/[\u0590-\u05ff]/.test(text), `${key}: ${text}`).toBe(false);
    }
    expect(pack.errors.message('order.zero_total')).not.toMatch(/[\u0590-\u05ff]/);
    expect(pack.errors.message('no.such_code')).not.toBe('');
  });

  it('counts in each language', () => {
    expect(en.diner.header.cart(1)).toBe('Cart, 1 item');
    expect(en.diner.header.cart(3)).toBe('Cart, 3 items');
    expect([1, 2, 5, 11, 21, 22].map((count) => ru.diner.announce.changed(count))).toEqual([
      'В корзине 1 позиция.',
      'В корзине 2 позиции.',
      'В корзине 5 позиций.',
      'В корзине 11 позиций.',
      'В корзине 21 позиция.',
      'В корзине 22 позиции.',
    ]);
    expect([1, 2, 3, 11].map((count) => ar.diner.announce.changed(count))).toEqual([
      'في السلة صنف واحد.',
      'في السلة صنفان.',
      'في السلة 3 أصناف.',
      'في السلة 11 صنفًا.',
    ]);
  });
});

describe('the menu drawn by the server in a language', () => {
  it("is in English with the owner's Hebrew marked as such, and the switcher showing English", () => {
    const container = document.createElement('div');
    container.innerHTML = renderMenuMarkup(menu, 'en');
    expect(container.textContent).toContain('Skip to content');
    expect(container.querySelector('footer nav')?.getAttribute('aria-label')).toBe('Links');
    const add = [...container.querySelectorAll('button')].map((button) => button.textContent);
    expect(add).toContain('+Add הפוך to your cart');
    const name = [...container.querySelectorAll('h3')].find((heading) => heading.textContent === 'הפוך');
    expect(name?.getAttribute('lang')).toBe('he');
    expect(name?.getAttribute('dir')).toBe('rtl');
    expect(container.querySelector('h2')?.getAttribute('lang')).toBe('he');
    const switcher = container.querySelector<HTMLSelectElement>('[data-testid="language-switcher"]');
    expect(switcher?.value).toBe('en');
    expect([...(switcher?.options ?? [])].map((option) => [option.value, option.lang, option.text])).toEqual([
      ['he', 'he', 'עברית'],
      ['ar', 'ar', 'العربية'],
      ['en', 'en', 'English'],
      ['ru', 'ru', 'Русский'],
    ]);
    // The accessibility widget speaks the page's language too.
    expect(container.querySelector('[data-testid="a11y-toggle"]')?.getAttribute('aria-label')).toBe(
      'Accessibility adjustments',
    );
  });

  it("offers in the switcher only the business's languages", () => {
    const container = document.createElement('div');
    const offered: PublicMenu = { ...menu, business: { ...menu.business, languages: ['he', 'en'] } };
    container.innerHTML = renderMenuMarkup(offered, 'en');
    const switcher = container.querySelector<HTMLSelectElement>('[data-testid="language-switcher"]');
    expect([...(switcher?.options ?? [])].map((option) => option.value)).toEqual(['he', 'en']);
    // Hebrew alone: no switcher at all.
    container.innerHTML = renderMenuMarkup({ ...menu, business: { ...menu.business, languages: ['he'] } }, 'he');
    expect(container.querySelector('[data-testid="language-switcher"]')).toBeNull();
  });

  it('is in Hebrew with nothing marked when Hebrew is chosen', () => {
    const container = document.createElement('div');
    container.innerHTML = renderMenuMarkup(menu, 'he');
    expect(container.querySelector('h3')?.hasAttribute('lang')).toBe(false);
    expect(container.querySelector<HTMLSelectElement>('[data-testid="language-switcher"]')?.value).toBe('he');
    expect(container.textContent).toContain('דילוג לתוכן');
  });

  it('is hydrated in its language without a mismatch, and the switcher then changes it and remembers it', async () => {
    history.replaceState(null, '', '/menu/demo?lang=ar');
    document.documentElement.lang = 'ar';
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'menu-data';
    data.textContent = JSON.stringify(menu);
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = renderMenuMarkup(menu, 'ar');
    document.body.append(data, container);
    const heading = container.querySelector('h1');

    const language = startingLanguage(document, true);
    expect(language).toBe('ar');
    const pack = await loadLanguage(language);
    const errors = vi.fn();
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <DinerLanguageProvider initial={language} initialPack={pack}>
              <DinerApp hydrating />
            </DinerLanguageProvider>
          </StrictMode>,
          { onRecoverableError: errors },
        );
      });
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'إضافة תה إلى السلة' })).toBeTruthy());
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(heading);

    fireEvent.change(screen.getByTestId('language-switcher'), { target: { value: 'ru' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Добавить «תה» в корзину' })).toBeTruthy());
    expect(document.documentElement.lang).toBe('ru');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.cookie).toContain('lang=ru');
    // The address's own ?lang= follows the choice: a reload stays in Russian.
    expect(location.search).toBe('?lang=ru');
    expect(screen.getByRole('combobox', { name: 'Язык' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'הפוך' }).getAttribute('lang')).toBe('he');

    fireEvent.change(screen.getByTestId('language-switcher'), { target: { value: 'he' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'הוספה של תה לעגלה' })).toBeTruthy());
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 3, name: 'הפוך' }).hasAttribute('lang')).toBe(false);
  });
});

describe("a product's dietary and kashrut tags", () => {
  it("are worded in the page's language, every tag in every language", () => {
    const tagged: PublicMenu = {
      ...menu,
      products: [{ ...menu.products[0]!, tags: ['vegan', 'gluten_free', 'kosher_dairy'] }],
    };
    const words = (html: string) => {
      const container = document.createElement('div');
      container.innerHTML = html;
      return [...container.querySelectorAll('[data-testid="product-tags"] li')].map((item) => item.textContent);
    };
    expect(words(renderMenuMarkup(tagged, 'he'))).toEqual(['טבעוני', 'ללא גלוטן', 'כשר חלבי']);
    expect(words(renderMenuMarkup(tagged, 'en'))).toEqual(['Vegan', 'Gluten free', 'Kosher dairy']);
    expect(words(renderMenuMarkup(tagged, 'ar'))).toEqual(['نباتي صرف', 'خالٍ من الغلوتين', 'كوشير حليبي']);
    expect(words(renderMenuMarkup(tagged, 'ru'))).toEqual(['Веганское', 'Без глютена', 'Кошерное молочное']);
    for (const pack of [ar, en, ru])
      for (const label of Object.values(pack.diner.tags)) expect(label).not.toMatch(/[\u0590-\u05FF]/);
  });
});

describe("a line's choices on another language's page", () => {
  it("words a without choice in the page's language and marks the owner's Hebrew name as such", () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <DinerLanguageContext.Provider value={languageValue('en', en)}>
        <LineOptions
          options={[
            { id: 'o1', name: 'חלב שיבולת שועל', price: 200 },
            { id: 'o2', name: 'בצל', price: 0, without: true },
            { id: 'o3', name: 'בלי עגבנייה', price: 0, without: true },
          ]}
        />
      </DinerLanguageContext.Provider>,
    );
    const items = [...container.querySelectorAll('li')];
    expect(items.map((item) => item.textContent)).toEqual(['חלב שיבולת שועל +₪2.00', 'No בצל', 'בלי עגבנייה']);
    expect(items.map((item) => item.querySelector('[lang="he"]')?.textContent)).toEqual([
      'חלב שיבולת שועל',
      'בצל',
      'בלי עגבנייה',
    ]);
    expect(items[1]?.querySelector('[lang="he"]')?.getAttribute('dir')).toBe('rtl');
  });
});

describe('the language a page starts in', () => {
  it("is the server's (<html lang>) on a page it drew", () => {
    document.documentElement.lang = 'en';
    document.cookie = 'lang=ru; path=/';
    expect(startingLanguage(document, true)).toBe('en');
  });

  it('is chosen in the browser on a page sent empty: the address, then the cookie, then its languages', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-IL', 'en']);
    history.replaceState(null, '', '/cart/demo?lang=en');
    document.cookie = 'lang=ru; path=/';
    expect(startingLanguage(document, false)).toBe('en');
    history.replaceState(null, '', '/cart/demo');
    expect(startingLanguage(document, false)).toBe('ru');
    document.cookie = 'lang=; path=/; max-age=0';
    expect(startingLanguage(document, false)).toBe('ar');
    languages.mockReturnValue(['fr']);
    expect(startingLanguage(document, false)).toBe('he');
    languages.mockRestore();
  });
});

describe("the checkout's errors in the diner's language", () => {
  it("words a refusal by its code, not with the server's Hebrew text", () => {
    const answer = {
      success: false,
      code: 'order.option_sold_out',
      error: 'אחת התוספות שנבחרו אזלה',
      fields: { 'items.0': 'שדה שגוי' },
    };
    const outcome = readPaymentAnswer(409, answer, 1400 as never, en.errors);
    expect(outcome).toEqual({
      kind: 'error',
      message: 'Server error (409)',
      detail: 'One of your choices has sold out. Open the item and choose another',
      fields: [],
    });
    const hebrew = readPaymentAnswer(409, answer, 1400 as never, heErrors);
    expect(hebrew).toMatchObject({ detail: 'אחת התוספות שנבחרו אזלה', fields: ['שדה שגוי'] });
  });
});
