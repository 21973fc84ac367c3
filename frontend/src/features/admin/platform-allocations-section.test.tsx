import type { PlatformAwaitingInvoice } from '@tafrit/contracts/http/allocation.schemas';
import { messageFor } from '@tafrit/contracts/messages.he';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heAdminAllocations } from '@/i18n/he-admin-allocations';
import { createQueryClient } from '@/lib/query-client';
import { failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { PlatformAllocationsSection } from './platform-allocations-section';

const t = heAdminAllocations;
const LIST = '/api/admin/platform-allocations';

const waiting: PlatformAwaitingInvoice = {
  businessPhone: '+972523456789',
  businessName: 'קפה הגפן',
  month: '2026-10',
  invoiceNumber: 41,
  beforeVat: '1250.00',
  total: '1475.00',
  // 12:00 and 12:15 in Israel (winter, UTC+2).
  decidedAt: '2026-11-29T10:00:00.000Z',
  issueWithoutBy: '2026-11-29T10:15:00.000Z',
  refusal: null,
};

const refused: PlatformAwaitingInvoice = {
  businessPhone: '+972541234567',
  businessName: 'מאפיית השכונה',
  month: '2026-10',
  invoiceNumber: 42,
  beforeVat: '2000.00',
  total: '2360.00',
  decidedAt: '2026-11-28T08:00:00.000Z',
  issueWithoutBy: '2026-11-28T08:15:00.000Z',
  refusal: { code: '460', reason: 'מספר העוסק אינו פעיל', refusedAt: '2026-11-28T08:01:00.000Z' },
};

const decisionPath = (invoice: PlatformAwaitingInvoice) =>
  `${LIST}/${encodeURIComponent(invoice.businessPhone)}/${invoice.month}`;

/** The server: the list of what waits; a decision removes the invoice from it, unless `decide` answers otherwise. */
function allocationServer(
  invoices: PlatformAwaitingInvoice[],
  decide: (call: ApiCall) => Response | undefined = () => undefined,
) {
  let left = [...invoices];
  return stubApi((call) => {
    if (call.path === LIST) return json({ success: true, data: { invoices: left } });
    const decided = left.find((invoice) => call.method === 'POST' && call.path === decisionPath(invoice));
    if (!decided) return undefined;
    const answer = decide(call);
    if (answer) return answer;
    left = left.filter((invoice) => invoice !== decided);
    return json({ success: true, data: { issued: true } });
  });
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.method === 'GET' && call.path === LIST);

beforeEach(() => {
  localStorage.setItem('adminToken', 'admin-token');
  localStorage.setItem('adminPhone', '+972547654321');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
  vi.unstubAllGlobals();
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PlatformAllocationsSection />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: t.title });
}

async function cardOf(section: HTMLElement, invoice: PlatformAwaitingInvoice) {
  await within(section).findAllByTestId('platform-allocation-invoice');
  const card = section.querySelector<HTMLElement>(
    `[data-phone="${invoice.businessPhone}"][data-month="${invoice.month}"]`,
  );
  if (!card) throw new Error(`no card for ${invoice.businessName}`);
  return card;
}

const ltrTexts = (element: HTMLElement) =>
  [...element.querySelectorAll('bdi[dir="ltr"]')].map((bdi) => bdi.textContent);

describe("the platform's invoices waiting for an allocation number (decision 049)", () => {
  it('shows a waiting and a refused invoice, with the admin token, and is clean for axe', async () => {
    const calls = allocationServer([waiting, refused]);
    const section = renderSection();
    const waitingCard = await cardOf(section, waiting);
    const refusedCard = await cardOf(section, refused);

    expect(within(waitingCard).getByText('קפה הגפן')).toBeTruthy();
    expect(ltrTexts(waitingCard).slice(0, 7)).toEqual([
      '41',
      '052-3456789',
      '10/2026',
      '₪1,250.00',
      '₪1,475.00',
      '29/11/2026 12:00',
      '29/11/2026 12:15',
    ]);
    expect(within(waitingCard).getByTestId('platform-allocation-waiting').textContent).toBe(
      `${t.waitingBefore}29/11/2026 12:15${t.waitingAfter}`,
    );
    expect(within(waitingCard).queryByRole('button', { name: t.issueWithout })).toBeNull();

    const refusal = within(refusedCard).getByTestId('platform-allocation-refused');
    expect(refusal.textContent).toContain('460');
    expect(refusal.textContent).toContain('מספר העוסק אינו פעיל');
    expect(within(refusedCard).getByRole('button', { name: t.issueWithout })).toBeTruthy();
    expect(within(refusedCard).getByRole('textbox', { name: t.manual.label }).getAttribute('inputmode')).toBe(
      'numeric',
    );

    expect(listCalls(calls)[0]?.headers).toMatchObject({ Authorization: 'Bearer admin-token' });
    const result = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says so when nothing waits', async () => {
    allocationServer([]);
    const section = renderSection();
    expect((await within(section).findByTestId('platform-allocations-empty')).textContent).toBe(t.empty);
    const result = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('shows a failed list with its reason, and tries again', async () => {
    let fail = true;
    stubApi((call) => {
      if (call.path !== LIST) return undefined;
      return fail
        ? failure(503, 'api.unavailable', 'השירות אינו זמין כרגע')
        : json({ success: true, data: { invoices: [] } });
    });
    const section = renderSection();
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain(t.loadError);
    expect(alert.textContent).toContain('השירות אינו זמין כרגע');
    fail = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: t.retry }));
    expect(await within(section).findByTestId('platform-allocations-empty')).toBeTruthy();
  });

  it("shows the server's Hebrew message under the field for a bad number", async () => {
    const message = messageFor('invoice.allocation_number_invalid');
    allocationServer([waiting], () =>
      failure(400, 'invoice.allocation_number_invalid', message, { fields: { allocationNumber: message } }),
    );
    const user = userEvent.setup();
    const section = renderSection();
    const card = await cardOf(section, waiting);
    const input = within(card).getByRole('textbox', { name: t.manual.label });
    await user.type(input, '12345');
    await user.click(within(card).getByRole('button', { name: t.manual.submit }));

    const error = await within(card).findByTestId('platform-allocation-number-error');
    expect(error.textContent).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    const result = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('posts a good number to the encoded URL, refetches and announces it', async () => {
    const calls = allocationServer([waiting, refused]);
    const user = userEvent.setup();
    const section = renderSection();
    const card = await cardOf(section, waiting);
    await user.type(within(card).getByRole('textbox', { name: t.manual.label }), ' 123-456-789 ');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(within(section).queryAllByTestId('platform-allocation-invoice')).toHaveLength(1));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/admin/platform-allocations/%2B972523456789/2026-10');
    expect(post?.body).toEqual({ choice: 'manual', allocationNumber: '123-456-789' });
    expect(post?.headers).toMatchObject({ Authorization: 'Bearer admin-token' });
    expect(listCalls(calls)).toHaveLength(2);
    const status = within(section).getByTestId('platform-allocations-result');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toContain(t.result.manual);
    expect(status.textContent).toContain('41');
    await waitFor(() => expect(document.activeElement?.id).toBe('platform-allocations-title'));
  });

  it('issues a refused invoice without a number after the confirmation, and refetches', async () => {
    const calls = allocationServer([refused]);
    const user = userEvent.setup();
    const section = renderSection();
    const card = await cardOf(section, refused);
    await user.click(within(card).getByRole('button', { name: t.issueWithout }));
    const dialog = await screen.findByRole('dialog', { name: t.issueWithoutDialog.title });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: t.issueWithoutDialog.confirm }));

    expect(await within(section).findByTestId('platform-allocations-empty')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/admin/platform-allocations/%2B972541234567/2026-10');
    expect(post?.body).toEqual({ choice: 'issue_without_number' });
    expect(listCalls(calls)).toHaveLength(2);
    expect(within(section).getByTestId('platform-allocations-result').textContent).toContain(
      t.result.issue_without_number,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refreshes the list and says why when the invoice was issued meanwhile (409)', async () => {
    let left = [waiting];
    const calls = stubApi((call) => {
      if (call.path === LIST) return json({ success: true, data: { invoices: left } });
      if (call.method !== 'POST') return undefined;
      left = [];
      return failure(409, 'conflict', 'החשבונית כבר הופקה');
    });
    const user = userEvent.setup();
    const section = renderSection();
    const card = await cardOf(section, waiting);
    await user.type(within(card).getByRole('textbox', { name: t.manual.label }), '123456789{Enter}');

    expect(await within(section).findByTestId('platform-allocations-empty')).toBeTruthy();
    expect(within(section).getByTestId('platform-allocations-result').textContent).toBe(
      `${t.stale} החשבונית כבר הופקה`,
    );
    expect(listCalls(calls)).toHaveLength(2);
  });
});
