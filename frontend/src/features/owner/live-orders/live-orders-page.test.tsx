import type { LiveEvent, LiveOrdersAnswer, LiveSyncAnswer } from '@tafrit/contracts/sockets';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveOrder } from './test-fixtures';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';

// A stand-in for socket.io-client: no real socket is opened; the test plays the server's part.
const fake = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  class FakeSocket {
    connected = false;
    connectCalls = 0;
    handlers = new Map<string, Handler[]>();
    emitted: { event: string; payload: unknown; ack?: Handler }[] = [];
    constructor(
      readonly url: string,
      readonly options: { auth?: (send: (data: unknown) => void) => void; transports?: string[] },
    ) {}
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    emit(event: string, payload: unknown, ack?: Handler) {
      this.emitted.push({ event, payload, ack });
      return this;
    }
    connect() {
      this.connectCalls += 1;
      return this;
    }
    disconnect() {
      this.connected = false;
      return this;
    }
    /** What the server (or the network) does: `connect`, `disconnect`, `connect_error`, `live.event`. */
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') this.connected = true;
      if (event === 'disconnect') this.connected = false;
      for (const handler of this.handlers.get(event) ?? []) handler(...args);
    }
  }
  const sockets: FakeSocket[] = [];
  return { sockets, FakeSocket };
});
vi.mock('socket.io-client', () => ({
  io: (url: string, options: ConstructorParameters<typeof fake.FakeSocket>[1]) => {
    const socket = new fake.FakeSocket(url, options);
    fake.sockets.push(socket);
    return socket;
  },
}));

const t = heOwner.live;
const at = '2025-09-20T09:40:00.000Z';

const older = liveOrder({
  orderId: 'order-1',
  orderNumber: 101,
  paidAt: '2025-09-20T09:05:00.000Z',
  tableNumber: 4,
  lines: [
    { name: 'הפוך', quantity: 2, lineTotalAgorot: 2800 },
    { name: 'קרואסון חמאה', quantity: 1, lineTotalAgorot: 1400 },
  ],
  remarks: 'בלי בצל',
  totalAgorot: 4200,
  printStatus: 'failed',
  printError: 'אין נייר במדפסת',
});
const newer = liveOrder({ orderId: 'order-2', orderNumber: 102, paidAt: '2025-09-20T09:30:00.000Z' });

function liveServer(answer: Partial<LiveOrdersAnswer> = {}, extra?: (call: ApiCall) => Response | undefined) {
  const list: LiveOrdersAnswer = {
    orders: [older, newer],
    position: 10,
    printer: { isOnline: true, printerName: 'Epson TM-T20', lastSeen: at, paired: true },
    ...answer,
  };
  return stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    if (call.path === '/api/live-orders' && call.method === 'GET') return json({ success: true, data: list });
    return extra?.(call);
  });
}

function renderOrders() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/orders'] }) });
  render(<RouterProvider router={router} />);
}

async function connectedSocket() {
  await waitFor(() => expect(fake.sockets).toHaveLength(1));
  const socket = fake.sockets[0]!;
  act(() => socket.fire('connect'));
  return socket;
}

function cards() {
  return screen.getAllByTestId('live-order');
}

beforeEach(() => {
  fake.sockets.length = 0;
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('the live orders console', () => {
  it("shows the board's skeleton, announced as loading, while today's orders are on their way", async () => {
    stubApi((call) => {
      if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
      if (call.path === '/api/live-orders') return new Promise<Response>(() => undefined);
      return undefined;
    });
    renderOrders();
    const skeleton = await screen.findByTestId('live-skeleton', {}, { timeout: 10_000 });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(within(skeleton).getByRole('status').textContent).toBe(t.loading);
  });

  it("keeps the screen's controls behind one button on a phone, closed at first, so the orders come first", async () => {
    liveServer();
    const user = userEvent.setup();
    renderOrders();
    await screen.findAllByTestId('live-order', {}, { timeout: 10_000 });
    const toggle = screen.getByTestId('live-controls-toggle');
    const controls = screen.getByTestId('live-controls');
    expect(toggle.getAttribute('aria-controls')).toBe(controls.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Hidden below 768 px only (md:flex): a tablet and a desktop show them as before.
    expect(controls.className.split(' ')).toEqual(expect.arrayContaining(['hidden', 'md:flex']));
    expect(within(controls).getByTestId('sound-toggle')).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(controls.className.split(' ')).not.toContain('hidden');
    expect(toggle.textContent).toBe(t.controlsHide);
  });

  it('lists today’s paid orders newest first, with table, lines, remarks, total and print status', async () => {
    liveServer();
    renderOrders();
    await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 10_000 });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards().map((card) => within(card).getByTestId('live-order-number').textContent)).toEqual(['102', '101']);

    const card = cards()[1]!;
    expect(within(card).getByTestId('live-order-table').textContent).toBe('שולחן 4');
    // Quantity first, as on the thank-you page, the SMS and the slip.
    expect(
      Array.from(within(card).getByTestId('live-order-lines').querySelectorAll('li'), (li) => li.textContent),
    ).toEqual(['2 × הפוך', '1 × קרואסון חמאה']);
    expect(within(card).getByTestId('live-order-lines').querySelector('bdi')?.textContent).toBe('2');
    expect(within(card).getByRole('heading', { name: t.remarks })).toBeTruthy();
    expect(within(card).getByTestId('live-order-remarks').textContent).toContain('בלי בצל');
    expect(within(card).getByTestId('live-order-total').textContent).toBe('₪42.00');
    // Israel time (UTC+3 in September).
    expect(card.querySelector('time')?.textContent).toBe('12:05');
    expect(within(card).getByTestId('live-order-print').textContent).toContain('אין נייר במדפסת');
    expect(within(card).getByRole('button', { name: t.reprint })).toBeTruthy();
    expect(screen.getByTestId('printer-chip').textContent).toContain('Epson TM-T20');
    expect(document.title).toContain(`(2) ${t.title}`);
    // The socket is asked for on the owner namespace, with the current token, over websockets.
    const socket = fake.sockets[0]!;
    expect(socket.url).toBe('/owner');
    const sent: unknown[] = [];
    socket.options.auth?.((data) => sent.push(data));
    expect(sent).toEqual([{ token: 'owner-token' }]);
  });

  it('moves an order to its next step at once and through the server', async () => {
    const calls = liveServer({}, (call) => {
      if (call.path === '/api/live-orders/order-2/status') {
        return json({ success: true, data: { ...newer, status: 'accepted' } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(within(cards()[0]!).getByRole('button', { name: t.next.accepted }));

    const post = calls.find((call) => call.path === '/api/live-orders/order-2/status');
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({ status: 'accepted' });
    expect(post?.headers.Authorization).toBe('Bearer owner-token');
    const moved = screen.getAllByTestId('live-order').find((card) => card.dataset.orderId === 'order-2')!;
    await waitFor(() => expect(within(moved).getByTestId('live-order-status').textContent).toBe(t.kitchen.accepted));
    expect(within(moved).getByRole('button', { name: t.next.ready })).toBeTruthy();
    expect(within(screen.getByTestId('live-section-active')).getByText('102')).toBeTruthy();
    expect(document.title).toContain(`(1) ${t.title}`);
  });

  it('accepts with the estimate chosen beside the button, and remembers it for the next order', async () => {
    const calls = liveServer({}, (call) => {
      if (call.path.endsWith('/status')) return json({ success: true, data: { ...newer, status: 'accepted' } });
      return undefined;
    });
    const user = userEvent.setup();
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const card = cards()[0]!;
    const estimate = within(card).getByRole('combobox', { name: t.readyIn });
    expect((estimate as HTMLSelectElement).value).toBe('');
    await user.selectOptions(estimate, t.readyInMinutes(20));
    await user.click(within(card).getByRole('button', { name: t.next.accepted }));
    const post = calls.find((call) => call.path === '/api/live-orders/order-2/status');
    expect(post?.body).toEqual({ status: 'accepted', readyInMinutes: 20 });
    // The other new order offers the same estimate now: a kitchen's pace holds for a while.
    const other = cards().find((each) => each.dataset.orderId !== 'order-2')!;
    expect((within(other).getByRole('combobox', { name: t.readyIn }) as HTMLSelectElement).value).toBe('20');
  });

  it('puts back the status and says why when the server refuses the step', async () => {
    liveServer({}, (call) =>
      call.path.endsWith('/status')
        ? failure(409, 'order.invalid_transition', 'לא ניתן לעדכן את ההזמנה למצב הזה')
        : undefined,
    );
    const user = userEvent.setup();
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(within(cards()[0]!).getByRole('button', { name: t.next.accepted }));
    await waitFor(() => expect(within(cards()[0]!).getByTestId('live-order-status').textContent).toBe(t.kitchen.paid));
  });

  it('adds an order paid live, beeps and counts it in the title', async () => {
    liveServer();
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const socket = await connectedSocket();
    expect(screen.getByTestId('live-connection').textContent).toContain(t.connected);

    const third = liveOrder({ orderId: 'order-3', orderNumber: 103, paidAt: '2025-09-20T09:45:00.000Z' });
    act(() => socket.fire('live.event', { kind: 'order.paid', position: 11, order: third } satisfies LiveEvent));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(cards()[0]!).getByTestId('live-order-number').textContent).toBe('103');
    expect(document.title).toContain(`(3) ${t.title}`);

    // Another console accepted an order: it leaves the new ones.
    act(() =>
      socket.fire('live.event', { kind: 'order.status', position: 12, orderId: 'order-3', status: 'accepted', at }),
    );
    await waitFor(() => expect(document.title).toContain(`(2) ${t.title}`));
    act(() =>
      socket.fire('live.event', { kind: 'printer.status', position: 13, isOnline: false, printerName: null, at }),
    );
    await waitFor(() => expect(screen.getByTestId('printer-chip').textContent).toContain(t.printerOffline));
  });

  it('syncs after connecting, shows a lost connection and syncs again from the last position when it is back', async () => {
    liveServer();
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const socket = await connectedSocket();

    const firstSync = socket.emitted.find((sent) => sent.event === 'live.sync');
    expect(firstSync?.payload).toEqual({ since: 10 });
    const missed: LiveSyncAnswer = {
      events: [{ kind: 'order.status', position: 14, orderId: 'order-1', status: 'ready', at }],
      reset: false,
    };
    act(() => firstSync?.ack?.(missed));
    const first = () => cards().find((card) => card.dataset.orderId === 'order-1')!;
    await waitFor(() => expect(within(first()).getByTestId('live-order-status').textContent).toBe(t.kitchen.ready));

    act(() => socket.fire('disconnect', 'transport close'));
    expect(within(screen.getByTestId('live-connection')).getByRole('alert').textContent).toContain(t.lost);

    act(() => socket.fire('connect'));
    expect(screen.queryByText(t.lost)).toBeNull();
    expect(screen.getByTestId('live-connection').textContent).toContain(t.back);
    const syncs = socket.emitted.filter((sent) => sent.event === 'live.sync');
    expect(syncs.at(-1)?.payload).toEqual({ since: 14 });
  });

  it('fetches the list again when the sync answer says too much was missed', async () => {
    const calls = liveServer();
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const socket = await connectedSocket();
    const gets = () => calls.filter((call) => call.path === '/api/live-orders').length;
    expect(gets()).toBe(1);
    act(() => socket.emitted.find((sent) => sent.event === 'live.sync')?.ack?.({ events: [], reset: true }));
    await waitFor(() => expect(gets()).toBe(2));
  });

  it('refreshes the token and connects again when the server refuses the handshake', async () => {
    liveServer({}, (call) =>
      call.path === '/api/auth/refresh' ? json({ success: true, data: { token: 'fresh-token' } }) : undefined,
    );
    renderOrders();
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const socket = fake.sockets[0]!;
    act(() => socket.fire('connect_error', new Error('auth.unauthenticated')));
    expect(within(screen.getByTestId('live-connection')).getByRole('alert').textContent).toContain(t.lost);
    await waitFor(() => expect(socket.connectCalls).toBe(1));
    const sent: unknown[] = [];
    socket.options.auth?.((data) => sent.push(data));
    expect(sent).toEqual([{ token: 'fresh-token' }]);
  });

  it('goes to the sign-in page when the server ends the socket because the sign-in ended (decision 036)', async () => {
    let signedIn = true;
    stubApi((call) => {
      if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
      if (call.path === '/api/auth/refresh') return failure(401, 'auth.unauthenticated', 'יש להתחבר מחדש כדי להמשיך');
      if (call.path !== '/api/live-orders') return undefined;
      if (!signedIn) return failure(401, 'auth.unauthenticated', 'יש להתחבר מחדש כדי להמשיך');
      return json({
        success: true,
        data: {
          orders: [newer],
          position: 3,
          printer: { isOnline: false, printerName: null, lastSeen: null, paired: false },
        },
      });
    });
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/orders'] }) });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    const socket = await connectedSocket();
    signedIn = false;
    act(() => socket.fire('disconnect', 'io server disconnect'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('says so when there are no orders yet', async () => {
    liveServer({ orders: [] });
    renderOrders();
    expect(await screen.findByText(t.empty)).toBeTruthy();
    expect(document.title).not.toContain('(');
  });

  it('offers a retry when the list cannot load', async () => {
    let fail = true;
    stubApi((call) => {
      if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
      if (call.path !== '/api/live-orders') return undefined;
      if (fail) return failure(500, 'internal', 'אירעה שגיאה בשרת, נסו שוב מאוחר יותר');
      return json({
        success: true,
        data: {
          orders: [newer],
          position: 3,
          printer: { isOnline: false, printerName: null, lastSeen: null, paired: false },
        },
      });
    });
    const user = userEvent.setup();
    renderOrders();
    expect(await screen.findByText(t.loadError)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: t.retry }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    // No agent and no browser printing: a calm fact with the way to set one up, not a red alarm.
    const chip = screen.getByTestId('printer-chip');
    expect(chip.textContent).toContain(t.printerNone);
    expect(chip.getAttribute('data-tone')).toBe('info');
    expect(chip.className).not.toContain('danger');
    expect(within(cards()[0]!).getByTestId('live-order-print').textContent).toContain(t.printWithout);
  });

  it('remembers the sound switch', async () => {
    liveServer();
    const user = userEvent.setup();
    renderOrders();
    const toggle = await screen.findByRole('button', { name: new RegExp(t.sound) });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem('liveOrdersSound')).toBe('off');
  });
});
