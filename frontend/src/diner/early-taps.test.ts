import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEarlyTaps, replayEarlyTaps, takeEarlyLanguage } from './early-taps';

// Taps on the server-rendered menu before the app has arrived (entry.ts keeps them, main.tsx replays them).

afterEach(() => {
  replayEarlyTaps();
  document.body.replaceChildren();
});

function page() {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="add">+</button>
      <a href="#category-2" id="category">category</a>
      <a href="/cart/demo" id="cart">cart</a>
    </div>
    <button type="button" id="outside">outside</button>`;
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  return {
    root: byId('root'),
    add: byId('add'),
    category: byId('category'),
    cart: byId('cart'),
    outside: byId('outside'),
  };
}

/** A real-looking tap: returns whether the browser would still do its default (follow the link). */
const tap = (element: HTMLElement) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

describe('taps before the app', () => {
  it('keeps a tap on a button and replays it once, in order with a link tapped after it', () => {
    const { root, add, cart } = page();
    keepEarlyTaps(root);
    const clicks: string[] = [];
    for (const element of [add, cart]) element.addEventListener('click', () => clicks.push(element.id));
    expect(tap(add)).toBe(false);
    tap(add);
    expect(tap(cart)).toBe(false);
    clicks.length = 0;
    replayEarlyTaps();
    expect(clicks).toEqual(['add', 'cart']);
    // Afterwards taps go straight to the page.
    expect(tap(cart)).toBe(true);
  });

  it('shows at once that a tap was taken (busy, marked for the stylesheet), and clears it when it acts', () => {
    const { root, add, cart } = page();
    keepEarlyTaps(root);
    tap(add);
    tap(cart);
    for (const element of [add, cart]) {
      expect(element.getAttribute('aria-busy')).toBe('true');
      expect(element.hasAttribute('data-early-tap')).toBe(true);
    }
    const seen: (string | null)[] = [];
    // The marks are gone before the app's click: the hydrated page never sees them.
    add.addEventListener('click', () => seen.push(add.getAttribute('aria-busy')));
    replayEarlyTaps();
    expect(seen).toEqual([null]);
    for (const element of [add, cart]) {
      expect(element.hasAttribute('aria-busy')).toBe(false);
      expect(element.hasAttribute('data-early-tap')).toBe(false);
    }
  });

  it('has a look for a tap taken early in the diner’s stylesheet', async () => {
    const { readFileSync } = await import('node:fs');
    // The tests run from the frontend's folder.
    const css = readFileSync(`${process.cwd()}/src/diner/diner.css`, 'utf8');
    expect(css).toMatch(/\[data-early-tap\]/);
  });

  it('lets links go as usual while no tap waits, and in-page links always', () => {
    const { root, add, category, cart } = page();
    keepEarlyTaps(root);
    expect(tap(cart)).toBe(true);
    tap(add);
    expect(tap(category)).toBe(true);
    expect(
      cart.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true })),
    ).toBe(true);
  });

  it('leaves what is outside the menu alone, and skips a button that is gone', () => {
    const { root, add, outside } = page();
    keepEarlyTaps(root);
    expect(tap(outside)).toBe(true);
    tap(add);
    const replayed = vi.fn();
    add.addEventListener('click', replayed);
    add.remove();
    replayEarlyTaps();
    expect(replayed).not.toHaveBeenCalled();
  });
});

describe('a language picked before the app', () => {
  it('is kept once for the app, and only from the page’s own switcher', () => {
    document.body.innerHTML = `
      <div id="root"><select name="lang"><option value="he">עברית</option><option value="en">English</option></select></div>
      <select name="lang" id="outside"><option value="he">עברית</option><option value="ru">Русский</option></select>`;
    keepEarlyTaps(document.getElementById('root') as HTMLElement);
    const outside = document.getElementById('outside') as HTMLSelectElement;
    outside.value = 'ru';
    outside.dispatchEvent(new Event('change', { bubbles: true }));
    expect(takeEarlyLanguage()).toBeUndefined();
    const switcher = document.querySelector<HTMLSelectElement>('#root select');
    if (!switcher) throw new Error('no switcher');
    switcher.value = 'en';
    switcher.dispatchEvent(new Event('change', { bubbles: true }));
    expect(takeEarlyLanguage()).toBe('en');
    expect(takeEarlyLanguage()).toBeUndefined();
  });
});
