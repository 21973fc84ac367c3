import {
  numbersMessagesHe,
  type NumbersHours,
  type NumbersMonths,
  type NumbersProducts,
  type NumbersPromos,
  type NumbersSales,
  type NumbersSources,
} from '@tafrit/contracts/http/numbers.schemas';
import { israelDateOf } from '@tafrit/contracts/months';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwnerNumbers } from '@/i18n/he-owner-numbers';
import { createAppRouter } from '@/router';
import { demoBusiness, json, stubApi, type ApiCall } from '@/test/api-stub';
import { roleMayOpen } from '../sign-in/session-guard';

const t = heOwnerNumbers;
const today = israelDateOf(new Date());

const sales: NumbersSales = {
  from: `${today.slice(0, 7)}-01`,
  to: today,
  totals: { orders: 3, salesAgorot: 8200, refundedAgorot: 0, averageOrderAgorot: 2733 },
  days: [
    { date: '2026-10-04', orders: 3, salesAgorot: 8200 },
    { date: '2026-10-05', orders: 0, salesAgorot: 0 },
  ],
  weeks: [{ date: '2026-10-04', orders: 3, salesAgorot: 8200 }],
  service: [
    { kind: 'table', orders: 2, salesAgorot: 5400 },
    { kind: 'pickup', orders: 1, salesAgorot: 2800 },
  ],
};
const hours: NumbersHours = {
  cells: Array.from({ length: 168 }, (_, index) => ({
    weekday: Math.floor(index / 24),
    hour: index % 24,
    orders: index === 8 ? 2 : 0,
  })),
};
const products: NumbersProducts = {
  products: [
    { productId: 2, optionId: '', name: 'לאטה', groupName: '', productName: 'לאטה', quantity: 2, salesAgorot: 3600 },
    { productId: 1, optionId: '', name: 'אספרסו', groupName: '', productName: 'אספרסו', quantity: 1, salesAgorot: 900 },
  ],
  options: [
    {
      productId: 2,
      optionId: 'oat',
      name: 'שיבולת שועל',
      groupName: 'חלב',
      productName: 'לאטה',
      quantity: 2,
      salesAgorot: 400,
    },
  ],
};
const months: NumbersMonths = {
  current: { month: '2026-10', orders: 3, salesAgorot: 8200 },
  previous: { month: '2026-09', orders: 1, salesAgorot: 3700 },
  days: Array.from({ length: 31 }, (_, index) => ({
    day: index + 1,
    current: 8200,
    previous: index < 30 ? 3700 : null,
  })),
};

const sources: NumbersSources = {
  sources: [
    { channel: 'link', tag: 'instagram', orders: 2, salesAgorot: 5400 },
    { channel: 'table', tag: '', orders: 1, salesAgorot: 2800 },
    { channel: 'unknown', tag: '', orders: 1, salesAgorot: 900 },
  ],
};
const promos: NumbersPromos = {
  codes: [{ code: 'KAYITZ', orders: 1, salesAgorot: 3240, discountAgorot: 360, averageOrderAgorot: 3240 }],
  withoutCode: { orders: 2, salesAgorot: 4960, averageOrderAgorot: 2480 },
};
const ALL = { sales, hours, products, months, sources, promos };

function numbersServer(answers: Record<string, unknown>) {
  return stubApi((call: ApiCall) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    const match = /^\/api\/owner\/numbers\/(\w+)\?/.exec(call.path);
    if (match?.[1] && match[1] in answers) return json({ success: true, data: answers[match[1]] });
    return undefined;
  });
}

async function renderNumbers() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/numbers'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 10_000 });
  return router;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the owner's numbers page", () => {
  it('asks for this month by default and shows every plot with its table', async () => {
    const calls = numbersServer(ALL);
    await renderNumbers();
    await screen.findByTestId('numbers-content', {}, { timeout: 10_000 });
    const asked = calls.filter((call) => call.path.startsWith('/api/owner/numbers/')).map((call) => call.path);
    const range = `from=${today.slice(0, 7)}-01&to=${today}`;
    expect(asked.sort()).toEqual(
      ['hours', 'months', 'products', 'promos', 'sales', 'sources'].map(
        (data) => `/api/owner/numbers/${data}?${range}`,
      ),
    );
    for (const title of Object.values(t.plots))
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    for (const id of ['days', 'weeks', 'best', 'least', 'options', 'hours', 'service', 'months', 'sources', 'promos'])
      expect(screen.getByTestId(`numbers-${id}-chart`).getAttribute('role')).toBe('img');
    // The days' table: the same figures, the amounts isolated left to right.
    const days = screen.getByTestId('numbers-plot-days');
    const table = within(days).getByRole('table', { hidden: true });
    const first = within(table).getAllByRole('row', { hidden: true })[1]!;
    expect([...first.children].map((cell) => cell.textContent)).toEqual(['04/10/2026', '3', '₪82.00']);
    expect(first.querySelector('bdi[dir="ltr"]')?.textContent).toBe('04/10/2026');
    expect(screen.getByText('₪27.33')).toBeTruthy();
  });

  it('shows where the orders came from and each promo code against the orders without one', async () => {
    numbersServer(ALL);
    await renderNumbers();
    await screen.findByTestId('numbers-content', {}, { timeout: 10_000 });
    const rowsOf = (plot: string) =>
      within(within(screen.getByTestId(`numbers-plot-${plot}`)).getByRole('table', { hidden: true }))
        .getAllByRole('row', { hidden: true })
        .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rowsOf('sources')).toEqual([
      [t.columns.source, t.columns.tag, t.columns.orders, t.columns.sales],
      ['קישור', 'instagram', '2', '₪54.00'],
      ['קוד בשולחן', '', '1', '₪28.00'],
      ['לא ידוע', '', '1', '₪9.00'],
    ]);
    expect(rowsOf('promos').slice(1)).toEqual([
      ['KAYITZ', '1', '₪32.40', '₪3.60', '₪32.40'],
      [t.withoutCode, '2', '₪49.60', '₪0.00', '₪24.80'],
    ]);
    // The chart names each link by its tag; the promo chart sets each code's average against the orders without.
    expect(screen.getByTestId('numbers-sources-chart').textContent).toContain('קישור (instagram)');
    expect(screen.getByTestId('numbers-promos-chart').textContent).toContain(t.withoutCode);
  });

  it('says so when no promo code was used in the range', async () => {
    numbersServer({
      ...ALL,
      promos: { codes: [], withoutCode: { orders: 3, salesAgorot: 8200, averageOrderAgorot: 2733 } },
    });
    await renderNumbers();
    await screen.findByTestId('numbers-content', {}, { timeout: 10_000 });
    const plot = screen.getByTestId('numbers-plot-promos');
    expect(within(plot).getByText(t.noPromos)).toBeTruthy();
    expect(within(plot).queryByTestId('numbers-promos-chart')).toBeNull();
  });

  it('asks again for the range a preset names', async () => {
    const calls = numbersServer(ALL);
    await renderNumbers();
    await screen.findByTestId('numbers-content', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: t.range.thisYear }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.path === `/api/owner/numbers/sales?from=${today.slice(0, 4)}-01-01&to=${today}`),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: t.range.thisYear }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when the range has no paid orders', async () => {
    numbersServer({
      sales: { ...sales, totals: { orders: 0, salesAgorot: 0, refundedAgorot: 0, averageOrderAgorot: 0 }, service: [] },
      hours,
      products: { products: [], options: [] },
      months: { ...months, current: { ...months.current, orders: 0 }, previous: { ...months.previous, orders: 0 } },
      sources: { sources: [] },
      promos: { codes: [], withoutCode: { orders: 0, salesAgorot: 0, averageOrderAgorot: 0 } },
    });
    await renderNumbers();
    expect(await screen.findByTestId('numbers-empty', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText(t.noData).length).toBeGreaterThan(3);
  });

  it('is clean for axe', async () => {
    numbersServer(ALL);
    await renderNumbers();
    await screen.findByTestId('numbers-content', {}, { timeout: 10_000 });
    // The new plots' tables open too: their headers and isolated figures are checked as well.
    for (const plot of ['sources', 'promos'])
      screen.getByTestId(`numbers-plot-${plot}`).querySelector('details')!.setAttribute('open', '');
    const violations = await axe.run(screen.getByRole('main'), { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('is open to whoever reads the reports, not to the kitchen', () => {
    expect(
      (['owner', 'manager', 'accountant', 'kitchen'] as const).map((role) => roleMayOpen(role, '/numbers')),
    ).toEqual([true, true, true, false]);
  });
});

describe('a custom range', () => {
  it('says in Hebrew why a reversed range cannot be shown, and asks for a good one', async () => {
    const calls = numbersServer(ALL);
    await renderNumbers();
    await screen.findByTestId('numbers-content', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: t.range.custom }));
    fireEvent.change(screen.getByLabelText(t.range.from), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText(t.range.to), { target: { value: '2026-03-01' } });
    expect(screen.getByTestId('numbers-range-problem').textContent).toBe(numbersMessagesHe.reversed);
    expect((screen.getByRole('button', { name: t.range.apply }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(t.range.to), { target: { value: '2026-03-31' } });
    expect(screen.queryByTestId('numbers-range-problem')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.range.apply }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/owner/numbers/sales?from=2026-03-10&to=2026-03-31')).toBe(true),
    );
  });
});
