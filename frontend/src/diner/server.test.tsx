import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DinerApp } from './app';
import { afterFirstPaint } from '@/lib/first-paint';
import type { PublicMenu } from './menu-types';
import { cartCookieName, encodeCartCookie, saveCart, type CartLine } from './cart';
import { renderMenuMarkup, renderStepMarkup } from './server';

// The menu page as the server sends it (server.tsx, run by the backend) and as the browser takes it over (main.tsx):
// the same components render the HTML, and hydrating it must neither fail nor redraw it, while the cart stored on
// the device, the table and the controls still come alive.

const menu: PublicMenu = {
  ordering: { open: true, reason: null, opensAt: null },
  business: { businessName: 'קפה הגפן', logo: null, departmentId: 'demo' },
  categories: [
    { id: 2, name: 'מאפים', order: 1 },
    { id: 1, name: 'שתייה חמה', order: 0 },
  ],
  products: [
    {
      id: 10,
      categoryId: 1,
      name: 'הפוך',
      description: 'אספרסו וחלב',
      price: '14.00',
      image: null,
      tags: ['vegetarian'],
      optionGroups: [],
    },
    {
      id: 11,
      categoryId: 2,
      name: 'קרואסון <חם> & "טרי"',
      description: null,
      price: '12.50',
      image: null,
      tags: [],
      optionGroups: [],
    },
  ],
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  localStorage.clear();
  document.title = '';
});

/** The page as served: the inline data, then #root holding the server's HTML. */
function servePage(url: string): HTMLElement {
  history.replaceState(null, '', url);
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'menu-data';
  data.textContent = JSON.stringify(menu);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderMenuMarkup(menu);
  document.body.append(data, container);
  return container;
}

describe('the server-rendered menu', () => {
  it('holds the whole menu as HTML, escaped, with the add buttons and no cart or table yet', () => {
    const html = renderMenuMarkup(menu);
    expect(html).toContain('<h1 class="min-w-0 text-xl font-bold break-words text-ink">קפה הגפן</h1>');
    expect(html).toContain('קרואסון &lt;חם&gt; &amp; &quot;טרי&quot;');
    expect(html).not.toContain('<חם>');
    expect(html.indexOf('שתייה חמה')).toBeLessThan(html.indexOf('מאפים</h2>'));
    expect(html).toContain('href="#category-1"');
    expect(html).toContain('₪14.00');
    expect(html).toContain('href="/accessibility"');
    expect(html).not.toContain('data-testid="table"');
    expect(html).not.toContain('data-testid="floating-cart"');
    const container = document.createElement('div');
    container.innerHTML = html;
    expect(container.querySelectorAll('[data-testid="product"]')).toHaveLength(2);
    expect([...container.querySelectorAll('button')].map((button) => button.textContent)).toContain(
      '+הוספה של הפוך לעגלה',
    );
  });

  it("lays out the first screen's cards at once and leaves only the later ones to content-visibility", () => {
    // A skipped card is placed at an estimated height first; on the first screen its real height would then move the
    // cards under it while the diner sees them (the bench's CLS on the menu page).
    const products = Array.from({ length: 12 }, (_, index) => ({
      ...menu.products[0]!,
      id: 100 + index,
      categoryId: index < 3 ? 1 : 2,
    }));
    const container = document.createElement('div');
    container.innerHTML = renderMenuMarkup({ ...menu, products });
    const skipped = [...container.querySelectorAll('[data-testid="product"]')].map((card) =>
      card.className.includes('[content-visibility:auto]'),
    );
    expect(skipped).toEqual([false, false, false, false, false, false, false, false, true, true, true, true]);
  });

  it('is hydrated as it is: the same elements, no recoverable error, then the stored cart, the table and the controls', async () => {
    localStorage.setItem(
      'cart_demo',
      JSON.stringify([{ productId: 11, name: 'קרואסון', price: '12.50', quantity: 2 }]),
    );
    const container = servePage('/menu/demo?table=4');
    const heading = container.querySelector('h1');
    const description = screen.getByText('אספרסו וחלב');
    const errors = vi.fn();
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <DinerApp hydrating />
          </StrictMode>,
          { onRecoverableError: errors },
        );
      });
    });
    await waitFor(() => expect(screen.getByTestId('table').textContent).toBe('שולחן 4'));
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not redrawn: the elements the server sent are the ones on screen.
    expect(container.querySelector('h1')).toBe(heading);
    expect(screen.getByText('אספרסו וחלב')).toBe(description);
    // The stored cart: its count in the header and the floating cart, the product's quantity.
    await waitFor(() => expect(screen.getByTestId('floating-cart').textContent).toContain('₪25.00'));
    expect(screen.getByRole('link', { name: /^העגלה,\s*2\s*פריטים$/ })).toBeTruthy();
    expect(screen.getByTestId('quantity').textContent).toBe('בעגלה: 2');

    fireEvent.click(screen.getByRole('button', { name: 'הוספה של הפוך לעגלה' }));
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toBe('הפוך נוסף לעגלה. בעגלה 3 פריטים.'));
    expect(JSON.parse(localStorage.getItem('cart_demo') ?? '[]')).toHaveLength(2);
  });
});

describe("the steps after the menu, drawn by the server with the cart's cookie", () => {
  const lines: CartLine[] = [
    { productId: 10, name: 'הפוך', price: '14.00', quantity: 2 },
    { productId: 11, name: 'קרואסון <חם> & "טרי"', price: '12.50', quantity: 1 },
  ];
  const cookie = `other=1; ${cartCookieName('demo')}=${encodeCartCookie(lines)}`;
  afterEach(() => {
    document.cookie = `${cartCookieName('demo')}=; Path=/; Max-Age=0`;
  });

  it('draws the cart with its lines and total, and nothing when the device has no cookie', () => {
    const html = renderStepMarkup({ page: 'cart', business: menu.business, cookies: cookie, search: '' });
    const container = document.createElement('div');
    container.innerHTML = html;
    expect([...container.querySelectorAll('[data-testid="cart-line"] h3')].map((h) => h.textContent)).toEqual([
      'הפוך',
      'קרואסון <חם> & "טרי"',
    ]);
    expect(container.querySelector('[data-testid="cart-total"]')?.textContent).toContain('₪40.50');
    expect(container.querySelector('header')?.textContent).toContain('קפה הגפן');
    expect(renderStepMarkup({ page: 'cart', business: menu.business, cookies: 'other=1', search: '' })).toBe('');
    expect(
      renderStepMarkup({ page: 'cart', business: menu.business, cookies: 'cart_demo=bm90LWEtY2FydA', search: '' }),
    ).toBe('');
    // Back from a failed payment the app says so: the server leaves that page to it.
    expect(
      renderStepMarkup({ page: 'checkout', business: menu.business, cookies: cookie, search: 'payment=failed' }),
    ).toBe('');
    // The thank-you page's first screen needs no cart.
    expect(renderStepMarkup({ page: 'thank-you', business: menu.business, cookies: undefined, search: '' })).toContain(
      'תודה',
    );
  });

  it('is hydrated as it is: the same lines and remarks field, no recoverable error, then the remarks of the device', async () => {
    saveCart('demo', lines);
    localStorage.setItem('remarks_demo', 'בלי בצל');
    expect(document.cookie).toContain(`${cartCookieName('demo')}=${encodeCartCookie(lines)}`);
    history.replaceState(null, '', '/cart/demo');
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = renderStepMarkup({
      page: 'cart',
      business: menu.business,
      cookies: document.cookie,
      search: '',
    });
    document.body.append(container);
    const firstLine = container.querySelector('[data-testid="cart-line"]');
    const errors = vi.fn();
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <DinerApp hydrating />
          </StrictMode>,
          { onRecoverableError: errors },
        );
      });
    });
    await waitFor(() => expect((screen.getByTestId('remarks') as HTMLTextAreaElement).value).toBe('בלי בצל'));
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="cart-line"]')).toBe(firstLine);
    fireEvent.click(screen.getByRole('button', { name: 'הוספת עוד הפוך' }));
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toContain('₪54.50'));
  });
});

describe('cart lines with options, drawn by the server and hydrated (issue 16)', () => {
  const OAT = '00000000-0000-4000-8000-000000000001';
  const ONION = '00000000-0000-4000-8000-000000000003';
  const lines: CartLine[] = [
    { productId: 10, name: 'הפוך', price: '14.00', quantity: 1 },
    {
      productId: 10,
      name: 'הפוך',
      price: '16.00',
      quantity: 2,
      options: [{ id: OAT, name: 'חלב שיבולת שועל', price: 200 }],
    },
    {
      productId: 11,
      name: 'קרואסון',
      price: '12.50',
      quantity: 1,
      options: [{ id: ONION, name: 'בצל', price: 0, without: true }],
    },
  ];
  afterEach(() => {
    document.cookie = `${cartCookieName('demo')}=; Path=/; Max-Age=0`;
  });

  it('shows each line with its choices, the same before and after the hydration', async () => {
    saveCart('demo', lines);
    history.replaceState(null, '', '/cart/demo');
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = renderStepMarkup({
      page: 'cart',
      business: menu.business,
      cookies: document.cookie,
      search: '',
    });
    document.body.append(container);
    const drawn = container.innerHTML;
    expect([...container.querySelectorAll('[data-testid="line-options"]')].map((list) => list.textContent)).toEqual([
      'חלב שיבולת שועל +₪2.00',
      'בלי בצל',
    ]);
    expect(container.querySelector('[data-testid="cart-total"]')?.textContent).toContain('₪58.50');
    const errors = vi.fn();
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <DinerApp hydrating />
          </StrictMode>,
          { onRecoverableError: errors },
        );
      });
    });
    await waitFor(() => expect(screen.getAllByTestId('edit-line')).toHaveLength(2));
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelectorAll('[data-testid="line-options"]')).toHaveLength(2);
    expect(drawn).toContain('חלב שיבולת שועל');
  });
});

describe('the app starts after the first paint', () => {
  function fakeWindow(withMarkup: boolean, paintTiming: boolean) {
    const doc = document.implementation.createHTMLDocument();
    const root = doc.createElement('div');
    root.id = 'root';
    if (withMarkup) root.innerHTML = '<p>menu</p>';
    doc.body.append(root);
    let report: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
    class Observer {
      static supportedEntryTypes = paintTiming ? ['paint'] : [];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    const timers: (() => void)[] = [];
    const win = {
      document: doc,
      PerformanceObserver: Observer,
      requestAnimationFrame: (callback: () => void) => timers.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
    } as unknown as Window;
    return {
      win,
      paint: (name: string) => report?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }),
      runTimers: () => timers.splice(0).forEach((callback) => callback()),
    };
  }

  it('starts at once on a page with nothing drawn yet', () => {
    const start = vi.fn();
    afterFirstPaint(start, fakeWindow(false, true).win);
    expect(start).toHaveBeenCalledOnce();
  });

  it('waits for the first contentful paint of the server-rendered menu, and starts once', () => {
    const start = vi.fn();
    const page = fakeWindow(true, true);
    afterFirstPaint(start, page.win);
    expect(start).not.toHaveBeenCalled();
    page.paint('first-paint');
    expect(start).not.toHaveBeenCalled();
    page.paint('first-contentful-paint');
    expect(start).toHaveBeenCalledOnce();
    page.runTimers();
    expect(start).toHaveBeenCalledOnce();
  });

  it('without paint timing, starts after the next frame', () => {
    const start = vi.fn();
    const page = fakeWindow(true, false);
    afterFirstPaint(start, page.win);
    expect(start).not.toHaveBeenCalled();
    page.runTimers();
    page.runTimers();
    expect(start).toHaveBeenCalledOnce();
  });
});
