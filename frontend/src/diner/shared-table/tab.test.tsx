import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { messageFor } from '@tafrit/contracts/messages.he';
import type { TableState } from '@tafrit/contracts/tables';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { DinerApp } from '../app';
import type { PublicMenu } from '../menu-types';
import { setJoinedTable } from '../table-secret';
import { dana, omer, openTab, tableLine, tableState, tableTab } from './fixtures';
import { tableStrings } from './strings';
import { chargeAgorot, holdReturnOf, roomAgorot, sendBlock, withoutHold } from './tab';
import { tabStrings } from './tab-strings';
import { orderCartLines, ownCartLines } from './table-state';

// The table's socket: its pushes are handed to the page by the test (`push`).
const socket = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: (payload: unknown) => void) => socket.handlers.set(event, handler),
    disconnect: () => undefined,
  }),
}));
const push = (state: TableState) => {
  const { you: _you, ...pushed } = state;
  act(() => socket.handlers.get('table.state')?.(pushed));
};

const tt = tabStrings.he;
const t = tableStrings.he;
const KEY = 'AbCdEfGhIjKlMnOp';
const HOLD_PAGE = 'https://secure.cardcom.solutions/External/LowProfile.aspx?hold=1';
const menu: PublicMenu = {
  ordering: { open: true, reason: null, opensAt: null },
  business: { businessName: 'קפה הגפן', logo: null, departmentId: 'demo' },
  categories: [{ id: 1, name: 'שתייה חמה', order: 0 }],
  products: [
    { id: 10, categoryId: 1, name: 'הפוך', description: null, price: '14.00', image: null, tags: [], optionGroups: [] },
  ],
};

// Round 1 sent Dana's coffee (₪28); Dana's croissant (₪12) is not sent yet.
const sentLine = () =>
  tableLine({ dinerId: dana.dinerId, productId: 10, name: 'הפוך', quantity: 2, unitPriceAgorot: 1400, round: 1 });
const unsentLine = () => tableLine({ dinerId: dana.dinerId, productId: 11, name: 'קרואסון', unitPriceAgorot: 1200 });

/** Table 3 at a café with pay at the end: each call answers `answer(call)` or the state as it is. */
function tabServer(start: TableState, answer?: (call: ApiCall) => Response | undefined) {
  return stubApi((call) => {
    if (!call.path.startsWith('/api/tables/demo/3')) return undefined;
    expect(call.path).toContain(`key=${KEY}`);
    return answer?.(call) ?? json({ success: true, data: start });
  });
}

/** The table's cart page, the table scanned before. */
async function openCart() {
  localStorage.setItem('table_demo', '3');
  localStorage.setItem('tableSecret_demo', KEY);
  history.replaceState(null, '', '/cart/demo');
  render(<DinerApp />);
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${t.tableCart} 3`));
}

beforeAll(() => {
  // jsdom has no modal dialogs; the browser tests use the real one.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
beforeEach(() => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'menu-data';
  script.textContent = JSON.stringify(menu);
  document.body.append(script);
});
afterEach(() => {
  document.querySelectorAll('script[type="application/json"]').forEach((script) => script.remove());
  localStorage.clear();
  document.title = '';
  setJoinedTable('demo', null);
  vi.unstubAllGlobals();
});

describe('pay at the end as numbers (issue 34, part 3)', () => {
  it('the next round, the room left in the hold, and why a round cannot go', () => {
    const open = tableState({ lines: [sentLine(), unsentLine()], tab: openTab() });
    expect(roomAgorot(open.tab!)).toBe(27200);
    expect(sendBlock(open)).toBeNull();
    expect(sendBlock(tableState({ lines: [unsentLine()], tab: tableTab() }))).toBe('hold');
    expect(sendBlock(tableState({ lines: [unsentLine()], tab: tableTab({ status: 'holding', holder: omer }) }))).toBe(
      'holding',
    );
    expect(sendBlock(tableState({ lines: [sentLine()], tab: openTab() }))).toBe('nothing');
    expect(sendBlock(tableState({ lines: [unsentLine()], tab: openTab({ sentAgorot: 29000 }) }))).toBe('over_hold');
    expect(sendBlock(tableState({ lines: [unsentLine()], status: 'paying', tab: openTab() }))).toBe('paying');
    // The charge: everything sent while nobody pays, what is left once the table pays.
    expect(chargeAgorot(open)).toBe(2800);
    expect(chargeAgorot(tableState({ status: 'paying', leftAgorot: 1400, tab: openTab() }))).toBe(1400);
  });

  it("the menu counts and changes only the lines not sent; the payment's items are the sent ones", () => {
    const state = tableState({ lines: [sentLine(), unsentLine()], tab: openTab() });
    expect(ownCartLines(state).lines.map((line) => line.name)).toEqual(['קרואסון']);
    expect(orderCartLines(state)).toEqual([expect.objectContaining({ name: 'הפוך', quantity: 2 })]);
    // Without a tab, every line is the order's as before.
    expect(orderCartLines(tableState({ lines: [sentLine(), unsentLine()] }))).toHaveLength(2);
  });

  it("reads the hold page's end from the address once", () => {
    expect(holdReturnOf('?table=3&key=k&hold=ok')).toBe('ok');
    expect(holdReturnOf('?table=3&key=k&hold=failed')).toBe('failed');
    expect(holdReturnOf('?table=3&key=k&hold=other')).toBeNull();
    expect(withoutHold('https://x.test/menu/demo?table=3&key=k&hold=ok')).toBe(
      'https://x.test/menu/demo?table=3&key=k',
    );
  });
});

describe('the table’s tab on the cart page (issue 34, part 3)', () => {
  it('marks the sent lines with their round and offers no change on them; the unsent own line stays editable', async () => {
    tabServer(tableState({ version: 4, lines: [sentLine(), unsentLine()], tab: openTab() }));
    await openCart();
    const [sent, unsent] = screen.getAllByTestId('table-line');
    expect(within(sent!).getByTestId('table-line-sent').textContent).toBe(`✓ ${tt.sentRound} 1`);
    expect(within(sent!).getByTestId('table-line-sent').querySelector('bdi')?.textContent).toBe('1');
    expect(within(sent!).queryByRole('button')).toBeNull();
    expect(within(sent!).queryByTestId('table-line-remove')).toBeNull();
    expect(within(unsent!).queryByTestId('table-line-sent')).toBeNull();
    expect(within(unsent!).getByTestId('table-line-remove')).toBeTruthy();
  });

  it('explains the card hold before the first round and opens its page in the payment frame', async () => {
    const calls = tabServer(tableState({ version: 2, lines: [unsentLine()], tab: tableTab() }), (call) =>
      call.path.startsWith('/api/tables/demo/3/tab?')
        ? json({ success: true, data: { paymentUrl: HOLD_PAGE } })
        : undefined,
    );
    await openCart();
    const area = screen.getByTestId('tab-area');
    expect(within(area).getByTestId('tab-hold-explain').textContent).toBe(`${tt.holdBefore} ₪300.00 ${tt.holdAfter}`);
    // The round waits for the hold, and says so.
    expect(within(area).getByTestId('tab-send').getAttribute('aria-disabled')).toBe('true');
    expect(within(area).getByTestId('tab-send-why').textContent).toBe(tt.blocks.hold);
    fireEvent.click(within(area).getByRole('button', { name: tt.holdButton }));
    const frame = await within(area).findByTestId('payment-frame');
    expect(frame.getAttribute('src')).toBe(HOLD_PAGE);
    expect(frame.getAttribute('title')).toBe(tt.holdFrame);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ language: 'he' });
  });

  it('the holder’s card approved while its page is in the frame: said, and the focus moves to the tab', async () => {
    const holding = tableState({
      version: 2,
      lines: [unsentLine()],
      tab: tableTab({ status: 'holding', holder: dana }),
    });
    tabServer(holding, (call) =>
      call.path.startsWith('/api/tables/demo/3/tab?')
        ? json({ success: true, data: { paymentUrl: HOLD_PAGE } })
        : undefined,
    );
    await openCart();
    fireEvent.click(screen.getByRole('button', { name: tt.holdButton }));
    await screen.findByTestId('payment-frame');
    await waitFor(() => expect(socket.handlers.has('table.state')).toBe(true));
    push({ ...holding, cart: { ...holding.cart, version: 3 }, tab: openTab() });
    await waitFor(() => expect(screen.queryByTestId('payment-frame')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('tab-title'));
    // Said in the page's live region.
    await waitFor(() => expect(document.body.textContent).toContain(tt.holdOk));
  });

  it("while another diner's hold page is open: who, and the hold button disabled", async () => {
    const calls = tabServer(tableState({ lines: [unsentLine()], tab: tableTab({ status: 'holding', holder: omer }) }));
    await openCart();
    expect(screen.getByTestId('tab-holding').textContent).toBe(tt.holding('Omer'));
    const button = screen.getByTestId('tab-hold-button');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(tt.holding('Omer'));
    fireEvent.click(button);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the open tab: the hold and its card, the rounds, what was sent, the room left and the closing time', async () => {
    tabServer(tableState({ lines: [sentLine()], tab: openTab() }));
    await openCart();
    const open = screen.getByTestId('tab-open');
    expect(within(open).getByTestId('tab-hold').textContent).toBe(
      `${tt.hold} ₪300.00 · ${tt.card} ···1234 ${tt.cardOf} ${dana.name}`,
    );
    const round = within(open).getByTestId('tab-round');
    expect(round.textContent).toContain(`${tt.round} 1`);
    expect(round.textContent).toContain('20:15');
    expect(round.textContent).toContain('₪28.00');
    expect(within(open).getByTestId('tab-sent').textContent).toBe('₪28.00');
    expect(within(open).getByTestId('tab-room').textContent).toBe('₪272.00');
    expect(within(open).getByTestId('tab-closes').textContent).toContain('23:15');
    // Nothing new: the send button says why it waits.
    expect(screen.getByTestId('tab-send-why').textContent).toBe(tt.blocks.nothing);
  });

  it('sends the unsent lines as the next round with the version shown', async () => {
    const calls = tabServer(tableState({ version: 7, lines: [sentLine(), unsentLine()], tab: openTab() }));
    await openCart();
    expect(screen.getByTestId('tab-next').textContent).toBe(`${tt.nextRound} ₪12.00`);
    const send = screen.getByRole('button', { name: tt.send });
    expect(send.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(send);
    await waitFor(() => expect(calls.some((call) => call.path.includes('/rounds?'))).toBe(true));
    const round = calls.find((call) => call.path.includes('/rounds?'))!;
    expect(round.method).toBe('POST');
    expect(round.body).toEqual({ version: 7 });
  });

  it('a round over what is left of the hold cannot be sent, and says why', async () => {
    const calls = tabServer(tableState({ lines: [sentLine(), unsentLine()], tab: openTab({ sentAgorot: 29000 }) }));
    await openCart();
    const send = screen.getByTestId('tab-send');
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(send.getAttribute('aria-describedby')!)?.textContent).toBe(tt.blocks.over_hold);
    fireEvent.click(send);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('the payment waits while lines are not sent, and says why', async () => {
    tabServer(tableState({ lines: [sentLine(), unsentLine()], tab: openTab() }));
    await openCart();
    const pay = screen.getByTestId('to-payment');
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('pay-unsent').textContent).toBe(tt.unsentPay);
    expect(pay.getAttribute('aria-describedby')).toContain(screen.getByTestId('pay-unsent').id);
  });

  it('a refusal of the tab reads in words: the Hebrew of the contracts', async () => {
    tabServer(tableState({ version: 3, lines: [sentLine(), unsentLine()], tab: openTab() }), (call) =>
      call.path.includes('/rounds?')
        ? failure(409, 'table.tab_over_hold', messageFor('table.tab_over_hold'))
        : undefined,
    );
    await openCart();
    fireEvent.click(screen.getByRole('button', { name: tt.send }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messageFor('table.tab_over_hold')));
    // Another language words it by its code.
    expect(tabStrings.en.errors?.['table.tab_over_hold']).toMatch(/hold/);
    expect(tabStrings.he.errors).toBeNull();
  });
});

describe('the tab for everyone (issue 34, part 3)', () => {
  it('is clean for axe on a 390 px phone: the hold to ask for, the open tab, and the charge dialog', async () => {
    vi.stubGlobal('innerWidth', 390);
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    tabServer(tableState({ lines: [unsentLine()], tab: tableTab({ status: 'holding', holder: omer }) }));
    await openCart();
    expect((await axe.run(document.body, rules)).violations).toEqual([]);
    cleanup();
    tabServer(tableState({ lines: [sentLine(), unsentLine()], tab: openTab() }));
    await openCart();
    fireEvent.click(screen.getByRole('button', { name: tt.charge }));
    expect((await axe.run(document.body, rules)).violations).toEqual([]);
  });
});

describe("the holder's charge (issue 34, part 3)", () => {
  it('only the diner whose card is held may charge it, after a dialog that says how much', async () => {
    const calls = tabServer(tableState({ lines: [sentLine()], tab: openTab() }));
    await openCart();
    const charge = screen.getByRole('button', { name: tt.charge });
    fireEvent.click(charge);
    const dialog = screen.getByTestId('tab-charge-dialog');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByTestId('tab-charge-amount').textContent).toBe('₪28.00');
    // The safe choice has the focus, never the charge.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: tt.chargeCancel }));
    // Cancel charges nothing and gives the focus back to the button.
    fireEvent.click(within(dialog).getByRole('button', { name: tt.chargeCancel }));
    expect(screen.queryByTestId('tab-charge-dialog')).toBeNull();
    expect(document.activeElement).toBe(charge);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(charge);
    fireEvent.click(within(screen.getByTestId('tab-charge-dialog')).getByRole('button', { name: tt.chargeConfirm }));
    await waitFor(() => expect(calls.some((call) => call.path.includes('/tab/charge?'))).toBe(true));
    const charged = calls.find((call) => call.path.includes('/tab/charge?'))!;
    expect(charged.method).toBe('POST');
    expect(charged.body).toEqual({});
  });

  it('another diner sees no charge button', async () => {
    tabServer(tableState({ you: omer, lines: [sentLine()], tab: openTab() }));
    await openCart();
    expect(screen.getByTestId('tab-open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: tt.charge })).toBeNull();
  });

  it('back from the hold page on the menu: says it was approved, or that the card was not', async () => {
    tabServer(tableState({ lines: [unsentLine()], tab: tableTab() }));
    history.replaceState(null, '', `/menu/demo?table=3&key=${KEY}&hold=failed`);
    render(<DinerApp />);
    const notice = await screen.findByTestId('tab-hold-return');
    expect(notice.textContent).toBe(tt.holdFailed);
    // Said once: the address no longer carries it (the page drops it in an effect of its own: wait for it).
    await waitFor(() => expect(location.search).not.toContain('hold='));
  });
});
