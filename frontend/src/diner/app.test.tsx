import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DinerApp } from './app';
import type { PublicMenu } from './menu-types';

const menu: PublicMenu = {
  ordering: { open: true, reason: null, opensAt: null },
  business: { businessName: 'קפה הגפן', logo: null, departmentId: 'demo' },
  categories: [
    { id: 2, name: 'מאפים', order: 1 },
    { id: 1, name: 'שתייה חמה', order: 0 },
    { id: 3, name: 'ריקה', order: 2 },
  ],
  products: [
    {
      id: 10,
      categoryId: 1,
      name: 'הפוך',
      description: 'אספרסו וחלב',
      price: '14.00',
      image: { small: '/uploads/products/a-400.webp', large: '/uploads/products/a-800.webp' },
      tags: ['vegetarian'],
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

function inline(id: string, value: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = JSON.stringify(value);
  document.body.append(script);
}

function openAt(url: string) {
  history.replaceState(null, '', url);
  return render(<DinerApp />);
}

afterEach(() => {
  document.querySelectorAll('script[type="application/json"]').forEach((script) => script.remove());
  localStorage.clear();
  document.title = '';
});

describe('the diner menu', () => {
  it('renders the inline menu at once, in category order, without asking the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    inline('menu-data', menu);
    openAt('/menu/demo?table=4');
    expect(screen.getByRole('heading', { level: 1, name: 'קפה הגפן' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['שתייה חמה', 'מאפים']);
    const links = screen.getByRole('navigation', { name: 'קטגוריות בתפריט' }).querySelectorAll('a');
    expect([...links].map((a) => a.getAttribute('href'))).toEqual(['#category-1', '#category-2']);
    expect(screen.getByText('₪14.00').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('צמחוני')).toBeTruthy();
    // The card's thumbnail: the 400-px file at its true size, with the page (a first-screen card; product-photo.test.tsx).
    const image = screen.getByTestId('product-photo');
    expect(image.getAttribute('src')).toBe('/uploads/products/a-400.webp');
    expect(image.getAttribute('loading')).toBe('eager');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['400', '300']);
    expect(screen.getByTestId('table').textContent).toBe('שולחן 4');
    await waitFor(() => expect(document.title).toBe('קפה הגפן | תפריט'));
    expect(localStorage.getItem('currentDepartmentId')).toBe('demo');
    expect(localStorage.getItem('table_demo')).toBe('4');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('adds, counts, announces and removes at zero', async () => {
    inline('menu-data', menu);
    openAt('/menu/demo');
    fireEvent.click(screen.getByRole('button', { name: 'הוספה של הפוך לעגלה' }));
    fireEvent.click(screen.getByRole('button', { name: 'הוספת עוד הפוך' }));
    expect(screen.getByRole('link', { name: /^העגלה,\s*2\s*פריטים$/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toBe('הפוך נוסף לעגלה. בעגלה 2 פריטים.'));
    expect(JSON.parse(localStorage.getItem('cart_demo') ?? '[]')).toEqual([
      { productId: 10, name: 'הפוך', price: '14.00', quantity: 2 },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'הפחתת הפוך אחד' }));
    fireEvent.click(screen.getByRole('button', { name: 'הסרת הפוך מהעגלה' }));
    expect(localStorage.getItem('cart_demo')).toBeNull();
    expect(screen.getByRole('link', { name: /^העגלה,\s*ריקה$/ })).toBeTruthy();
  });

  it('says the menu was not found, from the page or without any department', () => {
    inline('menu-status', { status: 'not_found', departmentId: 'nope' });
    const first = openAt('/menu/nope');
    expect(screen.getByRole('heading', { level: 1, name: 'התפריט לא נמצא' })).toBeTruthy();
    first.unmount();
    openAt('/order');
    expect(screen.getByTestId('menu-not-found')).toBeTruthy();
  });

  it('says the menu was not found and leads home on every alias a device without a menu opens', () => {
    // A phone with nothing stored: no department in the address, none remembered (issue 29, item 10).
    const errors = vi.spyOn(console, 'error');
    for (const path of ['/order', '/cart', '/checkout', '/shopping-cart', '/shoppingcart', '/thank-you', '/thankyou']) {
      const view = openAt(path);
      expect(screen.getByRole('heading', { level: 1, name: 'התפריט לא נמצא' }), path).toBeTruthy();
      expect(screen.getByRole('link', { name: 'לדף הבית' }).getAttribute('href')).toBe('/');
      view.unmount();
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it('says the menu was not found on the cart of an unknown menu', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: false, error: { code: 'menu.not_found', message: 'התפריט לא נמצא' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    openAt('/cart/nosuchmenu1');
    expect(await screen.findByRole('heading', { level: 1, name: 'התפריט לא נמצא' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'לדף הבית' }).getAttribute('href')).toBe('/');
  });

  it('shows a product sold out for today as sold out, with nothing to add', () => {
    // A department of its own: the page's data is read once per department and visit.
    inline('menu-data', {
      ...menu,
      business: { ...menu.business, departmentId: 'soldout' },
      products: [...menu.products, { ...menu.products[1]!, id: 12, name: 'בורקס', soldOut: true }],
    });
    openAt('/menu/soldout');
    const card = screen.getByRole('heading', { level: 3, name: 'בורקס' }).closest('li')!;
    expect(within(card).getByTestId('sold-out').textContent).toBe('אזל להיום');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'הוספה של קרואסון לעגלה' })).toBeTruthy();
  });

  it('keeps no column for the accessibility button: its room is in the header, at its height (decision 038)', async () => {
    const { readFileSync } = await import('node:fs');
    inline('menu-data', { ...menu, business: { ...menu.business, departmentId: 'room' } });
    openAt('/menu/room?table=4');
    // The button is part of the page's top (it scrolls with it), not a layer over the content.
    const toggle = screen.getByTestId('a11y-toggle');
    expect(toggle.className).toMatch(/(^| )absolute( |$)/);
    expect(toggle.className).not.toMatch(/(^| )fixed( |$)/);
    // The header's lower row, where the button sits, keeps its room; the name above it has the whole width.
    const header = screen.getByRole('banner');
    const name = within(header).getByRole('heading', { level: 1, name: 'קפה הגפן' });
    expect(name.className).not.toMatch(/truncate/);
    const controls = screen.getByTestId('header-cart').parentElement!;
    expect(controls.className).toContain('pe-[var(--a11y-room)]');
    expect(controls.contains(name)).toBe(false);
    expect(header.firstElementChild!.className).toContain('min-h-[var(--a11y-band-end)]');
    // No gutter on any page (decision 038): the shared stylesheet sets none on the body.
    const widgetCss = readFileSync(`${process.cwd()}/src/components/a11y-widget/a11y-widget.css`, 'utf8');
    expect(widgetCss).not.toMatch(/body\s*\{[^}]*padding-inline-end/);
  });

  it('says a paused business takes no orders now', () => {
    inline('menu-status', { status: 'unavailable', departmentId: 'paused', businessName: 'קפה סגור' });
    openAt('/menu/paused');
    expect(screen.getByRole('heading', { level: 1, name: 'העסק אינו מקבל הזמנות כרגע' })).toBeTruthy();
    expect(screen.getByText(/קפה סגור/)).toBeTruthy();
  });

  it('marks the category chip jumped to', async () => {
    inline('menu-data', menu);
    openAt('/menu/demo');
    const bar = screen.getByRole('navigation', { name: 'קטגוריות בתפריט' });
    const pastries = within(bar).getByRole('link', { name: 'מאפים' });
    expect(bar.querySelector('[aria-current]')).toBeNull();
    fireEvent.click(pastries);
    await waitFor(() => expect(pastries.getAttribute('aria-current')).toBe('location'));
    expect(bar.querySelectorAll('[aria-current]')).toHaveLength(1);
    // The browser's back or a typed address moves the mark too.
    act(() => {
      history.replaceState(null, '', '/menu/demo#category-1');
      dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(within(bar).getByRole('link', { name: 'שתייה חמה' }).getAttribute('aria-current')).toBe('location');
    expect(pastries.getAttribute('aria-current')).toBeNull();
  });

  it('asks the API when the page holds no menu (/order with the stored department)', async () => {
    localStorage.setItem('currentDepartmentId', 'elsewhere');
    const elsewhere = { ...menu, business: { ...menu.business, departmentId: 'elsewhere' } };
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ success: true, data: elsewhere }), { status: 200 }));
    openAt('/order');
    expect(await screen.findByRole('heading', { level: 1, name: 'קפה הגפן' })).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledWith('/api/menu/elsewhere', expect.anything());
  });
});

describe('the cart page', () => {
  it('sets exact quantities, keeps remarks, and blocks payment when empty', async () => {
    localStorage.setItem('cart_demo', JSON.stringify([{ productId: 10, name: 'הפוך', price: '14.00', quantity: 2 }]));
    openAt('/cart/demo');
    await screen.findByRole('heading', { level: 1, name: 'העגלה שלך' });
    expect(screen.getByTestId('cart-total').textContent).toContain('₪28.00');
    const quantity = screen.getByRole('spinbutton', { name: 'כמות של הפוך' });
    fireEvent.change(quantity, { target: { value: '3' } });
    expect(screen.getByTestId('cart-total').textContent).toContain('₪42.00');
    const remarks = screen.getByRole('textbox', { name: 'הערות למטבח (לא חובה)' });
    fireEvent.change(remarks, { target: { value: 'בלי בצל' } });
    expect(localStorage.getItem('remarks_demo')).toBe('בלי בצל');
    expect(screen.getByText('7 מתוך 500 תווים')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '0' } });
    expect(screen.getByTestId('cart-empty').textContent).toBe('העגלה ריקה');
    act(() => screen.getByRole('button', { name: 'מעבר לתשלום' }).click());
    expect(screen.getByRole('alert').textContent).toBe('העגלה ריקה, נא להוסיף פריטים לפני התשלום');
    expect(location.pathname).toBe('/cart/demo');
  });

  it('opened cold, shows the café by name and marks payment unavailable while the cart is empty', async () => {
    // A department this visit never saw (the menus read earlier in this file stay in memory, as in a visit).
    const cold = { ...menu, business: { ...menu.business, businessName: 'קפה הקור', departmentId: 'cold' } };
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ success: true, data: cold }), { status: 200 }));
    openAt('/cart/cold');
    await screen.findByRole('heading', { level: 1, name: 'העגלה שלך' });
    await waitFor(() => expect(screen.getByText('קפה הקור')).toBeTruthy());
    expect(screen.queryByText('תפריט')).toBeNull();
    expect(fetchSpy).toHaveBeenCalledWith('/api/menu/cold', expect.anything());
    const toPayment = screen.getByRole('button', { name: 'מעבר לתשלום' });
    expect(toPayment.getAttribute('aria-disabled')).toBe('true');
    expect(toPayment.getAttribute('aria-describedby')).toBe(screen.getByTestId('cart-empty').id);
  });

  it('opened cold on the page the server filled, names the café from the page without asking for the menu', async () => {
    inline('business-data', { departmentId: 'warm', businessName: 'קפה החום', logo: null });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    openAt('/checkout/warm');
    await screen.findByText('קפה החום');
    openAt('/cart/warm');
    expect((await screen.findAllByText('קפה החום')).length).toBeGreaterThan(0);
    expect(fetchSpy).not.toHaveBeenCalledWith('/api/menu/warm', expect.anything());
  });

  it('counts emoji in the remarks as one character each and never keeps half of one', async () => {
    localStorage.setItem('cart_demo', JSON.stringify([{ productId: 10, name: 'הפוך', price: '14.00', quantity: 1 }]));
    openAt('/cart/demo');
    const remarks = await screen.findByRole('textbox', { name: 'הערות למטבח (לא חובה)' });
    fireEvent.change(remarks, { target: { value: 'בלי בצל 😀' } });
    expect(screen.getByText('9 מתוך 500 תווים')).toBeTruthy();
    fireEvent.change(remarks, { target: { value: `${'א'.repeat(499)}😀😀` } });
    expect(localStorage.getItem('remarks_demo')).toBe(`${'א'.repeat(499)}😀`);
    expect(screen.getByText('500 מתוך 500 תווים')).toBeTruthy();
    fireEvent.change(remarks, { target: { value: 'שלום \ud83d' } });
    expect(localStorage.getItem('remarks_demo')).toBe('שלום ');
  });

  it('goes to payment with items, without reloading', async () => {
    localStorage.setItem('cart_demo', JSON.stringify([{ productId: 10, name: 'הפוך', price: '14.00', quantity: 1 }]));
    // The checkout asks for a payment page at once (checkout-page.test.tsx covers that call).
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
    openAt('/cart/demo');
    fireEvent.click(await screen.findByRole('button', { name: 'מעבר לתשלום' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'תשלום' })).toBeTruthy();
    expect(location.pathname).toBe('/checkout/demo');
    expect(screen.getByTestId('checkout-amount').textContent).toContain('₪14.00');
    expect(screen.getByText('מכינים את דף התשלום…').getAttribute('role')).toBe('status');
  });
});
