import type { LiveOrdersAnswer } from '@tafrit/contracts/sockets';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, json, stubApi, type ApiCall } from '@/test/api-stub';
import { liveOrder } from './test-fixtures';

// The kitchen screen (issue 18): columns by status, the phone's filter, the done strip, full screen, the automatic
// acceptance switch, and the print state without a printer. The socket is not opened here (live-orders-page.test.tsx
// plays it); the list comes from the stubbed API.
vi.mock('socket.io-client', () => ({
  io: () => ({ on: () => undefined, emit: () => undefined, connect: () => undefined, disconnect: () => undefined }),
}));

const t = heOwner.live;
const orders = [
  liveOrder({ orderId: 'n', orderNumber: 201, paidAt: '2025-09-20T09:30:00.000Z' }),
  // A round of table 7's open tab (issue 34, part 3).
  liveOrder({
    orderId: 'a',
    orderNumber: 202,
    paidAt: '2025-09-20T09:20:00.000Z',
    status: 'accepted',
    tableNumber: 7,
    round: 3,
  }),
  liveOrder({ orderId: 'r', orderNumber: 203, paidAt: '2025-09-20T09:10:00.000Z', status: 'ready' }),
  liveOrder({ orderId: 's', orderNumber: 204, paidAt: '2025-09-20T09:00:00.000Z', status: 'served' }),
];

function server(
  printer: LiveOrdersAnswer['printer'] = { isOnline: true, printerName: null, lastSeen: null, paired: true },
  extra?: (call: ApiCall) => Response | undefined,
) {
  return stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    if (call.path === '/api/live-orders') return json({ success: true, data: { orders, position: 5, printer } });
    return extra?.(call);
  });
}

function renderOrders() {
  render(
    <RouterProvider router={createAppRouter({ history: createMemoryHistory({ initialEntries: ['/orders'] }) })} />,
  );
}

const numbersIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByTestId('live-order-number')
    .map((number) => number.textContent);

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('the kitchen screen', () => {
  it('puts each order in its column (new, in preparation, ready) and the served ones in the done strip', async () => {
    server();
    renderOrders();
    await waitFor(() => expect(screen.getAllByTestId('live-order')).toHaveLength(4));
    expect(numbersIn('live-section-new')).toEqual(['201']);
    expect(numbersIn('live-section-active')).toEqual(['202']);
    expect(numbersIn('live-section-ready')).toEqual(['203']);
    expect(numbersIn('live-section-done')).toEqual(['204']);
    // Each column's next step, named plainly.
    expect(within(screen.getByTestId('live-section-new')).getByRole('button', { name: t.next.accepted })).toBeTruthy();
    expect(within(screen.getByTestId('live-section-active')).getByRole('button', { name: t.next.ready })).toBeTruthy();
    expect(within(screen.getByTestId('live-section-ready')).getByRole('button', { name: t.next.served })).toBeTruthy();
  });

  it("marks a round of a table's open tab on its card in the kitchen's column, and no other order", async () => {
    server();
    renderOrders();
    await waitFor(() => expect(screen.getAllByTestId('live-order')).toHaveLength(4));
    const badges = screen.getAllByTestId('live-order-round');
    expect(badges).toHaveLength(1);
    expect(within(screen.getByTestId('live-section-active')).getByTestId('live-order-round').textContent).toBe(
      `${t.round} 3 · ${t.openTab}`,
    );
  });

  it("offers the phone's filter as pressed buttons, one column at a time", async () => {
    server();
    const user = userEvent.setup();
    renderOrders();
    const filter = await screen.findByRole('group', { name: t.sectionsLabel });
    const newButton = within(filter).getByRole('button', { name: new RegExp(t.sections.new) });
    const readyButton = within(filter).getByRole('button', { name: new RegExp(t.sections.ready) });
    expect(newButton.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('live-section-ready').className).toContain('hidden lg:flex');
    await user.click(readyButton);
    expect(readyButton.getAttribute('aria-pressed')).toBe('true');
    expect(newButton.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('live-section-ready').className).not.toContain('hidden');
    expect(screen.getByTestId('live-section-new').className).toContain('hidden lg:flex');
  });

  it('goes full screen and back from one button', async () => {
    server();
    const user = userEvent.setup();
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    let fullscreen: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreen });
    const request = vi.fn(async () => {
      fullscreen = document.documentElement;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    const exit = vi.fn(async () => {
      fullscreen = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    document.documentElement.requestFullscreen = request;
    document.exitFullscreen = exit;
    try {
      renderOrders();
      await user.click(await screen.findByRole('button', { name: t.fullscreen }));
      expect(request).toHaveBeenCalledTimes(1);
      await user.click(await screen.findByRole('button', { name: t.exitFullscreen }));
      expect(exit).toHaveBeenCalledTimes(1);
      expect(await screen.findByRole('button', { name: t.fullscreen })).toBeTruthy();
    } finally {
      Reflect.deleteProperty(document, 'fullscreenEnabled');
      Reflect.deleteProperty(document, 'fullscreenElement');
    }
  });

  it('switches automatic acceptance on from the console with the saved estimate', async () => {
    const calls = server(undefined, (call) => {
      if (call.path !== '/api/business/auto-accept') return undefined;
      if (call.method === 'GET') return json({ success: true, data: { enabled: false, readyInMinutes: 15 } });
      return json({ success: true, data: call.body });
    });
    const user = userEvent.setup();
    renderOrders();
    const toggle = await screen.findByRole('button', { name: new RegExp(t.autoAccept) });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ enabled: true, readyInMinutes: 15 });
    expect(toggle.textContent).toContain(t.autoAcceptOn(15));
    expect(getToasts().map((toast) => toast.title)).toContain(t.autoAcceptSaved(true));
  });

  it('says calmly that it works without a printer, and names a paired printer that is off as an alarm', async () => {
    server({ isOnline: false, printerName: null, lastSeen: null, paired: false });
    renderOrders();
    const chip = await screen.findByTestId('printer-chip');
    expect(chip.textContent).toContain(t.printerNone);
    expect(chip.className).not.toContain('danger');
    expect(within(screen.getByTestId('live-section-new')).getByTestId('live-order-print').textContent).toContain(
      t.printWithout,
    );
  });

  it('keeps the alarm for a paired printer that is offline', async () => {
    server({ isOnline: false, printerName: null, lastSeen: null, paired: true });
    renderOrders();
    const chip = await screen.findByTestId('printer-chip');
    expect(chip.textContent).toContain(t.printerOffline);
    expect(chip.className).toContain('danger');
  });
});
