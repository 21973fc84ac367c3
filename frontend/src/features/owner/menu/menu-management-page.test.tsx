import { uiMessagesHe, validationMessagesHe } from '@tafrit/contracts/messages.he';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import type { Category, Product } from '../shared/api/menu';
import { FakeXhr } from '@/test/fake-xhr';

const m = heOwner.menuManagement;

const drinks: Category = { id: 1, name: 'שתייה', order: 0, createdAt: '2026-01-01T00:00:00.000Z' };
const mains: Category = { id: 2, name: 'מנות עיקריות', order: 1, createdAt: '2026-01-01T00:00:00.000Z' };
const lemonade: Product = {
  id: 10,
  categoryId: 1,
  name: 'לימונדה',
  description: 'סחוטה במקום',
  price: '14.00',
  image: { small: '/uploads/lemonade-small.webp', large: '/uploads/lemonade.webp' },
  isActive: true,
  tags: ['vegan'],
  createdAt: '2026-01-01T00:00:00.000Z',
  optionGroupIds: [],
};
const schnitzel: Product = {
  id: 11,
  categoryId: 2,
  name: 'שניצל',
  description: null,
  price: '62.5',
  image: null,
  isActive: false,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  optionGroupIds: [],
};
const burger: Product = { ...schnitzel, id: 12, name: 'המבורגר', isActive: true };

function menuServer(
  initial: { categories: Category[]; products: Product[] },
  answer?: (call: ApiCall) => Response | undefined,
) {
  const state = { categories: [...initial.categories], products: [...initial.products] };
  const calls = stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === '/api/categories' && call.method === 'GET')
      return json({ success: true, data: state.categories });
    if (call.path === '/api/products' && call.method === 'GET') return json({ success: true, data: state.products });
    if (call.path === '/api/option-groups' && call.method === 'GET') return json({ success: true, data: [] });
    if (call.path === '/api/categories' && call.method === 'POST') {
      const name = (call.body as { name: string }).name;
      state.categories.push({ id: 99, name, order: state.categories.length, createdAt: '' });
      return json({ success: true, data: { category: state.categories.at(-1) } }, 201);
    }
    if (call.path === '/api/categories/order' && call.method === 'PATCH') {
      const ids = (call.body as { ids: number[] }).ids;
      state.categories = ids.map((id, order) => ({ ...state.categories.find((c) => c.id === id)!, order }));
      return json({ success: true, data: null });
    }
    const categoryId = /^\/api\/categories\/(\d+)$/.exec(call.path)?.[1];
    if (categoryId && call.method === 'DELETE') {
      state.categories = state.categories.filter((c) => c.id !== Number(categoryId));
      state.products = state.products.filter((p) => p.categoryId !== Number(categoryId));
      return json({ success: true, data: null });
    }
    const availability = /^\/api\/products\/(\d+)\/availability$/.exec(call.path)?.[1];
    if (availability) {
      const isActive = (call.body as { isActive: boolean }).isActive;
      state.products = state.products.map((p) => (p.id === Number(availability) ? { ...p, isActive } : p));
      return json({ success: true, data: null });
    }
    return undefined;
  });
  return { calls, state };
}

function renderMenu(path = '/menu-management') {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
  FakeXhr.last = null;
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('menu management', () => {
  it('shows the empty state, and the add-product button says a category must come first', async () => {
    menuServer({ categories: [], products: [] });
    renderMenu('/menu');
    expect(await screen.findByTestId('categories-empty')).toHaveProperty('textContent', m.categories.empty);
    const add = screen.getByRole('button', { name: m.products.add });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(add.getAttribute('title')).toBe('יש להוסיף קטגוריה תחילה');
    const describedBy = add.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('יש להוסיף קטגוריה תחילה');
    await userEvent.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('links to the public menu in a new tab', async () => {
    menuServer({ categories: [drinks], products: [] });
    renderMenu();
    const link = await screen.findByTestId('public-menu-link');
    expect(link.getAttribute('href')).toBe('/menu/demo');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });

  it('selects a category to show its products, and a second click shows all again', async () => {
    menuServer({ categories: [drinks, mains], products: [lemonade, schnitzel] });
    renderMenu();
    await screen.findByRole('heading', { name: 'לימונדה' });
    expect(screen.getAllByTestId('product-row')).toHaveLength(2);
    expect(screen.getAllByTestId('product-category').map((p) => p.textContent)).toEqual(['שתייה', 'מנות עיקריות']);
    const drinksButton = screen.getByRole('button', { name: /^שתייה/ });
    expect(drinksButton.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(drinksButton);
    expect(drinksButton.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('product-row')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: m.products.categoryTitle('שתייה') })).toBeTruthy();

    await userEvent.click(drinksButton);
    expect(drinksButton.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByTestId('product-row')).toHaveLength(2);
  });

  it('shows each product with its image, price in shekels, tags and availability', async () => {
    menuServer({ categories: [drinks, mains], products: [lemonade, schnitzel] });
    renderMenu();
    const row = (await screen.findByRole('heading', { name: 'לימונדה' })).closest('li')!;
    expect(within(row).getByRole('img').getAttribute('src')).toBe('/uploads/lemonade-small.webp');
    expect(within(row).getByText('₪14.00').getAttribute('dir')).toBe('ltr');
    expect(within(row).getByText('טבעוני')).toBeTruthy();
    expect(within(row).getByText('זמין')).toBeTruthy();
    const soldOut = screen.getByRole('heading', { name: 'שניצל' }).closest('li')!;
    expect(within(soldOut).getByText('₪62.50')).toBeTruthy();
    expect(within(soldOut).getByText('אזל היום')).toBeTruthy();
  });

  it('marks a product sold out with its switch', async () => {
    const { calls } = menuServer({ categories: [drinks], products: [lemonade] });
    renderMenu();
    const toggle = await screen.findByRole('switch', { name: m.products.availability('לימונדה') });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/products/10/availability',
      body: { isActive: false },
    });
    expect(await screen.findByText('אזל היום')).toBeTruthy();
  });

  it('asks before deleting a category, naming how many products go with it', async () => {
    const { calls } = menuServer({ categories: [drinks, mains], products: [lemonade, schnitzel, burger] });
    renderMenu();
    await screen.findByRole('heading', { name: 'שניצל' });
    await userEvent.click(screen.getByRole('button', { name: 'מחיקה מנות עיקריות' }));
    const dialog = await screen.findByRole('dialog', { name: m.categories.deleteTitle });
    expect(dialog.textContent).toContain('למחוק את הקטגוריה "מנות עיקריות"?');
    expect(dialog.textContent).toContain('גם 2 המוצרים שבה יימחקו');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: m.categories.confirmDelete }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/categories/2');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'שניצל' })).toBeNull());
    expect(await screen.findByText(m.categories.deleted)).toBeTruthy();
  });

  it('shows the spec toast when deleting a category fails', async () => {
    menuServer({ categories: [drinks], products: [] }, (call) =>
      call.method === 'DELETE' ? failure(404, 'not_found', 'הפריט המבוקש לא נמצא') : undefined,
    );
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'מחיקה שתייה' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('אין בה מוצרים.');
    await userEvent.click(within(dialog).getByRole('button', { name: m.categories.confirmDelete }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(uiMessagesHe.categoryDeleteError);
    expect(toast.textContent).toContain('הפריט המבוקש לא נמצא');
  });

  it('moves a category down with its button, tells a screen reader, and saves the order', async () => {
    const { calls } = menuServer({ categories: [drinks, mains], products: [] });
    renderMenu();
    const up = await screen.findByRole('button', { name: m.categories.moveUp('שתייה') });
    expect((up as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: m.categories.moveDown('שתייה') }));
    expect(screen.getByTestId('category-announcement').textContent).toBe(m.categories.moved('שתייה', 2, 2));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/api/categories/order',
        body: { ids: [2, 1] },
      }),
    );
    const names = screen.getAllByRole('button', { pressed: false }).map((button) => button.textContent);
    expect(names[0]).toContain('מנות עיקריות');
    expect(names[1]).toContain('שתייה');
  });

  it('adds a category from its dialog and checks the name', async () => {
    const { calls } = menuServer({ categories: [], products: [] });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: m.categories.add }));
    const dialog = await screen.findByRole('dialog', { name: m.categories.addTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: m.categories.save }));
    expect(await within(dialog).findByText(validationMessagesHe.categoryNameRequired)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(m.categories.name), 'קינוחים');
    await userEvent.click(within(dialog).getByRole('button', { name: m.categories.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'קינוחים' });
    expect(await screen.findByRole('button', { name: /^קינוחים/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: m.products.add }).getAttribute('aria-disabled')).toBeNull();
  });

  it('uses one product dialog that switches between adding and editing', async () => {
    menuServer({ categories: [drinks], products: [lemonade] });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: m.products.add }));
    let dialog = await screen.findByRole('dialog', { name: 'הוספת מוצר' });
    expect((within(dialog).getByLabelText(m.products.name) as HTMLInputElement).value).toBe('');
    await userEvent.click(within(dialog).getAllByRole('button', { name: m.cancel })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'עריכה לימונדה' }));
    dialog = await screen.findByRole('dialog', { name: 'עריכת מוצר' });
    expect((within(dialog).getByLabelText(m.products.name) as HTMLInputElement).value).toBe('לימונדה');
    expect((within(dialog).getByLabelText(m.products.price) as HTMLInputElement).value).toBe('14.00');
    expect((within(dialog).getByLabelText('טבעוני') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByTestId('product-image-preview').getAttribute('src')).toBe(
      '/uploads/lemonade-small.webp',
    );
  });

  it('adds a product with an image, showing the upload percentage', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:preview') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    menuServer({ categories: [drinks], products: [] });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /^שתייה/ }));
    await userEvent.click(screen.getByRole('button', { name: m.products.add }));
    const dialog = await screen.findByRole('dialog', { name: 'הוספת מוצר' });

    await userEvent.click(within(dialog).getByRole('button', { name: m.products.save }));
    expect(await within(dialog).findByText(validationMessagesHe.productNameRequired)).toBeTruthy();
    expect(within(dialog).getByText(validationMessagesHe.priceRequired)).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(m.products.name), 'תה קר');
    // A decimal comma, as a Hebrew keyboard types it: ₪12.50, never ₪125.
    await userEvent.type(within(dialog).getByLabelText(m.products.price), '12,5');
    await userEvent.click(within(dialog).getByLabelText('צמחוני'));
    await userEvent.click(within(dialog).getByLabelText('ללא גלוטן'));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'tea.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText(m.products.chooseImage), file);
    expect(within(dialog).getByTestId('product-image-preview').getAttribute('src')).toBe('blob:preview');

    await userEvent.click(within(dialog).getByRole('button', { name: m.products.save }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/products');
    expect(xhr.body?.get('name')).toBe('תה קר');
    expect(xhr.body?.get('price')).toBe('12.50');
    // Sent empty, so an edit that empties the description clears it (absent would keep it).
    expect(xhr.body?.get('description')).toBe('');
    expect(xhr.body?.get('categoryId')).toBe('1');
    expect(xhr.body?.get('tags')).toBe('vegetarian,gluten_free');
    expect(xhr.body?.get('image')).toBeInstanceOf(File);

    act(() => xhr.progress(40, 100));
    const bar = within(dialog).getByRole('progressbar', { name: m.products.uploadProgress });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(within(dialog).getByText('40%')).toBeTruthy();
    act(() => xhr.respond(201, { success: true, data: { product: {} } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(m.products.added)).toBeTruthy();
  });

  it('edits a product and can remove its image', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    menuServer({ categories: [drinks], products: [lemonade] });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'עריכה לימונדה' }));
    const dialog = await screen.findByRole('dialog', { name: 'עריכת מוצר' });
    await userEvent.click(within(dialog).getByRole('button', { name: m.products.removeImage }));
    expect(within(dialog).queryByTestId('product-image-preview')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: m.products.save }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(FakeXhr.last!.method).toBe('PUT');
    expect(FakeXhr.last!.url).toBe('/api/products/10');
    expect(FakeXhr.last!.body?.get('removeImage')).toBe('true');
    act(() => FakeXhr.last!.respond(413, { success: false, code: 'payload.too_large', message: 'גדול מדי' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(uiMessagesHe.productUpdateError);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says the upload failed when the connection breaks while sending the photo', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:preview') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    menuServer({ categories: [drinks], products: [lemonade] });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'עריכה לימונדה' }));
    const dialog = await screen.findByRole('dialog', { name: 'עריכת מוצר' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText(m.products.replaceImage), file);
    await userEvent.click(within(dialog).getByRole('button', { name: m.products.save }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.onerror?.());
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(uiMessagesHe.productUpdateError);
    expect(toast.textContent).toContain(uiMessagesHe.uploadFailed);
  });

  it('asks before deleting a product, then deletes it', async () => {
    const { calls } = menuServer({ categories: [drinks], products: [lemonade] }, (call) =>
      call.method === 'DELETE' && call.path === '/api/products/10' ? json({ success: true, data: null }) : undefined,
    );
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'מחיקה לימונדה' }));
    const dialog = await screen.findByRole('dialog', { name: m.products.deleteTitle });
    expect(dialog.textContent).toContain('למחוק את המוצר "לימונדה"?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: m.products.confirmDelete }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/products/10')).toBe(true));
    expect(await screen.findByText(m.products.deleted)).toBeTruthy();
  });
});
