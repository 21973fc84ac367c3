import type { AwaitingDocument } from '@tafrit/contracts/http/allocation.schemas';
import { messageFor } from '@tafrit/contracts/messages.he';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwnerAllocations } from '@/i18n/he-owner-allocations';
import { heOwnerBookkeeping } from '@/i18n/he-owner-bookkeeping';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';

const t = heOwnerAllocations;
const LIST = '/api/orders/allocations';

const waiting: AwaitingDocument = {
  orderId: '11111111-1111-4111-8111-111111111111',
  orderNumber: 57,
  invoiceNumber: '10023',
  status: 'awaiting_allocation',
  buyer: { name: 'גפן אחזקות בע"מ', taxId: '514123456' },
  beforeVat: '1000.00',
  total: '1180.00',
  // 12:00 and 12:15 in Israel (winter, UTC+2).
  awaitingSince: '2026-11-29T10:00:00.000Z',
  issueWithoutBy: '2026-11-29T10:15:00.000Z',
  refusal: null,
};

const refused: AwaitingDocument = {
  orderId: '22222222-2222-4222-8222-222222222222',
  orderNumber: 58,
  invoiceNumber: '10024',
  status: 'allocation_refused',
  buyer: { name: 'הדר יזמות בע"מ', taxId: '516000001' },
  beforeVat: '2000.00',
  total: '2360.00',
  awaitingSince: '2026-11-28T08:00:00.000Z',
  issueWithoutBy: '2026-11-28T08:15:00.000Z',
  refusal: { code: '460', reason: 'מספר העוסק של הקונה אינו פעיל', refusedAt: '2026-11-28T08:01:00.000Z' },
};

const decisionPath = (document: AwaitingDocument) => `/api/orders/${document.orderId}/allocation`;

/**
 * The server: the list of what waits; a decision removes the document from it, unless `decide` answers otherwise.
 */
function allocationServer(
  documents: AwaitingDocument[],
  decide: (call: ApiCall) => Response | undefined = () => undefined,
) {
  let left = [...documents];
  return stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    if (call.path === LIST) return json({ success: true, data: { documents: left } });
    const decided = left.find((document) => call.method === 'POST' && call.path === decisionPath(document));
    if (!decided) return undefined;
    const answer = decide(call);
    if (answer) return answer;
    left = left.filter((document) => document !== decided);
    return json({ success: true, data: { invoiceStatus: 'generated' } });
  });
}

const lists = (calls: ApiCall[]) => calls.filter((call) => call.path === LIST);
const decisions = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function renderBookkeeping() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/bookkeeping'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: heOwnerBookkeeping.bookkeeping.title }, { timeout: 10_000 });
}

const cardOf = async (document: AwaitingDocument) => {
  const cards = await screen.findAllByTestId('allocation-document');
  const card = cards.find((element) => element.dataset.orderId === document.orderId);
  if (!card) throw new Error(`no card for order ${document.orderNumber}`);
  return card;
};

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

describe('the documents waiting for an allocation number', () => {
  it('lists a waiting and a refused document first on the page, numbers and amounts isolated', async () => {
    allocationServer([waiting, refused]);
    await renderBookkeeping();
    const section = await screen.findByRole('region', { name: t.title });
    // Above the month's download.
    const month = screen.getByTestId('bookkeeping-month');
    expect(section.compareDocumentPosition(month) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const first = await cardOf(waiting);
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe(`${t.order} 57 · ${t.document} 10023`);
    const isolated = [...first.querySelectorAll('bdi[dir="ltr"]')].map((bdi) => bdi.textContent);
    expect(isolated).toEqual(['57', '10023', '514123456', '₪1,000.00', '₪1,180.00', '29/11/2026 12:00', '12:15']);
    expect(within(first).getByTestId('allocation-waiting').textContent).toBe(
      `${t.waitingBefore}12:15${t.waitingAfter}`,
    );
    expect(within(first).queryByTestId('allocation-refused')).toBeNull();
    expect(within(first).queryByRole('button', { name: t.issueWithout })).toBeNull();
    expect(within(first).queryByRole('button', { name: t.cancel })).toBeNull();
    expect(within(first).getByLabelText(t.manual.label).getAttribute('inputmode')).toBe('numeric');

    const second = await cardOf(refused);
    const refusal = within(second).getByTestId('allocation-refused');
    expect(refusal.textContent).toContain(t.refusedTitle);
    expect(refusal.textContent).toContain('460');
    expect(refusal.textContent).toContain(refused.refusal!.reason);
    expect(refusal.textContent).toContain(t.refusalOptions);
    expect(within(second).queryByTestId('allocation-waiting')).toBeNull();
    expect(within(second).getByLabelText(t.manual.label)).toBeTruthy();
    expect(within(second).getByRole('button', { name: t.issueWithout })).toBeTruthy();
    expect(within(second).getByRole('button', { name: t.cancel })).toBeTruthy();
  });

  it('shows nothing when no document waits', async () => {
    const calls = allocationServer([]);
    await renderBookkeeping();
    await waitFor(() => expect(lists(calls)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('allocations-loading')).toBeNull());
    expect(screen.queryByRole('region', { name: t.title })).toBeNull();
    expect(screen.queryByText(t.title)).toBeNull();
  });

  it('says when the list could not be read, and reads it again on retry', async () => {
    let fail = true;
    stubApi((call) => {
      if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
      if (call.path !== LIST) return undefined;
      return fail
        ? failure(503, 'service.unavailable', 'השירות אינו זמין כרגע')
        : json({ success: true, data: { documents: [waiting] } });
    });
    const user = userEvent.setup();
    await renderBookkeeping();
    const error = await screen.findByTestId('allocations-error');
    expect(within(error).getByText(t.loadError)).toBeTruthy();
    expect(within(error).getByText('השירות אינו זמין כרגע')).toBeTruthy();
    fail = false;
    await user.click(within(error).getByRole('button', { name: t.retry }));
    expect(await cardOf(waiting)).toBeTruthy();
  });

  it('shows the server’s Hebrew refusal of a bad number under the field', async () => {
    const message = messageFor('invoice.allocation_number_invalid');
    const calls = allocationServer([waiting], () =>
      failure(400, 'invoice.allocation_number_invalid', message, { fields: { allocationNumber: message } }),
    );
    const user = userEvent.setup();
    await renderBookkeeping();
    const card = await cardOf(waiting);
    const input = within(card).getByLabelText(t.manual.label);
    await user.type(input, '12345');
    await user.click(within(card).getByRole('button', { name: t.manual.submit }));

    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(described[0]?.textContent).toBe(message);
    expect(within(card).getByTestId('allocation-number-error').textContent).toBe(message);
    expect(decisions(calls).map((call) => call.body)).toEqual([{ choice: 'manual', allocationNumber: '12345' }]);
    expect(screen.getByTestId('allocations-result').textContent).toBe('');

    // Typing again clears the error.
    await user.type(input, '6789');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('issues the document with a typed number, reads the list again and says so', async () => {
    const calls = allocationServer([waiting, refused]);
    const user = userEvent.setup();
    await renderBookkeeping();
    const card = await cardOf(waiting);
    expect(lists(calls)).toHaveLength(1);
    await user.type(within(card).getByLabelText(t.manual.label), ' 123-456-789 ');
    await user.click(within(card).getByRole('button', { name: t.manual.submit }));

    await waitFor(() =>
      expect(screen.getByTestId('allocations-result').textContent).toBe(`${t.resultBefore} 57 ${t.result.manual}`),
    );
    expect(screen.getByTestId('allocations-result').getAttribute('role')).toBe('status');
    const posted = decisions(calls);
    expect(posted.map((call) => [call.path, call.body])).toEqual([
      [decisionPath(waiting), { choice: 'manual', allocationNumber: '123-456-789' }],
    ]);
    expect(posted[0]!.headers.Authorization).toBe('Bearer owner-token');
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('allocation-document')).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: t.title })));
  });

  it('issues a refused document without a number at once', async () => {
    const calls = allocationServer([refused]);
    const user = userEvent.setup();
    await renderBookkeeping();
    const card = await cardOf(refused);
    await user.click(within(card).getByRole('button', { name: t.issueWithout }));

    await waitFor(() =>
      expect(screen.getByTestId('allocations-result').textContent).toBe(
        `${t.resultBefore} 58 ${t.result.issue_without_number}`,
      ),
    );
    expect(decisions(calls).map((call) => [call.path, call.body])).toEqual([
      [decisionPath(refused), { choice: 'issue_without_number' }],
    ]);
    // The last document left: the section is gone, the result still said, the focus on the page.
    await waitFor(() => expect(screen.queryByRole('region', { name: t.title })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('asks before cancelling the deal, Escape going back, and cancels only when confirmed', async () => {
    const calls = allocationServer([refused]);
    const user = userEvent.setup();
    await renderBookkeeping();
    const card = await cardOf(refused);
    const cancel = within(card).getByRole('button', { name: t.cancel });
    await user.click(cancel);

    let dialog = await screen.findByRole('dialog', { name: t.cancelDialog.title });
    for (const line of t.cancelDialog.consequences) expect(within(dialog).getByText(line)).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(cancel);
    expect(decisions(calls)).toEqual([]);

    await user.click(cancel);
    dialog = await screen.findByRole('dialog', { name: t.cancelDialog.title });
    const violations = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.violations.map((violation) => violation.id)).toEqual([]);
    expect(decisions(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: t.cancelDialog.confirm }));

    await waitFor(() =>
      expect(screen.getByTestId('allocations-result').textContent).toBe(`${t.resultBefore} 58 ${t.result.cancel}`),
    );
    expect(decisions(calls).map((call) => [call.path, call.body])).toEqual([
      [decisionPath(refused), { choice: 'cancel' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the other buttons from a second choice while one is on its way, and reads the list again on a conflict', async () => {
    let release: (response: Response) => void = () => undefined;
    const held = stubApi((call) => {
      if (call.method === 'POST') {
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      }
      if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
      if (call.path === LIST) return json({ success: true, data: { documents: [refused] } });
      return undefined;
    });
    const user = userEvent.setup();
    await renderBookkeeping();
    const card = await cardOf(refused);
    await user.click(within(card).getByRole('button', { name: t.issueWithout }));

    const busy = await within(card).findByRole('button', { name: t.issuingWithout });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect((within(card).getByRole('button', { name: t.manual.submit }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(card).getByRole('button', { name: t.cancel }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(busy);
    expect(decisions(held)).toHaveLength(1);
    release(failure(409, 'conflict', messageFor('conflict')));

    expect((await within(card).findByTestId('allocation-error')).textContent).toContain(messageFor('conflict'));
    expect(within(card).getByRole('button', { name: t.issueWithout }).getAttribute('aria-disabled')).toBeNull();
    // Issued meanwhile: the list is read again to show what is left.
    await waitFor(() => expect(lists(held)).toHaveLength(2));
  });

  it('is read-only for a member who may not refund: the accountant reads, does not choose', async () => {
    localStorage.setItem(
      'sessionMember',
      JSON.stringify({ role: 'accountant', kind: 'person', id: 'm-2', name: 'רונית' }),
    );
    allocationServer([waiting, refused]);
    await renderBookkeeping();
    const section = await screen.findByRole('region', { name: t.title });
    expect(within(section).getAllByTestId('allocation-document')).toHaveLength(2);
    expect(within(section).getByTestId('allocations-read-only').textContent).toBe(t.readOnly);
    expect(within(section).queryByTestId('allocation-actions')).toBeNull();
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).getByTestId('allocation-refused').textContent).toContain('460');
  });

  it('is clean for axe with both states, its controls reached by the keyboard', async () => {
    allocationServer([waiting, refused]);
    const user = userEvent.setup();
    await renderBookkeeping();
    const second = await cardOf(refused);
    const violations = await axe.run(screen.getByRole('main'), { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.violations.map((violation) => violation.id)).toEqual([]);

    within(second).getByLabelText(t.manual.label).focus();
    await user.tab();
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: t.manual.submit }));
    await user.tab();
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: t.issueWithout }));
    await user.tab();
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: t.cancel }));
  });
});
