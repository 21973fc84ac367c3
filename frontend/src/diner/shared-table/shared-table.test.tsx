import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TableState } from '@tafrit/contracts/tables';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { DinerApp } from '../app';
import { loadCart } from '../cart';
import type { PublicMenu } from '../menu-types';
import { heDiner } from '../strings';
import { paymentRequest } from '../payment-request';
import { joinedTable, setJoinedTable } from '../table-secret';
import { dana, omer, tableLine, tableState } from './fixtures';
import { tableStrings } from './strings';
import { splitWords } from '../split-words';

const fake = vi.hoisted(() => {
  class FakeSocket {
    handlers = new Map<string, ((...args: unknown[]) => void)[]>();
    disconnected = false;
    constructor(
      readonly url: string,
      readonly options: { auth?: unknown; transports?: string[] },
    ) {}
    on(event: string, handler: (...args: unknown[]) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      for (const handler of this.handlers.get(event) ?? []) handler(...args);
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  return { FakeSocket, sockets: [] as FakeSocket[] };
});

vi.mock('socket.io-client', () => ({
  io: (url: string, options: ConstructorParameters<typeof fake.FakeSocket>[1]) => {
    const socket = new fake.FakeSocket(url, options);
    fake.sockets.push(socket);
    return socket;
  },
}));

const t = tableStrings.he;
const KEY = 'AbCdEfGhIjKlMnOp';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const menu: PublicMenu = {
  ordering: { open: true, reason: null, opensAt: null },
  business: { businessName: 'קפה הגפן', logo: null, departmentId: 'demo' },
  categories: [{ id: 1, name: 'שתייה חמה', order: 0 }],
  products: [
    {
      id: 10,
      categoryId: 1,
      name: 'הפוך',
      description: null,
      price: '14.00',
      image: null,
      tags: [],
      optionGroups: [],
    },
  ],
};

function inlineMenu() {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'menu-data';
  script.textContent = JSON.stringify(menu);
  document.body.append(script);
}

/** The server's table 3: its state, each line call answering the next version. */
function tableServer(options: { start?: TableState; notFound?: boolean; dropFirstAdd?: boolean } = {}) {
  let state = options.start ?? tableState({ version: 1 });
  let dropped = false;
  const calls = stubApi((call: ApiCall) => {
    if (!call.path.startsWith('/api/tables/demo/3')) return undefined;
    if (options.notFound) return failure(404, 'tables.not_found', 'לא נמצא');
    expect(call.path).toContain(`key=${KEY}`);
    if (call.method === 'POST' && call.path.startsWith('/api/tables/demo/3/lines')) {
      if (options.dropFirstAdd && !dropped) {
        dropped = true;
        throw new TypeError('Failed to fetch');
      }
      const body = call.body as { lineId: string; productId: number; quantity: number };
      if (!state.cart.lines.some((line) => line.lineId === body.lineId)) {
        const line = tableLine({ ...body, dinerId: dana.dinerId, name: 'הפוך' });
        state = tableState({ version: state.cart.version + 1, lines: [...state.cart.lines, line] });
      }
    }
    return json({ success: true, data: state });
  });
  return { calls, push: (next: TableState) => (state = next), now: () => state };
}

function openAt(url: string) {
  history.replaceState(null, '', url);
  return render(<DinerApp />);
}

const socket = () => fake.sockets.at(-1)!;

beforeEach(() => {
  inlineMenu();
  fake.sockets.length = 0;
});
afterEach(() => {
  document.querySelectorAll('script[type="application/json"]').forEach((script) => script.remove());
  localStorage.clear();
  document.title = '';
  setJoinedTable('demo', null);
  vi.unstubAllGlobals();
});

describe('the diner at a shared table (issue 34)', () => {
  it("joins table 3's cart, adds to it with a fresh line id, and listens on the table's socket", async () => {
    const server = tableServer();
    openAt(`/menu/demo?table=3&key=${KEY}`);
    const bar = await screen.findByTestId('table-bar');
    await waitFor(() => expect(bar.getAttribute('data-status')).toBe('joined'));
    expect(within(bar).getByRole('heading').textContent).toBe(`${t.tableCart} 3`);
    expect(within(bar).getByRole('heading').querySelector('bdi')?.textContent).toBe('3');
    await waitFor(() => expect(socket()).toBeTruthy());
    expect(socket().url).toBe('/table');
    expect(socket().options.auth).toEqual({ departmentId: 'demo', table: 3, key: KEY });

    fireEvent.click(screen.getByRole('button', { name: new RegExp(heDiner.menu.add) }));
    await waitFor(() => expect(within(bar).getByTestId('table-summary').textContent).toContain(t.items(1)));
    const adds = server.calls.filter((call) => call.method === 'POST');
    expect(adds).toHaveLength(1);
    expect(adds[0]!.body).toEqual({ lineId: expect.stringMatching(UUID), productId: 10, quantity: 1 });
    // The diner's own line is counted on the menu; the private cart is untouched.
    expect(screen.getByTestId('quantity').textContent).toContain('1');
    expect(loadCart('demo')).toEqual([]);
    expect(joinedTable('demo')).toEqual({ number: 3, key: KEY });
  });

  it("shows the others' lines as they arrive (the highest version wins), each with who added it; only one's own is editable", async () => {
    const mine = tableLine({ dinerId: dana.dinerId, productId: 10, name: 'הפוך' });
    const server = tableServer({ start: tableState({ version: 2, lines: [mine] }) });
    openAt(`/menu/demo?table=3&key=${KEY}`);
    const bar = await screen.findByTestId('table-bar');
    await waitFor(() => expect(bar.getAttribute('data-status')).toBe('joined'));
    await waitFor(() => expect(socket()).toBeTruthy());
    fireEvent.click(within(bar).getByTestId('table-toggle'));

    const theirs = tableLine({ dinerId: omer.dinerId, productId: 10, name: 'קרואסון', quantity: 2 });
    const newer = tableState({ version: 3, lines: [mine, theirs] });
    server.push(newer);
    const { you: _you, ...pushed } = newer;
    act(() => socket().emit('table.state', pushed));
    await waitFor(() => expect(within(bar).getAllByTestId('table-line')).toHaveLength(2));
    // An older push changes nothing.
    act(() => socket().emit('table.state', tableState({ version: 2, lines: [] })));
    const [own, other] = within(bar).getAllByTestId('table-line');
    expect(own!.getAttribute('data-own')).toBe('true');
    expect(within(own!).getByTestId('table-line-remove')).toBeTruthy();
    expect(within(own!).getByTestId('line-diner').textContent).toContain(dana.name);
    expect(other!.getAttribute('data-own')).toBe('false');
    expect(within(other!).queryByTestId('table-line-remove')).toBeNull();
    expect(within(other!).queryByRole('button')).toBeNull();
    expect(within(other!).getByTestId('line-diner').textContent).toBe('Omer');
  });

  it('adds a line once when the network fails: the retry sends the same line id', async () => {
    const server = tableServer({ dropFirstAdd: true });
    openAt(`/menu/demo?table=3&key=${KEY}`);
    const bar = await screen.findByTestId('table-bar');
    await waitFor(() => expect(bar.getAttribute('data-status')).toBe('joined'));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(heDiner.menu.add) }));
    await waitFor(() => expect(server.now().cart.lines).toHaveLength(1), { timeout: 3000 });
    const adds = server.calls.filter((call) => call.method === 'POST');
    expect(adds).toHaveLength(2);
    expect((adds[1]!.body as { lineId: string }).lineId).toBe((adds[0]!.body as { lineId: string }).lineId);
  });

  it('a code that is not valid joins nothing: a calm message, and the private cart as today', async () => {
    const server = tableServer({ notFound: true });
    openAt(`/menu/demo?table=3&key=${KEY}`);
    expect((await screen.findByTestId('table-invalid')).textContent).toBe(t.invalid);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(heDiner.menu.add) }));
    expect(loadCart('demo')).toMatchObject([{ productId: 10, quantity: 1 }]);
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(fake.sockets).toHaveLength(0);
    expect(joinedTable('demo')).toBeUndefined();
  });

  it('"just for me" keeps a private cart on this phone, and joins the table again when turned off', async () => {
    const server = tableServer();
    openAt(`/menu/demo?table=3&key=${KEY}`);
    const bar = await screen.findByTestId('table-bar');
    await waitFor(() => expect(bar.getAttribute('data-status')).toBe('joined'));
    fireEvent.click(within(bar).getByRole('switch', { name: t.alone }));
    await waitFor(() => expect(bar.getAttribute('data-status')).toBe('alone'));
    expect(joinedTable('demo')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(heDiner.menu.add) }));
    expect(loadCart('demo')).toMatchObject([{ productId: 10, quantity: 1 }]);
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(bar).getByRole('switch', { name: t.alone }));
    await waitFor(() => expect(bar.getAttribute('data-status')).toBe('joined'));
  });

  it('while someone pays, the others see who and cannot add', async () => {
    const payment = {
      dinerId: omer.dinerId,
      name: 'Omer',
      colour: omer.colour,
      amountAgorot: 2800,
      tipAgorot: 0,
      status: 'pending' as const,
      paidAt: null,
    };
    const server = tableServer({
      start: tableState({ version: 4, status: 'paying', payments: [payment], leftAgorot: 1400 }),
    });
    openAt(`/menu/demo?table=3&key=${KEY}`);
    expect((await screen.findByTestId('table-paying')).textContent).toBe(splitWords.he.tablePaying);
    const row = screen.getByTestId('table-payment');
    expect(row.textContent).toContain('Omer');
    expect(row.textContent).toContain('28.00');
    expect(row.textContent).toContain(splitWords.he.paying);
    expect(screen.getByTestId('table-left-amount').textContent).toContain('14.00');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(heDiner.menu.add) }));
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(loadCart('demo')).toEqual([]);
  });

  it("a share left unpaid past the café's time is told to the table, with since when", async () => {
    const paid = {
      dinerId: omer.dinerId,
      name: 'Omer',
      colour: omer.colour,
      amountAgorot: 1400,
      tipAgorot: 0,
      status: 'paid' as const,
      paidAt: '2026-11-30T18:02:00.000Z',
    };
    const waiting = tableState({ version: 6, status: 'paying', payments: [paid], leftAgorot: 1400 });
    tableServer({ start: { ...waiting, cart: { ...waiting.cart, unpaidSince: '2026-11-30T18:02:00.000Z' } } });
    openAt(`/menu/demo?table=3&key=${KEY}`);
    const notice = await screen.findByTestId('table-unpaid');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain(t.unpaidShare);
    // 18:02 UTC is 20:02 in Israel in winter.
    expect(notice.textContent).toContain(`${t.unpaidSince} 20:02`);
  });

  it('a table still within its time lists its payments with no unpaid notice', async () => {
    const paid = {
      dinerId: omer.dinerId,
      name: 'Omer',
      colour: omer.colour,
      amountAgorot: 1400,
      tipAgorot: 0,
      status: 'paid' as const,
      paidAt: '2026-11-30T18:02:00.000Z',
    };
    tableServer({ start: tableState({ version: 4, status: 'paying', leftAgorot: 1400, payments: [paid] }) });
    openAt(`/menu/demo?table=3&key=${KEY}`);
    await screen.findByTestId('table-payments');
    expect(screen.queryByTestId('table-unpaid')).toBeNull();
  });

  it('an older server that lists no payments: "someone is paying", as before', async () => {
    tableServer({ start: tableState({ version: 4, status: 'paying' }) });
    openAt(`/menu/demo?table=3&key=${KEY}`);
    expect((await screen.findByTestId('table-paying')).textContent).toBe(t.payingSomeone);
    expect(screen.queryByTestId('table-payments')).toBeNull();
  });

  it("the cart page shows the table's cart; the payment is for the table's lines with the table and its secret", async () => {
    const mine = tableLine({ dinerId: dana.dinerId, productId: 10, name: 'הפוך', unitPriceAgorot: 1400 });
    const theirs = tableLine({
      dinerId: omer.dinerId,
      productId: 10,
      name: 'הפוך',
      quantity: 2,
      unitPriceAgorot: 1400,
    });
    tableServer({ start: tableState({ version: 5, lines: [mine, theirs] }) });
    // Scanned at the table first: the cart's address carries neither table nor secret.
    localStorage.setItem('table_demo', '3');
    localStorage.setItem('tableSecret_demo', KEY);
    openAt('/cart/demo');
    expect(screen.getByTestId('step-loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${t.tableCart} 3`));
    expect(screen.getAllByTestId('table-line')).toHaveLength(2);
    expect(screen.getByTestId('table-total').textContent).toContain('42.00');

    const body = paymentRequest({
      departmentId: 'demo',
      businessName: 'קפה הגפן',
      lines: [{ productId: 10, name: 'הפוך', price: '14.00', quantity: 3 }],
      amount: 4200,
    });
    expect(body.table).toEqual({ number: 3, key: KEY });
    expect(body.cartData.tableNumber).toBe(3);
  });
});
