import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { splitPart } from '@tafrit/contracts/split';
import type { TableState } from '@tafrit/contracts/tables';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { DinerApp } from '../app';
import type { PublicMenu } from '../menu-types';
import { readPaymentAnswer } from '../payment-answer';
import { paymentRequest } from '../payment-request';
import { refusalText, splitWords } from '../split-words';
import { setJoinedTable } from '../table-secret';
import { setTableSplit, tableSplit } from '../table-split';
import { heErrors } from '../error-text';
import { dana, omer, tableLine, tableState } from './fixtures';
import { canPay, choiceOf, partOf, splitBody, tableBill, tellsPayments, type SplitPick } from './split';

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, disconnect: () => undefined }) }));

const w = splitWords.he;
const KEY = 'AbCdEfGhIjKlMnOp';
const menu: PublicMenu = {
  ordering: { open: true, reason: null, opensAt: null },
  business: { businessName: 'קפה הגפן', logo: null, departmentId: 'demo' },
  categories: [{ id: 1, name: 'שתייה חמה', order: 0 }],
  products: [
    { id: 10, categoryId: 1, name: 'הפוך', description: null, price: '14.00', image: null, tags: [], optionGroups: [] },
  ],
};

// Dana's coffee (₪14) and Omer's two (₪28): ₪42 on the table.
const lines = () => [
  tableLine({ dinerId: dana.dinerId, productId: 10, name: 'הפוך', unitPriceAgorot: 1400 }),
  tableLine({ dinerId: omer.dinerId, productId: 10, name: 'הפוך', quantity: 2, unitPriceAgorot: 1400 }),
];
const pick = (change: Partial<SplitPick>): SplitPick => ({ mode: 'all', shares: 2, amountText: '', ...change });

describe('the split choice as numbers (issue 34, part 2)', () => {
  it("each choice comes to what splitPart says on the table's bill, open or paying", () => {
    const open = tableState({ lines: lines() });
    expect(tableBill(open)).toEqual({ itemsAgorot: 4200, takenAgorot: 0, mineAgorot: 1400 });
    const paying = tableState({ lines: lines(), status: 'paying', leftAgorot: 2800, payments: [] });
    expect(tableBill(paying)).toEqual({ itemsAgorot: 4200, takenAgorot: 1400, mineAgorot: 1400 });
    const picks = [
      pick({ mode: 'all' }),
      pick({ mode: 'mine' }),
      pick({ mode: 'equal', shares: 3 }),
      pick({ mode: 'equal', shares: 50 }),
      pick({ mode: 'amount', amountText: '10.5' }),
      pick({ mode: 'amount', amountText: '99' }),
      pick({ mode: 'amount', amountText: '' }),
    ];
    for (const state of [open, paying]) {
      for (const each of picks) expect(partOf(each, state)).toEqual(splitPart(choiceOf(each), tableBill(state)));
    }
    expect(partOf(pick({ mode: 'equal', shares: 3 }), open)).toEqual({ ok: true, agorot: 1400, leftAfterAgorot: 2800 });
    // Rounded up to the agora: three parts of ₪10 cover it, the last one smaller.
    const ten = tableState({ lines: [tableLine({ dinerId: omer.dinerId, productId: 10, unitPriceAgorot: 1000 })] });
    expect(partOf(pick({ mode: 'equal', shares: 3 }), ten)).toMatchObject({ ok: true, agorot: 334 });
    expect(partOf(pick({ mode: 'amount', amountText: '99' }), paying)).toEqual({ ok: false, reason: 'above_left' });
    expect(partOf(pick({ mode: 'mine' }), ten)).toEqual({ ok: false, reason: 'nothing_mine' });
    expect(partOf(pick({ mode: 'equal', shares: 50 }), ten)).toEqual({ ok: false, reason: 'part_too_small' });
  });

  it("create-payment's split: shares for equal parts, shekels for an amount", () => {
    expect(splitBody(pick({ mode: 'all' }))).toEqual({ mode: 'all' });
    expect(splitBody(pick({ mode: 'mine' }))).toEqual({ mode: 'mine' });
    expect(splitBody(pick({ mode: 'equal', shares: 3 }))).toEqual({ mode: 'equal', shares: 3 });
    expect(splitBody(pick({ mode: 'amount', amountText: '12.5' }))).toEqual({ mode: 'amount', amount: 12.5 });
  });

  it('pays a part while the table pays only when something is left that no one else is paying', () => {
    expect(canPay(tableState({ lines: lines() }))).toBe(true);
    // An older server: paying, nothing listed and 0 left (one payer at a time). A declined page: listed no more, its
    // share left again.
    expect(canPay(tableState({ lines: lines(), status: 'paying' }))).toBe(false);
    expect(tellsPayments(tableState({ lines: lines(), status: 'paying' }))).toBe(false);
    expect(canPay(tableState({ lines: lines(), status: 'paying', leftAgorot: 2800 }))).toBe(true);
    expect(tellsPayments(tableState({ lines: lines(), status: 'paying', leftAgorot: 2800 }))).toBe(true);
    const payment = { ...dana, amountAgorot: 1400, tipAgorot: 0, status: 'paid' as const, paidAt: null };
    expect(canPay(tableState({ lines: lines(), status: 'paying', leftAgorot: 2800, payments: [payment] }))).toBe(true);
    expect(canPay(tableState({ lines: lines(), status: 'paying', leftAgorot: 0, payments: [payment] }))).toBe(false);
    // The reader's own page still open (they came back to choose again) is theirs to take again, as the server has it.
    const open = { ...payment, amountAgorot: 3080, tipAgorot: 280, status: 'pending' as const };
    const own = tableState({ lines: lines(), status: 'paying', leftAgorot: 0, payments: [payment, open] });
    expect(canPay(own)).toBe(true);
    expect(tableBill(own)).toEqual({ itemsAgorot: 4200, takenAgorot: 1400, mineAgorot: 1400 });
    const others = tableState({
      you: omer,
      lines: lines(),
      status: 'paying',
      leftAgorot: 0,
      payments: [payment, open],
    });
    expect(canPay(others)).toBe(false);
  });

  it("reads the server's share_changed as a new amount to confirm and split_refused with its reason", () => {
    expect(readPaymentAnswer(409, { code: 'table.share_changed', data: { amount: '26.50' } } as never, 4100)).toEqual({
      kind: 'price-changed',
      total: 2650,
      items: null,
    });
    const refused = { code: 'table.split_refused', message: 'אין מה לשלם', data: { reason: 'nothing_left' } };
    expect(readPaymentAnswer(409, refused as never, 2650)).toEqual({
      kind: 'split-refused',
      reason: 'nothing_left',
      message: 'אין מה לשלם',
    });
    expect(refusalText(w, 'nothing_left', 'אין מה לשלם', true)).toBe('אין מה לשלם');
    expect(refusalText(splitWords.en, 'nothing_left', 'אין מה לשלם', false)).toBe(splitWords.en.refusal.nothing_left);
    expect(refusalText(splitWords.ru, 'above_left', null, false)).toBe(splitWords.ru.refusal.above_left);
  });

  it('the choice is kept for the tab: a checkout opened again pays the same part', () => {
    setTableSplit('demo', { split: { mode: 'mine' }, partAgorot: 1400, refresh: () => undefined });
    expect(JSON.parse(sessionStorage.getItem('tableSplit_demo') ?? 'null')).toEqual({
      split: { mode: 'mine' },
      partAgorot: 1400,
    });
    setTableSplit('demo', null);
    expect(tableSplit('demo')).toBeUndefined();
    sessionStorage.setItem(
      'tableSplit_demo',
      JSON.stringify({ split: { mode: 'equal', shares: 3 }, partAgorot: 1400 }),
    );
    expect(tableSplit('demo')).toEqual({ split: { mode: 'equal', shares: 3 }, partAgorot: 1400 });
    sessionStorage.setItem('tableSplit_demo', JSON.stringify({ split: { mode: 'half' }, partAgorot: 1 }));
    expect(tableSplit('demo')).toBeUndefined();
    sessionStorage.clear();
  });

  it('the request carries the table, the split and the part with its tip; never a split without a table', () => {
    const body = () =>
      paymentRequest({
        departmentId: 'demo',
        businessName: 'קפה הגפן',
        lines: [{ productId: 10, name: 'הפוך', price: '14.00', quantity: 3 }],
        amount: 1540,
        tip: { kind: 'percent', percent: 10 },
        split: { mode: 'equal', shares: 3 },
      });
    expect(body().split).toBeUndefined();
    setJoinedTable('demo', { table: 3, key: KEY });
    expect(body()).toMatchObject({
      amount: '15.40',
      table: { number: 3, key: KEY },
      split: { mode: 'equal', shares: 3 },
    });
    setJoinedTable('demo', null);
    expect(heErrors.serverTextReadable).toBe(true);
  });
});

describe('the split on the cart and the checkout at a shared table', () => {
  let state: TableState;
  let pay: (call: ApiCall) => Response;
  let calls: ApiCall[];

  beforeEach(() => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'menu-data';
    script.textContent = JSON.stringify(menu);
    document.body.append(script);
    state = tableState({ version: 2, lines: lines() });
    pay = () => json({ success: true, paymentUrl: `${location.origin}/sandbox/pay/1`, totalAmount: '14.00' });
    calls = stubApi((call) => {
      if (call.path.startsWith('/api/tables/demo/3')) return json({ success: true, data: state });
      if (call.path === '/api/cardcom/create-payment') return pay(call);
      return undefined;
    });
    localStorage.setItem('table_demo', '3');
    localStorage.setItem('tableSecret_demo', KEY);
  });
  afterEach(() => {
    document.querySelectorAll('script[type="application/json"]').forEach((script) => script.remove());
    localStorage.clear();
    setJoinedTable('demo', null);
    setTableSplit('demo', null);
    vi.unstubAllGlobals();
  });

  async function openCart() {
    history.replaceState(null, '', '/cart/demo');
    render(<DinerApp />);
    return screen.findByTestId('split-choice');
  }

  it('shows what each choice comes to, says why one cannot be paid, and pays equal parts of 3', async () => {
    const choice = await openCart();
    expect(within(choice).getByTestId('split-amount-all').textContent).toContain('42.00');
    expect(within(choice).getByTestId('split-amount-mine').textContent).toContain('14.00');
    expect(within(choice).getByTestId('split-amount-equal').textContent).toContain('21.00');
    expect(within(choice).getByTestId('split-amount-amount').getAttribute('data-refusal')).toBe('invalid');
    expect(screen.getByTestId('to-payment').textContent).toBe('לתשלום על כל השולחן');

    fireEvent.click(within(choice).getByTestId('split-amount'));
    fireEvent.change(within(choice).getByTestId('split-amount-input'), { target: { value: '50' } });
    expect(screen.getByTestId('split-part').textContent).toContain(w.refusal.above_left);
    expect(screen.getByTestId('to-payment').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByTestId('to-payment'));
    expect(calls.some((call) => call.path === '/api/cardcom/create-payment')).toBe(false);

    fireEvent.click(within(choice).getByTestId('split-equal'));
    fireEvent.click(within(choice).getByTestId('split-shares-plus'));
    expect((within(choice).getByTestId('split-shares') as HTMLInputElement).value).toBe('3');
    expect(screen.getByTestId('split-part').textContent).toContain('14.00');
    expect(screen.getByTestId('to-payment').textContent).toBe(w.payPart);
    fireEvent.click(screen.getByTestId('to-payment'));

    await waitFor(() => expect(calls.some((call) => call.path === '/api/cardcom/create-payment')).toBe(true));
    const request = calls.find((call) => call.path === '/api/cardcom/create-payment')!.body as Record<string, unknown>;
    expect(request).toMatchObject({
      amount: '14.00',
      table: { number: 3, key: KEY },
      split: { mode: 'equal', shares: 3 },
    });
    expect((await screen.findByTestId('checkout-part')).textContent).toContain('14.00');
    expect(screen.queryByTestId('promo-code')).toBeNull();
  });

  it('a bill that moved shows the new amount to confirm; a refused split says why and reads the table again', async () => {
    pay = () => failure(409, 'table.share_changed', 'הסכום השתנה', { data: { amount: '13.00', leftAgorot: 1300 } });
    const choice = await openCart();
    fireEvent.click(within(choice).getByTestId('split-mine'));
    fireEvent.click(screen.getByTestId('to-payment'));
    const changed = await screen.findByTestId('price-changed');
    expect(changed.textContent).toContain('13.00');

    pay = () =>
      failure(409, 'table.split_refused', 'אין מה לשלם: שאר החשבון כבר שולם', {
        data: { reason: 'nothing_left', leftAgorot: 0 },
      });
    const reads = calls.filter((call) => call.path.startsWith('/api/tables/demo/3')).length;
    fireEvent.click(within(changed).getByRole('button'));
    expect((await screen.findByTestId('split-refused')).textContent).toContain('אין מה לשלם: שאר החשבון כבר שולם');
    const bodies = calls.filter((call) => call.path === '/api/cardcom/create-payment').map((call) => call.body);
    expect(bodies.at(-1)).toMatchObject({ amount: '13.00', split: { mode: 'mine' } });
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/api/tables/demo/3')).length).toBeGreaterThan(reads),
    );
  });
});
