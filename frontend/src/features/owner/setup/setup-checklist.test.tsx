import type { SetupChecklist, SetupStepId } from '@tafrit/contracts/http/setup.schemas';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi } from '@/test/api-stub';
import { setupText as t } from './strings';

const ALL: SetupStepId[] = ['details', 'category', 'product', 'qr', 'test_order', 'printing'];

function checklistOf(done: SetupStepId[], dismissed = false): SetupChecklist {
  return {
    steps: ALL.map((id) => ({ id, done: done.includes(id) })),
    done: done.length,
    total: ALL.length,
    dismissed,
  };
}

function server(
  checklist: () => SetupChecklist,
  extra: (path: string, method: string) => Response | undefined = () => undefined,
) {
  return stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    if (call.path === '/api/setup') return json({ success: true, data: checklist() });
    const answer = extra(call.path, call.method);
    if (answer) return answer;
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/orders') {
      const month = url.searchParams.get('month') ?? '';
      return json({
        success: true,
        data: {
          month,
          orders: [],
          summary: {
            totalOrders: 0,
            totalAmount: '0.00',
            totalRefunds: '0.00',
            totalCommission: '0.00',
            netAmount: '0.00',
          },
          daily: [],
          payout: null,
        },
      });
    }
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
});
afterEach(() => localStorage.clear());

describe('the first-run checklist (issue 18)', () => {
  it('shows the progress as x of 6 with a progress bar, and each open step as a link to where it is done', async () => {
    server(() => checklistOf(['details', 'category']));
    renderAt('/reports');
    const card = await screen.findByTestId('setup-checklist');
    const bar = within(card).getByRole('progressbar', { name: t.progressLabel });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuemax')).toBe('6');
    expect(bar.getAttribute('aria-valuetext')).toBe(t.progress(2, 6));
    expect(within(card).getByTestId('setup-progress').textContent).toBe(t.progress(2, 6));
    // Done steps say so to a screen reader and offer nothing; open ones link to their page.
    expect(within(card).getByTestId('setup-step-details').textContent).toContain(t.done);
    expect(within(within(card).getByTestId('setup-step-details')).queryByRole('link')).toBeNull();
    const product = within(within(card).getByTestId('setup-step-product')).getByRole('link', {
      name: t.steps.product.action,
    });
    expect(product.getAttribute('href')).toBe('/menu');
    const printing = within(within(card).getByTestId('setup-step-printing')).getByRole('link');
    expect(printing.getAttribute('href')).toBe('/settings');
    expect(within(card).getByRole('button', { name: t.steps.test_order.action })).toBeTruthy();
  });

  it('is gone when every step is done', async () => {
    server(() => checklistOf(ALL));
    renderAt('/reports');
    await screen.findByTestId('report-empty');
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('is gone once the owner closes it, and the server is told', async () => {
    let dismissed = false;
    const calls = server(
      () => checklistOf(['details'], dismissed),
      (path, method) => {
        if (path !== '/api/setup/dismiss' || method !== 'POST') return undefined;
        dismissed = true;
        return json({ success: true, data: checklistOf(['details'], true) });
      },
    );
    renderAt('/reports');
    await userEvent.click(await screen.findByRole('button', { name: t.dismiss }));
    await waitFor(() => expect(screen.queryByTestId('setup-checklist')).toBeNull());
    await waitFor(() => expect(calls.some((call) => call.path === '/api/setup/dismiss')).toBe(true));
  });

  it('sends a test order and says which number it got', async () => {
    let sent = false;
    const calls = server(
      () => checklistOf(sent ? ['details', 'category', 'product', 'test_order'] : ['details', 'category', 'product']),
      (path, method) => {
        if (path !== '/api/test-orders' || method !== 'POST') return undefined;
        sent = true;
        return json({ success: true, data: { orderId: '6f0c1a52-3b7d-4c1e-9a9e-2d4b5c6d7e8f', orderNumber: 17 } });
      },
    );
    renderAt('/menu');
    await userEvent.click(await screen.findByRole('button', { name: t.steps.test_order.action }));
    await waitFor(() =>
      expect(screen.getByTestId('test-order-status').textContent).toBe(
        `${t.testOrderSentBefore} 17 ${t.testOrderSentAfter} ${t.toOrders}`,
      ),
    );
    expect(calls.find((call) => call.path === '/api/test-orders')?.body).toEqual({});
    await waitFor(() => expect(screen.getByTestId('setup-step-test_order').getAttribute('data-done')).toBe('true'));
  });

  it("shows the server's refusal of a test order", async () => {
    server(
      () => checklistOf(['details']),
      (path) =>
        path === '/api/test-orders'
          ? failure(409, 'test_order.no_product', 'להזמנת בדיקה צריך מוצר זמין בתפריט. הוסיפו מוצר ונסו שוב')
          : undefined,
    );
    renderAt('/reports');
    await userEvent.click(await screen.findByRole('button', { name: t.steps.test_order.action }));
    expect(await screen.findByText(/צריך מוצר זמין/)).toBeTruthy();
  });

  it('says what to do next in a month without orders', async () => {
    server(() => checklistOf(ALL));
    renderAt('/reports');
    const empty = await screen.findByTestId('report-empty');
    expect(within(empty).getByRole('link', { name: t.emptyMonth.menu }).getAttribute('href')).toBe('/menu');
    expect(within(empty).getByRole('link', { name: t.emptyMonth.qr }).getAttribute('href')).toBe('/settings');
    expect(within(empty).getByRole('link', { name: t.emptyMonth.orders }).getAttribute('href')).toBe('/orders');
  });
});
