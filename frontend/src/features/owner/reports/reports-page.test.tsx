import { lastTwelveMonths } from '@tafrit/contracts/months';
import type { MonthlyReport, ReportOrder } from '@tafrit/contracts/ordering-types';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { monthLabel } from '@/lib/month-label';
import { orderDateText } from './reports-format';

const t = heOwner.reports;
const months = lastTwelveMonths(new Date());
const current = months[0]!;

function order(overrides: Partial<ReportOrder> = {}): ReportOrder {
  return {
    id: 'order-1',
    orderNumber: 1001,
    orderDate: '2026-11-03T08:15:00.000Z',
    totalAmount: '41.00',
    commission: '2.05',
    netAmount: '38.95',
    remarks: 'בלי סוכר',
    tableNumber: 4,
    items: [
      {
        productId: 1,
        name: 'הפוך גדול',
        price: 16.5,
        quantity: 2,
        options: [
          { groupName: 'חלב', name: 'שיבולת שועל', price: 2, without: false },
          { groupName: 'בלי', name: 'קצף', price: 0, without: true },
        ],
      },
      { productId: 2, name: 'קרואסון', price: 12, quantity: 1 },
    ],
    status: 'paid',
    paymentStatus: 'paid',
    invoiceNumber: '40001',
    invoiceUrl: 'https://invoices.example/40001.pdf',
    invoiceStatus: 'generated',
    payment: { last4: '4242', brand: 'Visa', approvalNumber: '123456' },
    refunds: [],
    ...overrides,
  };
}

function reportOf(month: string, orders: ReportOrder[]): MonthlyReport {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return {
    month,
    orders,
    summary: {
      totalOrders: orders.length,
      totalAmount: orders.length ? '1234.56' : '0.00',
      totalRefunds: '0.00',
      totalCommission: orders.length ? '61.73' : '0.00',
      netAmount: orders.length ? '1172.83' : '0.00',
    },
    daily: Array.from({ length: days }, (_, index) => ({
      date: `${month}-${String(index + 1).padStart(2, '0')}`,
      totalOrders: index === 2 ? orders.length : 0,
      totalAmount: index === 2 && orders.length ? '1234.56' : '0.00',
    })),
    payout: null,
  };
}

const defaultOrders = [
  order(),
  order({
    id: 'order-2',
    orderNumber: 1000,
    orderDate: 'not-a-date',
    remarks: null,
    invoiceNumber: '40000',
    invoiceUrl: null,
    invoiceStatus: 'pending',
    payment: null,
  }),
  order({ id: 'order-3', orderNumber: 999, invoiceNumber: null, invoiceUrl: null, invoiceStatus: 'failed' }),
];

function reportServer(answer: (call: ApiCall, month: string) => Response | undefined = () => undefined) {
  return stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    const url = new URL(call.path, 'http://localhost');
    const month = url.searchParams.get('month') ?? '';
    const custom = answer(call, month);
    if (custom) return custom;
    if (url.pathname === '/api/orders') {
      return json({ success: true, data: reportOf(month, month === current ? defaultOrders : []) });
    }
    return undefined;
  });
}

function renderReports() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/reports'] }) });
  render(<RouterProvider router={router} />);
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

describe('reports', () => {
  it('offers the last 12 Israel months by Hebrew name, the current one first and chosen', async () => {
    reportServer();
    renderReports();
    // The first render of the file loads the console's lazy route and the chart library: give it time.
    const select = (await screen.findByLabelText(t.monthLabel, {}, { timeout: 10_000 })) as HTMLSelectElement;
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options).toHaveLength(12);
    expect(options.map((option) => option.value)).toEqual(months);
    expect(select.value).toBe(current);
    expect(options[0]?.textContent).toBe(monthLabel(current));
    expect(monthLabel('2026-11')).toBe('נובמבר 2026');
    expect(monthLabel('2026-01')).toBe('ינואר 2026');
  });

  it('shows the five summary cards in shekels and the transfers note', async () => {
    const calls = reportServer();
    renderReports();
    const summary = await screen.findByTestId('report-summary');
    const value = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(value(t.totalOrders)).toBe('3');
    expect(value(t.totalSales)).toBe('₪1,234.56');
    expect(value(t.commission)).toBe('₪61.73');
    expect(value(t.totalRefunds)).toBe('₪0.00');
    expect(value(t.netAfterRefunds)).toBe('₪1,172.83');
    expect(screen.getByTestId('transfers-note').textContent).toBe(
      'ההעברות לחשבון הבנק מתבצעות ב-20 בכל חודש עבור החודש הקודם',
    );
    const get = calls.find((call) => call.path.startsWith('/api/orders'));
    expect(get?.path).toBe(`/api/orders?month=${current}`);
    expect(get?.headers.Authorization).toBe('Bearer owner-token');
  });

  it('draws the daily sales as an image with an accessible name, and the same numbers in a table', async () => {
    reportServer();
    renderReports();
    const chart = await screen.findByRole('img', { name: t.chartLabel(monthLabel(current)) });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelector('title')?.textContent).toBe(t.chartLabel(monthLabel(current)));
    const table = screen.getByTestId('daily-sales-table');
    const rows = within(table).getAllByRole('row');
    // A header row and one row per day of the month.
    expect(rows.length).toBeGreaterThanOrEqual(29);
    expect(rows[3]?.textContent).toContain('₪1,234.56');
    // Day 1 is drawn at the right (right to left): its bar is further right than day 2's.
    const bars = chart.querySelectorAll('rect.visx-bar');
    expect(bars.length).toBe(rows.length - 1);
    expect(Number(bars[0]?.getAttribute('x'))).toBeGreaterThan(Number(bars[1]?.getAttribute('x')));
  });

  it('opens an order: remarks, invoice with its link, payment details and lines with their choices', async () => {
    reportServer();
    const user = userEvent.setup();
    renderReports();
    const rows = await screen.findAllByTestId('report-order');
    expect(rows).toHaveLength(3);
    const button = within(rows[0]!).getByRole('button');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.textContent).toContain('#1001');
    expect(button.textContent).toContain(orderDateText('2026-11-03T08:15:00.000Z'));
    expect(orderDateText('2026-11-03T08:15:00.000Z')).toBe('03/11/2026 10:15');
    expect(button.textContent).toContain('₪41.00');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByTestId('order-remarks').textContent).toBe('בלי סוכר');
    expect(within(panel).getByText('40001')).toBeTruthy();
    expect(within(panel).getByText(t.invoiceStatuses.generated)).toBeTruthy();
    const link = within(panel).getByRole('link', { name: `${t.viewInvoice} ${t.newWindow}` });
    expect(link.getAttribute('href')).toBe('https://invoices.example/40001.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(panel).getByText('₪2.05')).toBeTruthy();
    expect(within(panel).getByText('₪38.95')).toBeTruthy();
    expect(within(panel).getByText('4242')).toBeTruthy();
    const lines = within(panel).getAllByRole('row');
    // The line's choices under its name, with their prices as ordered.
    expect(lines[1]?.textContent).toBe('הפוך גדולשיבולת שועל ₪2.00, בלי קצף2₪33.00');
    expect(lines[2]?.textContent).toBe('קרואסון1₪12.00');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  it('opens a shared table’s bill paid in parts: each payer with their amount, card and own document', async () => {
    const payment = (payer: string | null, amount: string, number: string) => ({
      partId: `part-${number}`,
      payer,
      amount,
      tipAmount: payer ? '2.00' : '0.00',
      commission: '0.73',
      method: 'card' as const,
      last4: '0000',
      invoiceNumber: number,
      invoiceUrl: `/api/invoice/order-1?part=${number}&token=t`,
      paidAt: '2026-11-03T08:15:00.000Z',
    });
    const split = order({
      invoiceNumber: null,
      invoiceUrl: null,
      payments: [payment('דנה', '16.50', '41'), payment(null, '26.50', '42')],
    });
    reportServer((_, month) =>
      month === current ? json({ success: true, data: reportOf(month, [split]) }) : undefined,
    );
    const user = userEvent.setup();
    renderReports();
    const [row] = await screen.findAllByTestId('report-order');
    await user.click(within(row!).getByRole('button'));
    const payments = within(row!).getAllByTestId('order-payment');
    expect(payments).toHaveLength(2);
    expect(payments[0]!.textContent).toContain('דנה');
    expect(payments[0]!.textContent).toContain('₪16.50');
    expect(payments[0]!.textContent).toContain(`${t.payerTip} ₪2.00`);
    expect(payments[1]!.textContent).toContain(t.payerUnnamed);
    const link = within(payments[1]!).getByRole('link');
    expect(link.getAttribute('href')).toBe('/api/invoice/order-1?part=42&token=t');
    // Refunded against the payment that paid: each payment has its own refund, the order none of its own.
    expect(within(row!).getByTestId('report-split-refund-note')).toBeTruthy();
    expect(within(row!).queryByTestId('report-refund')).toBeNull();
    await user.click(within(payments[1]!).getByTestId('payment-refund'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`${heOwner.refunds.paymentOf} ${t.payerUnnamed}`);
    // A share paid for no line in particular: the whole payment or an amount, no lines to choose.
    expect(within(dialog).queryByLabelText(heOwner.refunds.lines)).toBeNull();
    expect(within(dialog).getAllByText(/₪26.50/).length).toBeGreaterThan(0);
  });

  it('shows a pending invoice without a link, a failed one as failed, and an invalid date as not available', async () => {
    reportServer();
    const user = userEvent.setup();
    renderReports();
    const rows = await screen.findAllByTestId('report-order');

    const pending = within(rows[1]!).getByRole('button');
    expect(pending.textContent).toContain(t.dateUnavailable);
    await user.click(pending);
    const pendingInvoice = within(rows[1]!).getByTestId('order-invoice');
    expect(within(pendingInvoice).getByText('40000')).toBeTruthy();
    expect(within(pendingInvoice).getByText('בהפקה')).toBeTruthy();
    expect(within(pendingInvoice).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).getByTestId('order-remarks').textContent).toBe(t.noRemarks);
    expect(within(rows[1]!).queryByText(t.cardEnding, { exact: false })).toBeNull();

    await user.click(within(rows[2]!).getByRole('button'));
    const failedInvoice = within(rows[2]!).getByTestId('order-invoice');
    expect(within(failedInvoice).getByText('נכשלה')).toBeTruthy();
    expect(within(failedInvoice).getByText(t.noInvoiceNumber)).toBeTruthy();
    expect(within(failedInvoice).queryByRole('link')).toBeNull();
  });

  it('says there are no orders in an empty month, after choosing it', async () => {
    const calls = reportServer();
    const user = userEvent.setup();
    renderReports();
    await screen.findAllByTestId('report-order');
    await user.selectOptions(screen.getByLabelText(t.monthLabel), months[3]!);
    expect(await screen.findByText(t.empty)).toBeTruthy();
    expect(screen.queryByTestId('report-order')).toBeNull();
    expect(screen.queryByRole('img', { name: /./ })).toBeNull();
    expect(calls.some((call) => call.path === `/api/orders?month=${months[3]}`)).toBe(true);
    const summary = screen.getByTestId('report-summary');
    expect(within(summary).getByText(t.totalSales).nextElementSibling?.textContent).toBe('₪0.00');
  });

  it('shows the loading state, then an error with the server message and a retry that works', async () => {
    let fail = true;
    const calls = reportServer((call) =>
      call.path.startsWith('/api/orders') && fail ? failure(500, 'internal', 'תקלה בשרת') : undefined,
    );
    const user = userEvent.setup();
    renderReports();
    expect((await screen.findByText(t.loading)).getAttribute('role')).toBe('status');
    expect(await screen.findByText(t.loadError)).toBeTruthy();
    expect(screen.getByText('תקלה בשרת')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findAllByTestId('report-order')).toHaveLength(3);
    expect(calls.filter((call) => call.path.startsWith('/api/orders?')).length).toBe(2);
  });

  it('downloads the CSV of the chosen month with the owner token', async () => {
    const calls = reportServer((call) =>
      call.path.startsWith('/api/orders/csv')
        ? new Response('\uFEFFמספר הזמנה\r\n', {
            status: 200,
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': `attachment; filename="orders-${months[1]}.csv"`,
            },
          })
        : undefined,
    );
    const createObjectURL = vi.fn(() => 'blob:report');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    renderReports();
    await screen.findAllByTestId('report-order');
    await user.selectOptions(screen.getByLabelText(t.monthLabel), months[1]!);
    await user.click(screen.getByRole('button', { name: t.downloadCsv }));

    await waitFor(() => expect(downloads).toEqual([`orders-${months[1]}.csv blob:report`]));
    const csv = calls.find((call) => call.path.startsWith('/api/orders/csv'));
    expect(csv?.path).toBe(`/api/orders/csv?month=${months[1]}`);
    expect(csv?.headers.Authorization).toBe('Bearer owner-token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:report'));
    expect(screen.getByRole('button', { name: t.downloadCsv }).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows progress while the CSV is prepared and a toast when it fails', async () => {
    let release: (response: Response) => void = () => undefined;
    reportServer((call) =>
      call.path.startsWith('/api/orders/csv')
        ? (new Promise<Response>((resolve) => {
            release = resolve;
          }) as unknown as Response)
        : undefined,
    );
    const user = userEvent.setup();
    renderReports();
    await screen.findAllByTestId('report-order');
    await user.click(screen.getByRole('button', { name: t.downloadCsv }));
    const busy = await screen.findByRole('button', { name: t.downloadingCsv });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    release(failure(400, 'report.month_out_of_range', 'ניתן להציג דוחות של 12 החודשים האחרונים בלבד'));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(t.csvError)).toBeTruthy();
    expect(within(toast).getByText('ניתן להציג דוחות של 12 החודשים האחרונים בלבד')).toBeTruthy();
    expect(await screen.findByRole('button', { name: t.downloadCsv })).toBeTruthy();
  });

  it('shows the month’s transfer in the footer once it was made: amount and Israel date', async () => {
    reportServer((call, month) =>
      call.path.startsWith('/api/orders?') && month === months[1]
        ? json({
            success: true,
            data: {
              ...reportOf(month, defaultOrders),
              // 22:30 UTC on the 19th is already the 20th in Israel.
              payout: {
                status: 'transferred',
                dueDate: '2026-11-20',
                transferredAt: '2026-11-19T22:30:00.000Z',
                net: '1172.83',
                deducted: '0.00',
                carried: '0.00',
              },
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderReports();
    await screen.findAllByTestId('report-order');
    // The current month has no batch yet: no transfer line, only the general note.
    expect(screen.queryByTestId('report-payout')).toBeNull();
    await user.selectOptions(screen.getByLabelText(t.monthLabel), months[1]!);
    const footer = await screen.findByTestId('report-payout');
    expect(footer.textContent).toBe('הועברו ₪1,172.83 לחשבונך ב-20/11/2026');
    expect(footer.querySelectorAll('bdi[dir="ltr"]')).toHaveLength(2);
  });

  it('shows the planned transfer date while the batch is created but not yet transferred', async () => {
    reportServer((call, month) =>
      call.path.startsWith('/api/orders?')
        ? json({
            success: true,
            data: {
              ...reportOf(month, month === current ? defaultOrders : []),
              payout: {
                status: 'created',
                dueDate: '2026-12-20',
                transferredAt: null,
                net: '1172.83',
                deducted: '0.00',
                carried: '0.00',
              },
            },
          })
        : undefined,
    );
    renderReports();
    const footer = await screen.findByTestId('report-payout');
    expect(footer.textContent).toBe('ההעברה מתוכננת ל-20/12/2026');
  });

  it('shows a past month’s deduction for refunds and the platform’s commission invoice, opened in a new tab', async () => {
    reportServer((call, month) => {
      if (call.path.startsWith('/api/platform-invoices?') && month === months[1]) {
        return json({
          success: true,
          data: {
            businessId: demoBusiness.phone,
            businessName: demoBusiness.businessName,
            month,
            documents: [
              {
                kind: 'invoice',
                number: 41,
                total: '58.64',
                beforeVat: '49.69',
                vat: '8.95',
                vatRatePercent: 18,
                issuedAt: '2026-11-01T00:10:00.000Z',
                url: `/api/platform-invoice/${month}/x?token=t`,
              },
            ],
          },
        });
      }
      if (call.path.startsWith('/api/orders?') && month === months[1]) {
        return json({
          success: true,
          data: {
            ...reportOf(month, defaultOrders),
            payout: {
              status: 'created',
              dueDate: '2026-11-20',
              transferredAt: null,
              net: '0.00',
              deducted: '47.50',
              carried: '28.50',
            },
          },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderReports();
    await screen.findAllByTestId('report-order');
    // The current month has not ended: no invoice yet, and nothing asked for it.
    expect(screen.queryByTestId('platform-invoice')).toBeNull();
    await user.selectOptions(screen.getByLabelText(t.monthLabel), months[1]!);
    expect((await screen.findByTestId('report-payout-deducted')).textContent).toContain('₪47.50');
    expect(screen.getByTestId('report-payout-carried').textContent).toContain('₪28.50');
    const link = await screen.findByRole('link', { name: /חשבונית מס 41/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe(`/api/platform-invoice/${months[1]}/x?token=t`);
  });

  it('says in an order’s details its refund, and its commission and net after refunds (issue 29)', async () => {
    const refunded = order({
      id: '6f1c2a4e-0000-4000-8000-000000000002',
      totalAmount: '41.00',
      commission: '2.05',
      netAmount: '38.95',
      refundedAmount: '14.50',
      commissionAfterRefunds: '1.32',
      netAfterRefunds: '25.18',
      refunds: [
        { refundId: 'r-1', amount: '14.50', reason: 'קפה קר', createdAt: '2026-11-03T09:00:00.000Z', creditUrl: null },
      ],
    });
    reportServer((call, month) =>
      call.path.startsWith('/api/orders?')
        ? json({ success: true, data: reportOf(month, month === current ? [refunded] : []) })
        : undefined,
    );
    const user = userEvent.setup();
    renderReports();
    const [row] = await screen.findAllByTestId('report-order');
    await user.click(within(row!).getAllByRole('button')[0]!);
    const after = within(row!).getAllByTestId('report-order-after-refunds');
    expect(after.map((line) => line.textContent)).toEqual([
      'הוחזר:₪14.50',
      'עמלה אחרי החזרים:₪1.32',
      'נטו אחרי החזרים:₪25.18',
    ]);
  });

  it("lists an order's refunds with their credit documents, and refunds from the report with the console's dialog", async () => {
    const refunded = order({
      id: '6f1c2a4e-0000-4000-8000-000000000001',
      refunds: [
        {
          refundId: 'r-1',
          amount: '14.50',
          reason: 'קפה קר',
          createdAt: '2026-11-03T09:00:00.000Z',
          creditUrl: '/api/invoice/order-1/credits/r-1?token=t',
        },
      ],
    });
    let refundsAsked = 0;
    const calls = reportServer((call, month) => {
      if (call.path.endsWith('/refunds')) {
        refundsAsked += 1;
        return json({
          success: true,
          data: { refundId: 'r-2', amount: '26.50', status: 'refunded', failureReason: null },
        });
      }
      if (call.path.startsWith('/api/orders?')) {
        const report = reportOf(month, month === current ? [refunded] : []);
        return json({ success: true, data: report });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderReports();
    const [row] = await screen.findAllByTestId('report-order');
    expect(within(row!).getByTestId('report-refunded-tag').textContent).toBe('הוחזר ₪14.50');
    await user.click(within(row!).getAllByRole('button')[0]!);
    const refund = within(row!).getByTestId('order-refund');
    expect(refund.textContent).toContain('₪14.50');
    expect(refund.textContent).toContain('קפה קר');
    expect(refund.textContent).toContain(orderDateText('2026-11-03T09:00:00.000Z'));
    const credit = within(refund).getByRole('link', { name: `${t.viewCredit} ${t.newWindow}` });
    expect(credit.getAttribute('href')).toBe('/api/invoice/order-1/credits/r-1?token=t');

    await user.click(within(row!).getByTestId('report-refund'));
    const dialog = await screen.findByRole('dialog');
    // What remains: ₪41.00 paid less ₪14.50 refunded.
    expect(within(dialog).getByRole('radio', { name: /את כל מה שנותר/ }).parentElement?.textContent).toContain(
      '₪26.50',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'לבקשת הלקוח' }));
    await user.click(within(dialog).getByTestId('refund-next'));
    expect(within(dialog).getByTestId('refund-confirmation-text').textContent).toContain('₪26.50');
    const reportsBefore = calls.filter((call) => call.path.startsWith('/api/orders?')).length;
    await user.click(within(dialog).getByTestId('refund-confirm'));
    // The report is asked again, so it shows the new refund and the net after it.
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/api/orders?')).length).toBeGreaterThan(reportsBefore),
    );
    expect(refundsAsked).toBe(1);
  });

  it('shows a credit document the provider did not make with its reason, and asks for it again once', async () => {
    const orderId = '6f1c2a4e-0000-4000-8000-000000000002';
    const refundId = '6f1c2a4e-0000-4000-8000-0000000000r1';
    const refundOf = (credit: 'failed' | 'issued') => ({
      refundId,
      amount: '14.50',
      reason: 'קפה קר',
      createdAt: '2026-11-03T09:00:00.000Z',
      creditUrl: credit === 'issued' ? `/api/invoice/${orderId}/credits/${refundId}?token=t` : null,
      credit,
      creditFailureReason: credit === 'failed' ? 'Cardcom: Deal not found (5301)' : null,
    });
    let made = false;
    const calls = reportServer((call, month) => {
      if (call.path.endsWith('/credit')) {
        made = true;
        return json({ success: true, data: { refundId, credit: 'issued', failureReason: null } });
      }
      if (call.path.startsWith('/api/orders?')) {
        const refunded = order({ id: orderId, refunds: [refundOf(made ? 'issued' : 'failed')] });
        return json({ success: true, data: reportOf(month, month === current ? [refunded] : []) });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderReports();
    const [row] = await screen.findAllByTestId('report-order');
    await user.click(within(row!).getAllByRole('button')[0]!);
    const failed = within(row!).getByTestId('order-refund-credit-failed');
    expect(failed.textContent).toContain(t.creditFailed);
    expect(failed.textContent).toContain('Cardcom: Deal not found (5301)');
    expect(within(row!).queryByRole('link', { name: new RegExp(t.viewCredit) })).toBeNull();

    await user.click(within(failed).getByRole('button', { name: t.creditRetry }));
    await screen.findByText(t.creditIssued);
    const credit = await within(row!).findByRole('link', { name: `${t.viewCredit} ${t.newWindow}` });
    expect(credit.getAttribute('href')).toBe(`/api/invoice/${orderId}/credits/${refundId}?token=t`);
    const asked = calls.filter((call) => call.path.endsWith('/credit'));
    expect(asked.map((call) => [call.method, call.path])).toEqual([
      ['POST', `/api/orders/${orderId}/refunds/${refundId}/credit`],
    ]);
    expect(within(row!).queryByTestId('order-refund-credit-failed')).toBeNull();
  });

  it('lists a refused refund with its reason and retries it under its own id and lines; a waiting one holds its amount', async () => {
    const orderId = '6f1c2a4e-0000-4000-8000-000000000003';
    const refused = {
      refundId: '6f1c2a4e-0000-4000-8000-0000000000f1',
      amount: '16.50',
      reason: 'קפה קר',
      requestedAt: '2026-11-03T09:00:00.000Z',
      status: 'failed' as const,
      failureReason: 'Refund refused',
      lines: [{ index: 0, quantity: 1 }],
    };
    const waiting = {
      ...refused,
      refundId: '6f1c2a4e-0000-4000-8000-0000000000f2',
      amount: '3.00',
      reason: 'חיוב כפול',
      status: 'requested' as const,
      failureReason: null,
      lines: null,
    };
    let retried = false;
    const calls = reportServer((call, month) => {
      if (call.path.endsWith('/refunds')) {
        retried = true;
        return json({
          success: true,
          data: { refundId: refused.refundId, amount: '16.50', status: 'refunded', failureReason: null },
        });
      }
      if (call.path.startsWith('/api/orders?')) {
        const unsettled = retried ? [waiting] : [refused, waiting];
        const refunds = retried
          ? [
              {
                refundId: refused.refundId,
                amount: '16.50',
                reason: 'קפה קר',
                createdAt: refused.requestedAt,
                creditUrl: null,
              },
            ]
          : [];
        const row = order({ id: orderId, refunds, unsettledRefunds: unsettled });
        return json({ success: true, data: reportOf(month, month === current ? [row] : []) });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderReports();
    const [row] = await screen.findAllByTestId('report-order');
    await user.click(within(row!).getAllByRole('button')[0]!);
    const [first, second] = within(row!).getAllByTestId('order-unsettled-refund');
    expect(first!.textContent).toContain(t.refundRefused);
    expect(first!.textContent).toContain('Refund refused');
    expect(first!.textContent).toContain('₪16.50');
    expect(second!.textContent).toContain(t.refundWaiting);
    expect(within(second!).queryByRole('button')).toBeNull();
    // Nothing returned yet: no refunded tag.
    expect(within(row!).queryByTestId('report-refunded-tag')).toBeNull();

    await user.click(within(first!).getByRole('button', { name: t.refundRetry }));
    await screen.findByText(t.refundRetried);
    expect(calls.filter((call) => call.path.endsWith('/refunds')).map((call) => call.body)).toEqual([
      { reason: 'קפה קר', refundId: refused.refundId, lines: [{ index: 0, quantity: 1 }] },
    ]);
    await waitFor(() => expect(within(row!).getAllByTestId('order-unsettled-refund')).toHaveLength(1));
    expect(within(row!).getByTestId('report-refunded-tag').textContent).toBe('הוחזר ₪16.50');
  });
});
