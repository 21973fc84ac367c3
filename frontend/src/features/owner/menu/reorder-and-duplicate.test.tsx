import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { withProductOrder, type Category, type Product } from '../shared/api/menu';

const m = heOwner.menuManagement;

const drinks: Category = { id: 1, name: 'שתייה', order: 0, createdAt: '2026-01-01T00:00:00.000Z' };
const pastries: Category = { id: 2, name: 'מאפים', order: 1, createdAt: '2026-01-01T00:00:00.000Z' };
const product = (id: number, categoryId: number, name: string): Product => ({
  id,
  categoryId,
  name,
  description: null,
  price: '12.00',
  image: null,
  isActive: true,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  optionGroupIds: [],
});
const espresso = product(10, 1, 'אספרסו');
const latte = product(11, 1, 'הפוך');
const croissant = product(20, 2, 'קרואסון');
const tea = product(12, 1, 'תה');

function menuServer(products: Product[], answer?: (call: ApiCall) => Response | undefined) {
  const state = { products: [...products] };
  const calls = stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === '/api/categories' && call.method === 'GET')
      return json({ success: true, data: [drinks, pastries] });
    if (call.path === '/api/products' && call.method === 'GET') return json({ success: true, data: state.products });
    if (call.path === '/api/option-groups' && call.method === 'GET') return json({ success: true, data: [] });
    if (call.path === '/api/categories/order' && call.method === 'PATCH') return json({ success: true, data: [] });
    const order = /^\/api\/categories\/(\d+)\/products\/order$/.exec(call.path)?.[1];
    if (order && call.method === 'PATCH') {
      state.products = withProductOrder(state.products, Number(order), (call.body as { ids: number[] }).ids);
      return json({ success: true, data: state.products });
    }
    const original = /^\/api\/products\/(\d+)\/duplicate$/.exec(call.path)?.[1];
    if (original && call.method === 'POST') {
      const source = state.products.find((p) => p.id === Number(original))!;
      const copy = { ...source, id: 99, name: `${source.name} (עותק)` };
      const at = state.products.indexOf(source);
      state.products = [...state.products.slice(0, at + 1), copy, ...state.products.slice(at + 1)];
      return json({ success: true, data: copy }, 201);
    }
    return undefined;
  });
  return { calls, state };
}

function renderMenu() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/menu-management'] }) });
  render(<RouterProvider router={router} />);
}

const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByTestId('product-row')
    .map((row) => within(row).getByRole('heading').textContent);

// jsdom lays nothing out: each sortable row gets a box by its place in its list, so dnd-kit's keyboard sensor can
// find the row above or below, as it does in a browser.
function layOutRows() {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('li');
    const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
    const top = index * 100;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 80, width: 300, height: 80, toJSON: () => ({}) };
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  resetToasts();
});

describe("a category's products in order", () => {
  it('keeps the server order inside each category, one named list per category, each row with a drag handle', async () => {
    menuServer([tea, croissant, espresso, latte]);
    renderMenu();
    const drinksList = await screen.findByRole('list', { name: m.products.listOf('שתייה') });
    expect(rowNames(drinksList)).toEqual(['תה', 'אספרסו', 'הפוך']);
    expect(rowNames(screen.getByRole('list', { name: m.products.listOf('מאפים') }))).toEqual(['קרואסון']);
    const handle = within(drinksList).getByRole('button', { name: m.reorder.handle('תה') });
    expect(handle.getAttribute('aria-roledescription')).toBe(m.reorder.roleDescription);
    // dnd-kit's instructions, in Hebrew, are what the handle is described by.
    const describedBy = handle.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(m.reorder.instructions);
  });

  it('moves a product down by keyboard, announces it in Hebrew, and saves the whole order in one request', async () => {
    const { calls } = menuServer([espresso, latte, tea, croissant]);
    renderMenu();
    const drinksList = await screen.findByRole('list', { name: m.products.listOf('שתייה') });
    layOutRows();
    const handle = within(drinksList).getByRole('button', { name: m.reorder.handle('אספרסו') });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await screen.findByText(m.reorder.picked('אספרסו', 1, 3));
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await screen.findByText(m.reorder.over('אספרסו', 2, 3));
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await screen.findByText(m.reorder.dropped('אספרסו', 2, 3));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: '/api/categories/1/products/order', body: { ids: [11, 10, 12] } }),
      ]),
    );
    await waitFor(() =>
      expect(rowNames(screen.getByRole('list', { name: m.products.listOf('שתייה') }))).toEqual([
        'הפוך',
        'אספרסו',
        'תה',
      ]),
    );
  });

  it('puts the old order back with a Hebrew error when the server refuses the new one', async () => {
    menuServer([espresso, latte, tea], (call) =>
      call.method === 'PATCH'
        ? failure(400, 'validation.failed', 'הבקשה לא תקינה', {
            fields: { ids: 'יש לשלוח את כל המוצרים של הקטגוריה, כל אחד פעם אחת' },
          })
        : undefined,
    );
    renderMenu();
    const drinksList = await screen.findByRole('list', { name: m.products.listOf('שתייה') });
    layOutRows();
    const handle = within(drinksList).getByRole('button', { name: m.reorder.handle('תה') });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await screen.findByText(m.reorder.picked('תה', 3, 3));
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await screen.findByText(m.reorder.over('תה', 2, 3));
    fireEvent.keyDown(document, { code: 'Enter', key: 'Enter' });
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(m.products.reorderError);
    expect(toast.textContent).toContain('הבקשה לא תקינה');
    await waitFor(() =>
      expect(rowNames(screen.getByRole('list', { name: m.products.listOf('שתייה') }))).toEqual([
        'אספרסו',
        'הפוך',
        'תה',
      ]),
    );
  });

  it("moves a category by keyboard too, saving the categories' new order", async () => {
    const { calls } = menuServer([espresso, croissant]);
    renderMenu();
    const panel = await screen.findByTestId('category-panel');
    await within(panel).findByRole('button', { name: m.reorder.handle('מאפים') });
    layOutRows();
    const handle = within(panel).getByRole('button', { name: m.reorder.handle('מאפים') });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await screen.findByText(m.reorder.picked('מאפים', 2, 2));
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await screen.findByText(m.reorder.over('מאפים', 1, 2));
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: '/api/categories/order',
        body: { ids: [2, 1] },
      }),
    );
  });

  it("places a category's products in the order given, in the places that category held", () => {
    expect(withProductOrder([espresso, croissant, latte, tea], 1, [12, 10, 11]).map((p) => p.id)).toEqual([
      12, 20, 10, 11,
    ]);
  });
});

describe('duplicating a product', () => {
  it('asks the server for a copy, says so, and takes the focus to the copy right after the original', async () => {
    const { calls } = menuServer([espresso, latte, tea]);
    renderMenu();
    const latteRow = (await screen.findByRole('heading', { name: 'הפוך' })).closest('li')!;
    await userEvent.click(within(latteRow).getByRole('button', { name: `${m.products.duplicateShort} הפוך` }));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/api/products/11/duplicate' });
    expect((await screen.findByTestId('toast')).textContent).toContain(m.products.duplicated('הפוך (עותק)'));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-product-id')).toBe('99'));
    expect(rowNames(screen.getByRole('list', { name: m.products.listOf('שתייה') }))).toEqual([
      'אספרסו',
      'הפוך',
      'הפוך (עותק)',
      'תה',
    ]);
  });

  it('says why when the copy is refused, and leaves the focus where it was', async () => {
    menuServer([espresso], (call) =>
      call.method === 'POST' ? failure(404, 'not_found', 'הפריט המבוקש לא נמצא') : undefined,
    );
    renderMenu();
    const button = await screen.findByRole('button', { name: `${m.products.duplicateShort} אספרסו` });
    await userEvent.click(button);
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(m.products.duplicateError);
    expect(toast.textContent).toContain('הפריט המבוקש לא נמצא');
    await act(() => Promise.resolve());
    expect(document.activeElement).toBe(button);
    expect(screen.getAllByTestId('product-row')).toHaveLength(1);
  });
});
