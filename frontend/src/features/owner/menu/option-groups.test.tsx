import axe from 'axe-core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import type { Category, Product } from '../shared/api/menu';
import type { OptionGroup } from '../shared/api/option-groups';

const m = heOwner.menuManagement;
const t = m.optionGroups;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MILK = uuid(1);
const WITHOUT = uuid(2);
const REGULAR = uuid(11);
const OAT = uuid(12);
const ONION = uuid(21);

const drinks: Category = { id: 1, name: 'שתייה חמה', order: 0, createdAt: '2026-01-01T00:00:00.000Z' };
const latte: Product = {
  id: 10,
  categoryId: 1,
  name: 'הפוך',
  description: null,
  price: '14.00',
  image: null,
  isActive: true,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  optionGroupIds: [MILK],
};
const espresso: Product = { ...latte, id: 11, name: 'אספרסו', price: '9.00', optionGroupIds: [] };
const milk: OptionGroup = {
  id: MILK,
  name: 'סוג חלב',
  minChoices: 1,
  maxChoices: 1,
  without: false,
  options: [
    { id: REGULAR, name: 'חלב רגיל', price: '0.00', available: true, isDefault: true },
    { id: OAT, name: 'חלב שיבולת שועל', price: '2.00', available: true, isDefault: false },
  ],
  productIds: [10],
};
const without: OptionGroup = {
  id: WITHOUT,
  name: 'בלי',
  minChoices: 0,
  maxChoices: 3,
  without: true,
  options: [{ id: ONION, name: 'בלי בצל', price: '0.00', available: true, isDefault: false }],
  productIds: [],
};

/** A small server: the lists, and the writes the section makes, kept in `state` so refetches show them. */
function optionsServer(answer?: (call: ApiCall) => Response | undefined) {
  const state = { groups: [structuredClone(milk), structuredClone(without)], products: [latte, espresso] };
  const group = (id: string | undefined) => state.groups.find((g) => g.id === id);
  const calls = stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === '/api/categories') return json({ success: true, data: [drinks] });
    if (call.path === '/api/products' && call.method === 'GET') return json({ success: true, data: state.products });
    if (call.path === '/api/option-groups' && call.method === 'GET') return json({ success: true, data: state.groups });
    if (call.path === '/api/option-groups' && call.method === 'POST') {
      const body = call.body as Omit<OptionGroup, 'id' | 'productIds'>;
      state.groups.push({ ...body, id: uuid(3), options: [], productIds: [] });
      return json({ success: true, data: state.groups.at(-1) }, 201);
    }
    const groupPath = /^\/api\/option-groups\/([^/]+)(\/options(?:\/([^/]+))?(\/availability)?)?$/.exec(call.path);
    if (groupPath) {
      const [, groupId, options, optionId, availability] = groupPath;
      const found = group(groupId);
      if (!found) return failure(404, 'not_found', 'הפריט המבוקש לא נמצא');
      if (!options && call.method === 'DELETE') {
        state.groups = state.groups.filter((g) => g !== found);
        return json({ success: true, data: { deleted: true } });
      }
      if (options && optionId === 'order') {
        const ids = (call.body as { ids: string[] }).ids;
        found.options = ids.map((id) => found.options.find((o) => o.id === id)!);
      } else if (availability) {
        found.options = found.options.map((o) =>
          o.id === optionId ? { ...o, available: (call.body as { available: boolean }).available } : o,
        );
      } else if (options && call.method === 'POST') {
        const body = call.body as { name: string; price: string; isDefault: boolean };
        found.options.push({
          id: uuid(40),
          name: body.name,
          price: body.price,
          isDefault: body.isDefault,
          available: true,
        });
      } else if (options && call.method === 'DELETE') {
        found.options = found.options.filter((o) => o.id !== optionId);
      }
      return json({ success: true, data: found });
    }
    const productPath = /^\/api\/products\/(\d+)\/option-groups\/([^/]+)$/.exec(call.path);
    if (productPath) {
      const [, productId, groupId] = productPath;
      state.products = state.products.map((p) =>
        p.id !== Number(productId)
          ? p
          : groupId === 'order'
            ? { ...p, optionGroupIds: (call.body as { ids: string[] }).ids }
            : call.method === 'PUT'
              ? { ...p, optionGroupIds: [...p.optionGroupIds, groupId!] }
              : { ...p, optionGroupIds: p.optionGroupIds.filter((id) => id !== groupId) },
      );
      return json({ success: true, data: state.products.find((p) => p.id === Number(productId)) });
    }
    return undefined;
  });
  return { calls, state };
}

function renderMenu() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/menu-management'] }) });
  render(<RouterProvider router={router} />);
}

const panel = async () => screen.findByTestId('option-groups-panel');
const card = async (name: string) => (await within(await panel()).findByRole('heading', { name })).closest('li')!;
/** The option's row in a group's card (its name also sits in its buttons' hidden labels). */
const optionRow = (group: HTMLElement, name: string) =>
  within(group)
    .getAllByTestId('option-row')
    .find((row) => row.textContent?.startsWith(name))!;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('option groups on the menu page', () => {
  it('shows each group with its rules, options, added prices, default, "without" mark and the products using it', async () => {
    optionsServer();
    renderMenu();
    const milkCard = await card('סוג חלב');
    expect(within(milkCard).getByTestId('option-group-rules').textContent).toBe('חובה, בחירה אחת');
    expect(within(milkCard).getByTestId('option-group-products').textContent).toBe('משויכת ל: הפוך');
    const oat = optionRow(milkCard, 'חלב שיבולת שועל');
    expect(within(oat).getByText('+₪2.00').getAttribute('dir')).toBe('ltr');
    const regular = optionRow(milkCard, 'חלב רגיל');
    expect(regular.textContent).toContain(t.free);
    expect(regular.textContent).toContain(t.defaultBadge);
    const withoutCard = await card('בלי');
    expect(within(withoutCard).getByTestId('option-group-rules').textContent).toBe('רשות, עד 3 בחירות');
    expect(within(withoutCard).getByTestId('option-group-products').textContent).toBe(t.unused);
    // The product row names the groups it shows.
    const latteRow = screen.getByRole('heading', { name: 'הפוך' }).closest('li')!;
    expect(within(latteRow).getByTestId('product-option-groups').textContent).toBe('תוספות: סוג חלב');
  });

  it("is clean for axe: the section, the group and option dialogs, and a product's groups dialog", async () => {
    optionsServer();
    renderMenu();
    // jsdom draws nothing: colour contrast is the browser suite's to check.
    const violations = async () =>
      (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (violation) => `${violation.id}: ${violation.nodes[0]?.html}`,
      );
    const milkCard = await card('סוג חלב');
    expect(await violations()).toEqual([]);
    await userEvent.click(within(milkCard).getByRole('button', { name: 'עריכה סוג חלב' }));
    await screen.findByRole('dialog', { name: t.editTitle });
    expect(await violations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(optionRow(milkCard, 'חלב שיבולת שועל')).getByRole('button', { name: /^עריכה/ }));
    await screen.findByRole('dialog', { name: t.editOptionTitle });
    expect(await violations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getByRole('heading', { name: 'הפוך' }).closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'תוספות הפוך' }));
    await screen.findByRole('dialog', { name: t.productTitle('הפוך') });
    expect(await violations()).toEqual([]);
  });

  it('creates a required single-choice group from its dialog, checking the fields first', async () => {
    const { calls } = optionsServer();
    renderMenu();
    await userEvent.click(within(await panel()).getByRole('button', { name: t.add }));
    const dialog = await screen.findByRole('dialog', { name: t.addTitle });
    const min = within(dialog).getByLabelText(t.minChoices);
    const max = within(dialog).getByLabelText(t.maxChoices);
    await userEvent.clear(max);
    await userEvent.type(max, '2');
    await userEvent.clear(min);
    await userEvent.type(min, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText('נא להזין שם לקבוצת התוספות')).toBeTruthy();
    expect(within(dialog).getByText('המינימום אינו יכול להיות גדול מהמקסימום')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(t.name), 'תוספות לקפה');
    await userEvent.clear(min);
    await userEvent.type(min, '0');
    const required = within(dialog).getByRole('checkbox', { name: t.required });
    expect((required as HTMLInputElement).checked).toBe(false);
    await userEvent.click(required);
    expect((min as HTMLInputElement).value).toBe('1');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/option-groups')?.body).toEqual({
      name: 'תוספות לקפה',
      minChoices: 1,
      maxChoices: 2,
      without: false,
      options: [],
    });
    expect(await screen.findByText(t.added)).toBeTruthy();
    expect(await card('תוספות לקפה')).toBeTruthy();
  });

  it("shows the server's refusal beside the field", async () => {
    optionsServer((call) =>
      call.method === 'PUT' && call.path === `/api/option-groups/${MILK}`
        ? failure(400, 'validation.failed', 'חלק מהפרטים שהוזנו אינם תקינים', {
            fields: { name: 'כבר יש קבוצת תוספות בשם הזה' },
          })
        : undefined,
    );
    renderMenu();
    await userEvent.click(within(await card('סוג חלב')).getByRole('button', { name: 'עריכה סוג חלב' }));
    const dialog = await screen.findByRole('dialog', { name: t.editTitle });
    const name = within(dialog).getByLabelText(t.name, { exact: false });
    expect((name as HTMLInputElement).value).toBe('סוג חלב');
    await userEvent.clear(name);
    await userEvent.type(name, 'בלי');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText('כבר יש קבוצת תוספות בשם הזה')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('adds an option with its added price, typed with a decimal comma', async () => {
    const { calls } = optionsServer();
    renderMenu();
    await userEvent.click(within(await card('סוג חלב')).getByRole('button', { name: /^הוספת תוספת/ }));
    const dialog = await screen.findByRole('dialog', { name: t.addOptionTitle });
    await userEvent.type(within(dialog).getByLabelText(t.optionName), 'חלב סויה');
    const price = within(dialog).getByLabelText(t.optionPrice);
    await userEvent.clear(price);
    await userEvent.type(price, '2,5');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/options'))).toMatchObject({
      path: `/api/option-groups/${MILK}/options`,
      body: { name: 'חלב סויה', price: '2.50', isDefault: false, available: true },
    });
    await waitFor(async () => expect(optionRow(await card('סוג חלב'), 'חלב סויה')).toBeTruthy());
  });

  it('marks oat milk sold out for today with its switch', async () => {
    const { calls } = optionsServer();
    renderMenu();
    await card('סוג חלב');
    const toggle = screen.getByRole('switch', { name: t.availability('חלב שיבולת שועל') });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `/api/option-groups/${MILK}/options/${OAT}/availability`,
      body: { available: false },
    });
    expect(within(toggle.closest('li')!).getByText(t.soldOut)).toBeTruthy();
  });

  it('moves an option with the keyboard, tells a screen reader, and saves the order', async () => {
    const { calls } = optionsServer();
    renderMenu();
    await card('סוג חלב');
    const down = screen.getByRole('button', { name: t.moveDown('חלב רגיל') });
    down.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('option-announcement').textContent).toBe(t.moved('חלב רגיל', 2, 2));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: `/api/option-groups/${MILK}/options/order`,
        body: { ids: [OAT, REGULAR] },
      }),
    );
    const names = within(await card('סוג חלב'))
      .getAllByTestId('option-row')
      .map((row) => row.textContent);
    expect(names[0]).toContain('חלב שיבולת שועל');
    // The focus stays on the moved option's buttons.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe(t.moveUp('חלב רגיל')));
  });

  it('asks before deleting a group, naming the products it leaves; cancelling sends nothing', async () => {
    const { calls } = optionsServer();
    renderMenu();
    await userEvent.click(within(await card('סוג חלב')).getByRole('button', { name: 'מחיקה סוג חלב' }));
    let dialog = await screen.findByRole('dialog', { name: t.deleteTitle });
    expect(dialog.textContent).toContain('למחוק את קבוצת התוספות "סוג חלב"?');
    expect(dialog.textContent).toContain('היא תוסר גם מהמוצר שמשתמש בה');
    await userEvent.click(within(dialog).getAllByRole('button', { name: m.cancel })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(await card('סוג חלב')).getByRole('button', { name: 'מחיקה סוג חלב' }));
    dialog = await screen.findByRole('dialog', { name: t.deleteTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmDelete }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/option-groups/${MILK}`);
    await waitFor(() => expect(within(screen.getByTestId('option-groups-panel')).queryByText('חלב רגיל')).toBeNull());
  });

  it('asks before deleting an option', async () => {
    const { calls } = optionsServer();
    renderMenu();
    await userEvent.click(within(await card('בלי')).getByRole('button', { name: 'מחיקה בלי בצל' }));
    const dialog = await screen.findByRole('dialog', { name: t.deleteOptionTitle });
    expect(dialog.textContent).toContain('למחוק את "בלי בצל" מהקבוצה "בלי"?');
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmDeleteOption }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/option-groups/${WITHOUT}/options/${ONION}`);
  });
});

describe("a product's option groups", () => {
  it('attaches and detaches groups with check boxes and orders them', async () => {
    const { calls } = optionsServer();
    renderMenu();
    const row = (await screen.findByRole('heading', { name: 'הפוך' })).closest('li')!;
    await card('סוג חלב');
    await userEvent.click(within(row).getByRole('button', { name: 'תוספות הפוך' }));
    const dialog = await screen.findByRole('dialog', { name: t.productTitle('הפוך') });
    const milkBox = within(dialog).getByRole('checkbox', { name: /^סוג חלב/ });
    const withoutBox = within(dialog).getByRole('checkbox', { name: /^בלי/ });
    expect((milkBox as HTMLInputElement).checked).toBe(true);
    expect((withoutBox as HTMLInputElement).checked).toBe(false);

    await userEvent.click(withoutBox);
    await waitFor(() => expect((withoutBox as HTMLInputElement).checked).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe(`/api/products/10/option-groups/${WITHOUT}`);
    expect(within(dialog).getByTestId('product-groups-announcement').textContent).toBe(t.attached('בלי'));

    const order = await within(dialog).findByTestId('product-group-order');
    await userEvent.click(within(order).getByRole('button', { name: t.moveUp('בלי') }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/products/10/option-groups/order')?.body).toEqual({
        ids: [WITHOUT, MILK],
      }),
    );
    // The moved group keeps the focus, on its button that still moves it (it is first now).
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe(t.moveDown('בלי')));

    await userEvent.click(milkBox);
    await waitFor(() => expect((milkBox as HTMLInputElement).checked).toBe(false));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/products/10/option-groups/${MILK}`);
    await userEvent.click(within(dialog).getAllByRole('button', { name: t.close })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(row).getByTestId('product-option-groups').textContent).toBe('תוספות: בלי'));
  });

  it("tells that diners see the groups in the order set under the product's own order, not the boxes' order", async () => {
    optionsServer();
    renderMenu();
    const row = (await screen.findByRole('heading', { name: 'הפוך' })).closest('li')!;
    await card('סוג חלב');
    await userEvent.click(within(row).getByRole('button', { name: 'תוספות הפוך' }));
    const dialog = await screen.findByRole('dialog', { name: t.productTitle('הפוך') });
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
    expect(description).toContain(`"${t.shownOrder}"`);
    expect(description).not.toContain('הסדר כאן');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^בלי/ }));
    expect(await within(dialog).findByRole('heading', { name: t.shownOrder })).toBeTruthy();
  });

  it("reorders a product's groups by keyboard from the drag handle, announced in Hebrew, in one request", async () => {
    const { calls, state } = optionsServer();
    state.products = [{ ...latte, optionGroupIds: [MILK, WITHOUT] }, espresso];
    renderMenu();
    const row = (await screen.findByRole('heading', { name: 'הפוך' })).closest('li')!;
    await card('סוג חלב');
    await userEvent.click(within(row).getByRole('button', { name: 'תוספות הפוך' }));
    const dialog = await screen.findByRole('dialog', { name: t.productTitle('הפוך') });
    const list = await within(dialog).findByRole('list', { name: t.shownOrder });
    const handle = await within(list).findByRole('button', { name: m.reorder.handle('בלי') });
    expect(handle.getAttribute('aria-roledescription')).toBe(m.reorder.roleDescription);
    // The rows where a browser lays them out: dnd-kit's keyboard moves by their places.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const item = this.closest('li');
      const index = item?.parentElement ? [...item.parentElement.children].indexOf(item) : 0;
      const top = index * 100;
      return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 80, width: 300, height: 80, toJSON: () => ({}) };
    });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await within(dialog).findByText(m.reorder.picked('בלי', 2, 2));
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await within(dialog).findByText(m.reorder.over('בלי', 1, 2));
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    // Announced inside the dialog (the page behind it is hidden from screen readers while it is open).
    await within(dialog).findByText(m.reorder.dropped('בלי', 1, 2));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/products/10/option-groups/order').map((c) => c.body)).toEqual([
        { ids: [WITHOUT, MILK] },
      ]),
    );
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('data-group-id')),
      ).toEqual([WITHOUT, MILK]),
    );
  });

  it('says so when attaching fails', async () => {
    optionsServer((call) =>
      call.method === 'PUT' && call.path.startsWith('/api/products/')
        ? failure(404, 'not_found', 'הפריט המבוקש לא נמצא')
        : undefined,
    );
    renderMenu();
    const row = (await screen.findByRole('heading', { name: 'אספרסו' })).closest('li')!;
    await card('סוג חלב');
    await userEvent.click(within(row).getByRole('button', { name: 'תוספות אספרסו' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^סוג חלב/ }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(t.attachError);
    expect(toast.textContent).toContain('הפריט המבוקש לא נמצא');
  });
});
