import type {
  AdminAuditEntry,
  AdminBusinessRow,
  AdminCommissionReport,
  CommissionHistory,
  PayoutBatch,
} from '@tafrit/contracts/admin-types';
import type { PlatformInvoiceSummary } from '@tafrit/contracts/platform-invoice-events';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { lastTwelveMonths } from '@tafrit/contracts/months';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heAdmin } from '@/i18n/he-admin';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { countAccounts, matchesSearch, nameConfirmed } from './accounts-section';
import { checkHealth } from './api';
import { endedMonths } from './payouts-section';

// The first render of a file loads the admin area's modules: slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

// The first render loads the admin area's modules; on a busy machine that takes more than the default second.
const SLOW = { timeout: 8000 };

const month = lastTwelveMonths(new Date())[0]!;
const payoutMonth = endedMonths(new Date())[0]!;

function row(overrides: Partial<AdminBusinessRow>): AdminBusinessRow {
  return {
    phone: '+972523456789',
    businessName: 'קפה הגפן',
    fullName: 'דנה כהן',
    email: 'dana@example.co.il',
    departmentId: 'demo',
    isActive: true,
    closedAt: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    monthOrders: 3,
    monthSales: '150.00',
    ...overrides,
  };
}

const rows: AdminBusinessRow[] = [
  row({}),
  row({ phone: '+972541112233', businessName: 'מאפיית השדה', fullName: 'יוסי לוי', email: 'yossi@example.com' }),
  row({ phone: '+972501234567', businessName: 'פיצה נפולי', email: 'napoli@example.com', isActive: false }),
  row({
    phone: '+972521111111',
    businessName: 'בר ישן',
    email: 'old@example.com',
    isActive: false,
    closedAt: '2026-01-01T10:00:00.000Z',
  }),
];

const report: AdminCommissionReport = {
  month,
  summary: {
    totalOrders: 5,
    totalAmount: '1000.00',
    totalRefunds: '0.00',
    totalCommission: '50.00',
    totalNet: '950.00',
  },
  businesses: [
    {
      businessId: '+972523456789',
      businessName: 'קפה הגפן',
      totalOrders: 3,
      totalAmount: '600.00',
      totalRefunds: '0.00',
      totalCommission: '30.00',
      totalNet: '570.00',
    },
    {
      businessId: '+972541112233',
      businessName: 'מאפיית השדה',
      totalOrders: 2,
      totalAmount: '400.00',
      totalRefunds: '0.00',
      totalCommission: '20.00',
      totalNet: '380.00',
    },
  ],
};

const history: CommissionHistory = {
  month,
  businessId: '+972523456789',
  businessName: 'קפה הגפן',
  lines: [
    {
      kind: 'order_paid',
      eventPosition: '41',
      streamId: 'order-abc',
      at: '2026-11-03T10:00:00.000Z',
      orderId: 'abc',
      orderNumber: 1001,
      amount: '600.00',
      commission: '30.00',
      net: '570.00',
    },
  ],
  totals: { totalOrders: 1, totalAmount: '600.00', totalRefunds: '0.00', totalCommission: '30.00', totalNet: '570.00' },
};

function batch(overrides: Partial<PayoutBatch> = {}): PayoutBatch {
  return {
    month: payoutMonth,
    dueDate: '2026-11-20',
    status: 'draft',
    createdAt: null,
    transferredAt: null,
    lines: [
      {
        businessId: '+972523456789',
        businessName: 'קפה הגפן',
        net: '570.00',
        bankCode: '12',
        branch: '600',
        accountNumber: '123456',
        beneficiaryName: 'קפה הגפן בע"מ',
        monthNet: '570.00',
        deducted: '0.00',
        tips: '35.50',
      },
    ],
    total: '570.00',
    balances: [],
    owedNow: [],
    ...overrides,
  };
}

const audit: AdminAuditEntry[] = [
  {
    eventPosition: '99',
    type: 'BusinessPaused',
    at: '2026-11-05T08:00:00.000Z',
    admin: '+972547654321',
    ip: '127.0.0.1',
    subject: '+972523456789',
    summary: 'פיצה נפולי הושהה',
  },
];

const platformInvoices: PlatformInvoiceSummary[] = [
  {
    businessId: '+972523456789',
    businessName: 'קפה הגפן',
    month,
    documents: [
      {
        kind: 'invoice',
        number: 12,
        total: '30.00',
        beforeVat: '25.42',
        vat: '4.58',
        vatRatePercent: 18,
        issuedAt: '2026-12-01T00:10:00.000Z',
        url: '/api/platform-invoice/2026-11/%2B972523456789?token=t',
      },
    ],
  },
];

type Handler = (call: ApiCall) => Response | undefined;

/** The admin API with sensible answers; `override` answers first. */
function adminServer(override: Handler = () => undefined) {
  // The accounts as the server holds them: a pause or a close shows in the next read of the list.
  const accounts = rows.map((account) => ({ ...account }));
  return stubApi((call) => {
    const answer = override(call);
    if (answer) return answer;
    const { path, method } = call;
    const target = accounts.find((account) => path.includes(encodeURIComponent(account.phone)));
    if (target && method === 'PATCH' && path.endsWith('/toggle')) {
      target.isActive = (call.body as { isActive: boolean }).isActive;
      return json({ success: true, data: { isActive: target.isActive } });
    }
    if (target && method === 'DELETE') {
      target.closedAt = '2026-11-21T10:00:00.000Z';
      return json({ success: true, data: {} });
    }
    if (path === '/api/health/database') {
      return json({ success: true, timestamp: '2026-11-21T10:00:00.000Z', message: 'ok', error: null });
    }
    if (path === '/api/admin/businesses' && method === 'GET') return json({ success: true, data: accounts });
    if (path === `/api/admin/commissions/${month}`) return json({ success: true, data: report });
    if (path === `/api/admin/payouts/${payoutMonth}` && method === 'GET') return json({ success: true, data: batch() });
    if (path === '/api/admin/audit') return json({ success: true, data: audit });
    if (path.startsWith('/api/admin/platform-invoices/')) return json({ success: true, data: platformInvoices });
    if (path === '/api/admin/contact-submissions') {
      return json({
        success: true,
        data: [
          {
            id: 1,
            name: 'רונית',
            email: 'ronit@example.com',
            message: 'שלום, <b>רוצה</b> פרטים',
            createdAt: '2026-11-04T09:00:00Z',
          },
        ],
      });
    }
    return undefined;
  });
}

function renderAt(url: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  render(<RouterProvider router={router} />);
  return router;
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

beforeEach(() => {
  localStorage.clear();
  resetToasts();
  localStorage.setItem('adminToken', 'admin-token');
  localStorage.setItem('adminPhone', '+972547654321');
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
  vi.restoreAllMocks();
});

describe('account cards and list', () => {
  it('counts total, active and paused accounts, with closed accounts apart', async () => {
    adminServer();
    renderAt('/admin');
    expect((await screen.findByTestId('count-total', undefined, SLOW)).textContent).toBe('3');
    expect(screen.getByTestId('count-active').textContent).toBe('2');
    expect(screen.getByTestId('count-paused').textContent).toBe('1');
    expect(screen.getByTestId('count-closed').textContent).toBe('1');
    expect(countAccounts(rows)).toEqual({ total: 3, active: 2, paused: 1, closed: 1 });
  });

  it('lists open accounts, finds them by name, phone or e-mail, and shows closed ones on request', async () => {
    adminServer();
    const user = userEvent.setup();
    renderAt('/admin');
    const list = await screen.findByTestId('accounts-list', undefined, SLOW);
    expect(within(list).getAllByTestId('account-item')).toHaveLength(3);
    const search = screen.getByLabelText(heAdmin.accounts.searchLabel);

    await user.type(search, '054-1112233');
    expect(screen.getAllByTestId('account-item').map((item) => item.dataset.phone)).toEqual(['+972541112233']);
    await user.clear(search);
    await user.type(search, 'NAPOLI@');
    expect(screen.getAllByTestId('account-item').map((item) => item.dataset.phone)).toEqual(['+972501234567']);
    await user.clear(search);
    await user.type(search, 'אין כזה');
    expect(screen.queryByTestId('accounts-list')).toBeNull();
    expect(screen.getByText(heAdmin.accounts.noMatch)).toBeTruthy();
    await user.clear(search);

    await user.click(screen.getByLabelText(heAdmin.accounts.showClosed));
    const closed = screen.getAllByTestId('account-item').find((item) => item.dataset.phone === '+972521111111')!;
    expect(within(closed).getByText(heAdmin.accounts.closed)).toBeTruthy();
    // A closed account has one action left: reopening it.
    expect(
      within(closed)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([heAdmin.accounts.reopen]);

    expect(matchesSearch(rows[0]!, '+972 52-345')).toBe(true);
    expect(matchesSearch(rows[0]!, 'הגפן')).toBe(true);
    expect(matchesSearch(rows[0]!, '999')).toBe(false);
  });

  it('pausing asks first, naming the business, then calls PATCH .../toggle with { isActive: false }, updates the cards and says so', async () => {
    const calls = adminServer();
    const user = userEvent.setup();
    renderAt('/admin');
    const item = (await screen.findAllByTestId('account-item', undefined, SLOW))[0]!;
    const pause = within(item).getByRole('button', { name: `${heAdmin.accounts.pause}: קפה הגפן` });
    await user.click(pause);

    const dialog = await screen.findByRole('dialog', { name: heAdmin.pauseDialog.title('קפה הגפן') });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    // Cancelling changes nothing and gives the focus back to the button.
    await user.click(within(dialog).getAllByRole('button', { name: heAdmin.pauseDialog.cancel }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(pause);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(pause);
    const again = await screen.findByRole('dialog', { name: heAdmin.pauseDialog.title('קפה הגפן') });
    await user.click(within(again).getByRole('button', { name: heAdmin.pauseDialog.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(heAdmin.accounts.paused_toast)).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ isActive: false });
    expect(patch?.headers.Authorization).toBe('Bearer admin-token');
    expect(screen.getByTestId('count-paused').textContent).toBe('2');
    expect(within(item).getByText(heAdmin.accounts.paused)).toBeTruthy();
  });

  it('activating a paused business sends { isActive: true }; a failure shows the toggle error', async () => {
    const calls = adminServer(({ method }) => (method === 'PATCH' ? failure(500, 'internal', 'תקלה בשרת') : undefined));
    const user = userEvent.setup();
    renderAt('/admin');
    await screen.findByTestId('accounts-list', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: `${heAdmin.accounts.activate}: פיצה נפולי` }));
    const toast = await screen.findByTestId('toast');
    expect(toast.dataset.variant).toBe('destructive');
    expect(within(toast).getByText(uiMessagesHe.businessToggleError)).toBeTruthy();
    expect(within(toast).getByText('תקלה בשרת')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: true });
  });

  it('closing an account asks to type its name before the button works, then DELETEs it', async () => {
    const calls = adminServer();
    const user = userEvent.setup();
    renderAt('/admin');
    await screen.findByTestId('accounts-list', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: `${heAdmin.accounts.delete}: מאפיית השדה` }));

    const dialog = await screen.findByRole('dialog', { name: heAdmin.deleteDialog.title });
    const confirm = within(dialog).getByRole('button', { name: heAdmin.deleteDialog.confirm });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const name = within(dialog).getByLabelText(heAdmin.deleteDialog.typeLabel);
    await user.type(name, 'מאפיית');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(confirm);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.type(name, ' השדה');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const del = calls.find((call) => call.method === 'DELETE');
    expect(del?.path).toBe(`/api/admin/businesses/${encodeURIComponent('+972541112233')}`);
    expect(del?.headers.Authorization).toBe('Bearer admin-token');
    expect(within(await screen.findByTestId('toast')).getByText(heAdmin.deleteDialog.done)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('count-closed').textContent).toBe('2'));
    expect(screen.getAllByTestId('account-item').map((item) => item.dataset.phone)).not.toContain('+972541112233');
    expect(nameConfirmed('  קפה  ', 'קפה')).toBe(true);
    expect(nameConfirmed('', '')).toBe(false);
  });

  it('reopening a closed account asks first, naming it, then POSTs .../reopen and lists it as active again', async () => {
    const calls = adminServer(({ path, method }) => {
      if (method !== 'POST' || !path.endsWith('/reopen')) return undefined;
      return json({ success: true, data: {} });
    });
    const user = userEvent.setup();
    renderAt('/admin');
    await screen.findByTestId('accounts-list', undefined, SLOW);
    expect(screen.queryByRole('button', { name: `${heAdmin.accounts.reopen}: בר ישן` })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: heAdmin.accounts.showClosed }));
    const closed = screen.getAllByTestId('account-item').find((item) => item.dataset.phone === '+972521111111')!;
    // A closed account offers only the reopening.
    expect(
      within(closed)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([heAdmin.accounts.reopen]);
    await user.click(within(closed).getByRole('button', { name: `${heAdmin.accounts.reopen}: בר ישן` }));

    const dialog = await screen.findByRole('dialog', { name: heAdmin.reopenDialog.title('בר ישן') });
    expect(calls.some((call) => call.path.endsWith('/reopen'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: heAdmin.reopenDialog.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.path.endsWith('/reopen'));
    expect(post).toMatchObject({
      method: 'POST',
      path: `/api/admin/businesses/${encodeURIComponent('+972521111111')}/reopen`,
    });
    expect(post?.headers.Authorization).toBe('Bearer admin-token');
    expect(within(await screen.findByTestId('toast')).getByText(heAdmin.reopenDialog.done)).toBeTruthy();
  });

  it('a failed close shows the delete error and keeps the dialog', async () => {
    adminServer(({ method }) => (method === 'DELETE' ? failure(500, 'internal', 'לא נסגר') : undefined));
    const user = userEvent.setup();
    renderAt('/admin');
    await screen.findByTestId('accounts-list', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: `${heAdmin.accounts.delete}: קפה הגפן` }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(heAdmin.deleteDialog.typeLabel), 'קפה הגפן{Enter}');
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(uiMessagesHe.businessDeleteError)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('opens a listed business in a new tab with the hand-over in the fragment', async () => {
    adminServer(({ path }) =>
      path.startsWith('/api/admin/impersonate/')
        ? json({ success: true, data: { token: 'impersonation-token', business: demoBusiness } })
        : undefined,
    );
    const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    renderAt('/admin');
    await screen.findByTestId('accounts-list', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: `${heAdmin.accounts.openNewTab}: קפה הגפן` }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledTimes(1));
    expect(String(tab.location.replace.mock.calls[0]![0])).toMatch(/^\/reports#impersonate=impersonation-token&/);
    expect(tab.opener).toBeNull();
  });
});

describe('admin session redirects', () => {
  it('an empty business list with a token clears the admin session and leaves to /', async () => {
    adminServer(({ path }) => (path === '/api/admin/businesses' ? json({ success: true, data: [] }) : undefined));
    const router = renderAt('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminPhone')).toBeNull();
  });

  it('a 401 on the business list clears the admin session and leaves to /', async () => {
    adminServer(({ path }) =>
      path === '/api/admin/businesses' ? failure(401, 'auth.unauthenticated', 'expired') : undefined,
    );
    const router = renderAt('/admin-dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});

describe('commission report', () => {
  it('shows the summary and a per-business table for the current month', async () => {
    adminServer();
    renderAt('/admin');
    const table = await screen.findByTestId('commission-table', undefined, SLOW);
    expect(table.tagName).toBe('TABLE');
    expect(table.querySelector('caption')?.textContent).toContain(heAdmin.commissions.tableCaption);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      heAdmin.commissions.business,
      heAdmin.commissions.totalOrders,
      heAdmin.commissions.totalAmount,
      heAdmin.commissions.totalRefunds,
      heAdmin.commissions.totalCommission,
      heAdmin.commissions.totalNet,
      heAdmin.commissions.platformInvoice,
      heAdmin.commissions.actions,
    ]);
    const cafe = within(table).getByRole('rowheader', { name: 'קפה הגפן' }).closest('tr')!;
    expect(cafe.textContent).toContain('₪600.00');
    expect(cafe.textContent).toContain('₪30.00');
    // The platform's commission invoice of the business opens in a new tab.
    const invoice = await within(cafe).findByRole('link', { name: /חשבונית מס 12/ });
    expect(invoice.getAttribute('href')).toBe(platformInvoices[0]!.documents[0]!.url);
    expect(invoice.getAttribute('target')).toBe('_blank');
    const summary = screen.getByTestId('commission-summary');
    expect(summary.textContent).toContain('₪1,000.00');
    expect(summary.textContent).toContain('₪950.00');
    const picker = within(section(heAdmin.sections.commissions)).getByLabelText(heAdmin.commissions.monthLabel);
    expect((picker as HTMLSelectElement).value).toBe(month);
    expect((picker as HTMLSelectElement).options).toHaveLength(12);
  });

  it('says so when a month has no commission data', async () => {
    const months = lastTwelveMonths(new Date());
    adminServer(({ path }) =>
      path === `/api/admin/commissions/${months[2]}`
        ? json({
            success: true,
            data: {
              month: months[2],
              summary: {
                totalOrders: 0,
                totalAmount: '0.00',
                totalRefunds: '0.00',
                totalCommission: '0.00',
                totalNet: '0.00',
              },
              businesses: [],
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/admin');
    await screen.findByTestId('commission-table', undefined, SLOW);
    const commissions = section(heAdmin.sections.commissions);
    await user.selectOptions(within(commissions).getByLabelText(heAdmin.commissions.monthLabel), months[2]!);
    expect((await screen.findByTestId('commissions-empty')).textContent).toBe(uiMessagesHe.noCommissionData);
  });

  it('downloads the CSV of the month with the admin token', async () => {
    const calls = adminServer(({ path }) =>
      path === `/api/admin/commissions/${month}/csv`
        ? new Response('business,amount\r\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="c-${month}.csv"` },
          })
        : undefined,
    );
    const createObjectURL = vi.fn(() => 'blob:commissions');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    renderAt('/admin');
    await screen.findByTestId('commission-table', undefined, SLOW);
    await user.click(
      within(section(heAdmin.sections.commissions)).getByRole('button', { name: heAdmin.commissions.csv }),
    );
    await waitFor(() => expect(downloads).toEqual([`c-${month}.csv blob:commissions`]));
    const csv = calls.find((call) => call.path.endsWith('/csv'));
    expect(csv?.headers.Authorization).toBe('Bearer admin-token');
  });

  it("opens a business's commission history with its lines and totals", async () => {
    const calls = adminServer(({ path }) =>
      path === `/api/admin/commissions/${month}/${encodeURIComponent('+972523456789')}/history`
        ? json({ success: true, data: history })
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/admin');
    await screen.findByTestId('commission-table', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: `${heAdmin.commissions.history}: קפה הגפן` }));
    const dialog = await screen.findByRole('dialog', { name: heAdmin.commissions.historyOf('קפה הגפן') });
    const table = await within(dialog).findByTestId('history-table');
    expect(table.textContent).toContain(heAdmin.history.kinds.order_paid);
    expect(table.textContent).toContain('1001');
    // The log's internal ids are not the administrator's business (issue 29): neither the stream nor its position.
    expect(table.textContent).not.toContain('order-abc');
    expect(table.textContent).not.toContain('#41');
    expect(within(table).queryByRole('columnheader', { name: 'מיקום ביומן' })).toBeNull();
    expect(calls.find((call) => call.path.endsWith('/history'))?.headers.Authorization).toBe('Bearer admin-token');
  });
});

describe('connection badge', () => {
  it('shows connected when the database answers', async () => {
    adminServer();
    renderAt('/admin');
    await waitFor(() => expect(screen.getByTestId('connection-badge').dataset.status).toBe('ok'), SLOW);
    expect(screen.getByTestId('connection-badge').textContent).toContain(heAdmin.connection.ok);
  });

  it('shows the database error on a 503', async () => {
    adminServer(({ path }) =>
      path === '/api/health/database'
        ? json(
            { success: false, timestamp: '2026-11-21T10:00:00Z', message: 'down', error: 'connect ECONNREFUSED' },
            503,
          )
        : undefined,
    );
    renderAt('/admin');
    await waitFor(() => expect(screen.getByTestId('connection-badge').dataset.status).toBe('database'), SLOW);
    expect(screen.getByTestId('connection-badge').textContent).toContain(uiMessagesHe.databaseConnectionError);
  });

  it('shows no internet when the health call cannot reach the server, and the dialog tells more', async () => {
    adminServer(({ path }) => {
      if (path === '/api/health/database') throw new TypeError('Failed to fetch');
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/admin');
    await waitFor(() => expect(screen.getByTestId('connection-badge').dataset.status).toBe('offline'), SLOW);
    expect(screen.getByTestId('connection-badge').textContent).toContain(uiMessagesHe.noInternet);
    await user.click(screen.getByTestId('connection-badge'));
    const dialog = await screen.findByRole('dialog', { name: heAdmin.connection.dialogTitle });
    expect(within(dialog).getByTestId('connection-details').textContent).toContain(heAdmin.connection.offline);
  });

  it('checkHealth: offline browser, success:false and a good answer', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = stubApi(() => json({ success: true }));
    expect(await checkHealth()).toEqual({ status: 'offline' });
    expect(calls).toHaveLength(0);
    onLine.mockReturnValue(true);
    expect((await checkHealth()).status).toBe('ok');
    stubApi(() => json({ success: false, message: 'db down', error: null, timestamp: null }));
    expect(await checkHealth()).toEqual({ status: 'database', message: 'db down', timestamp: null });
  });
});

describe('debug dialog', () => {
  it('shows build, server time, database mode, processors and printer agents', async () => {
    adminServer(({ path }) =>
      path === '/api/admin/debug'
        ? json({
            success: true,
            data: {
              buildVersion: '1.2.3-abc',
              serverTime: '2026-11-21T10:00:00.000Z',
              databaseMode: 'embedded',
              databaseStatus: 'ok',
              processors: [{ name: 'reporting', pending: 2, parked: 1 }],
              printerAgentsOnline: 4,
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/admin');
    await user.click(await screen.findByRole('button', { name: heAdmin.dashboard.debug }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: heAdmin.debug.title });
    const details = await within(dialog).findByTestId('debug-details');
    expect(details.textContent).toContain('1.2.3-abc');
    expect(details.textContent).toContain(heAdmin.debug.modes.embedded);
    expect(details.textContent).toContain('reporting');
    expect(within(details).getByText('4')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: heAdmin.dashboard.debug }));
  });
});

describe('payouts, contact messages and audit', () => {
  it('lists the transfers of the last ended month and creates the batch', async () => {
    let created = false;
    const calls = adminServer(({ path, method }) => {
      if (path !== `/api/admin/payouts/${payoutMonth}`) return undefined;
      if (method === 'POST') {
        created = true;
        return json({ success: true, data: {} });
      }
      return json({
        success: true,
        data: batch(created ? { status: 'created', createdAt: '2026-11-01T08:00:00Z' } : {}),
      });
    });
    const user = userEvent.setup();
    renderAt('/admin');
    const table = await screen.findByTestId('payout-table', undefined, SLOW);
    const row = within(table).getByRole('rowheader', { name: 'קפה הגפן' }).closest('tr')!;
    expect(row.textContent).toContain('123456');
    // The tips inside the net, shown apart (they carry no commission).
    expect(within(table).getByRole('columnheader', { name: heAdmin.payouts.tips })).toBeTruthy();
    expect(row.textContent).toContain('₪35.50');
    await user.click(screen.getByRole('button', { name: heAdmin.payouts.create }));
    await screen.findByRole('button', { name: heAdmin.payouts.markTransferred });
    expect(calls.find((call) => call.method === 'POST')?.headers.Authorization).toBe('Bearer admin-token');
  });

  it('shows the deductions for refunds of paid-out months, the balances still owed, and the month’s invoices', async () => {
    const balance = {
      businessId: '+972541112233',
      businessName: 'מאפיית השדה',
      monthNet: '47.50',
      owed: '76.00',
      deducted: '47.50',
      carried: '28.50',
      closed: false,
    };
    adminServer(({ path, method }) =>
      path === `/api/admin/payouts/${payoutMonth}` && method === 'GET'
        ? json({
            success: true,
            data: batch({ balances: [balance], owedNow: [{ ...balance, owed: '28.50', closed: true }] }),
          })
        : undefined,
    );
    renderAt('/admin');
    const balances = await screen.findByTestId('payout-balances', undefined, SLOW);
    const row = within(balances).getByRole('rowheader', { name: 'מאפיית השדה' }).closest('tr')!;
    expect(row.textContent).toContain('₪76.00');
    expect(row.textContent).toContain('₪28.50');
    expect(screen.getByTestId('owed-now').textContent).toContain(heAdmin.payouts.closed);
    const invoices = await screen.findByTestId('platform-invoices-table');
    expect(within(invoices).getByRole('link', { name: /חשבונית מס 12/ })).toBeTruthy();
  });

  it('marks a created batch transferred only after confirming', async () => {
    const calls = adminServer(({ path, method }) => {
      if (path === `/api/admin/payouts/${payoutMonth}/transferred` && method === 'POST') {
        return json({ success: true, data: {} });
      }
      if (path === `/api/admin/payouts/${payoutMonth}`) {
        return json({ success: true, data: batch({ status: 'created', createdAt: '2026-11-01T08:00:00Z' }) });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/admin');
    await user.click(await screen.findByRole('button', { name: heAdmin.payouts.markTransferred }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: heAdmin.payouts.confirmTitle });
    expect(calls.some((call) => call.path.endsWith('/transferred'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: heAdmin.payouts.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/transferred') && call.method === 'POST')).toBe(true);
  });

  it("issues the platform's invoices only after confirming what that does", async () => {
    const calls = adminServer(({ path, method }) =>
      path.startsWith('/api/admin/platform-invoices/') && method === 'POST'
        ? json({ success: true, data: {} })
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/admin');
    await user.click(await screen.findByRole('button', { name: heAdmin.platformInvoices.issue }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: heAdmin.platformInvoices.confirm.title });
    for (const line of heAdmin.platformInvoices.confirm.consequences)
      expect(within(dialog).getByText(line)).toBeTruthy();
    const issued = () =>
      calls.filter((call) => call.path.startsWith('/api/admin/platform-invoices/') && call.method === 'POST');
    expect(issued()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: heAdmin.platformInvoices.confirm.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(issued()).toHaveLength(1);
  });

  it('shows contact messages as text and the audit as a table', async () => {
    adminServer();
    renderAt('/admin');
    const list = await screen.findByTestId('contact-list', undefined, SLOW);
    expect(list.textContent).toContain('שלום, <b>רוצה</b> פרטים');
    expect(list.querySelector('b')).toBeNull();
    const table = await screen.findByTestId('audit-table');
    expect(table.textContent).toContain(heAdmin.audit.types.BusinessPaused);
    expect(table.textContent).toContain('052-3456789');
    expect(table.textContent).toContain('127.0.0.1');
  });

  it('names every action of the audit in Hebrew, an unknown one too, never by its event name', async () => {
    const types = ['OrderRefunded', 'PlatformInvoiceIssued', 'CreditFailed', 'PaymentOptionsChosen', 'SomethingNew'];
    adminServer(({ path }) =>
      path === '/api/admin/audit'
        ? json({
            success: true,
            data: types.map((type, index) => ({ ...audit[0]!, type, eventPosition: String(index + 1), summary: 'x' })),
          })
        : undefined,
    );
    renderAt('/admin');
    const table = await screen.findByTestId('audit-table', undefined, SLOW);
    const actions = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[1]?.textContent ?? '');
    expect(actions).toEqual([
      heAdmin.audit.types.OrderRefunded,
      heAdmin.audit.types.PlatformInvoiceIssued,
      heAdmin.audit.types.CreditFailed,
      heAdmin.audit.types.PaymentOptionsChosen,
      heAdmin.audit.otherType,
    ]);
    for (const action of actions) expect(action).toMatch(/^[\u0590-\u05ff\s\-'"()A-Z]*$/);
    for (const type of types) expect(table.textContent).not.toContain(type);
  });

  it('shows 50 audit lines at a time and asks the server for older ones after a full page', async () => {
    const entry = (position: number): AdminAuditEntry => ({ ...audit[0]!, eventPosition: String(position) });
    const firstPage = Array.from({ length: 200 }, (_, index) => entry(1000 - index));
    const calls = adminServer(({ path }) => {
      if (path === '/api/admin/audit') return json({ success: true, data: firstPage });
      if (path === '/api/admin/audit?before=801') return json({ success: true, data: [entry(5)] });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/admin');
    const table = await screen.findByTestId('audit-table', undefined, SLOW);
    const rowsShown = () => within(table).getAllByRole('row').length - 1;
    expect(rowsShown()).toBe(50);
    const more = screen.getByRole('button', { name: heAdmin.audit.more });
    for (let click = 0; click < 3; click += 1) await user.click(more);
    expect(rowsShown()).toBe(200);
    expect(calls.some((call) => call.path.includes('before='))).toBe(false);
    await user.click(screen.getByRole('button', { name: heAdmin.audit.more }));
    await waitFor(() => expect(rowsShown()).toBe(201));
    expect(screen.queryByRole('button', { name: heAdmin.audit.more })).toBeNull();
  });
});
