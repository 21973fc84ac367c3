import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tablesMessagesHe, type BusinessTablesAnswer } from '@tafrit/contracts/http/tables.schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { failure, json, stubApi } from '@/test/api-stub';
import { TablesCard } from './tables-card';

const t = heOwner.settings.tables;
const off: BusinessTablesAnswer = {
  shared: false,
  numbers: [],
  idleMinutes: 90,
  unpaidShareMinutes: 15,
  payAtEnd: false,
  holdShekels: 300,
  tabIdleMinutes: 180,
  keysRenewedAt: null,
};

function renderCard(canEdit = true) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TablesCard canEdit={canEdit} />
    </QueryClientProvider>,
  );
}

/** The server of a café without shared tables; the PUT answers what it stored, or what `refuse` says. */
function tablesServer(refuse?: () => Response, start: BusinessTablesAnswer = off) {
  let stored = start;
  return stubApi((call) => {
    if (call.path === '/api/business/tables' && call.method === 'GET') return json({ success: true, data: stored });
    if (call.path === '/api/business/tables' && call.method === 'PUT') {
      if (refuse) return refuse();
      stored = { ...(call.body as typeof off), keysRenewedAt: stored.keysRenewedAt };
      return json({ success: true, data: stored });
    }
    if (call.path === '/api/business/tables/renew-keys' && call.method === 'POST') {
      stored = { ...stored, keysRenewedAt: '2026-11-30T10:00:00.000Z' };
      return json({ success: true, data: stored });
    }
    return undefined;
  });
}

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe("settings' shared table (issue 34)", () => {
  it('turns the shared table on for tables 1-8, 12 and 20, and sends the parsed numbers', async () => {
    const calls = tablesServer();
    const user = userEvent.setup();
    renderCard();
    expect(screen.getByRole('status').textContent).toBe(t.loading);
    const shared = await screen.findByRole('checkbox', { name: t.shared });
    await user.click(shared);
    const numbers = screen.getByRole('textbox', { name: t.numbers });
    await user.type(numbers, '1-8, 12, 20');
    expect(screen.getByTestId('tables-count').textContent).toBe(t.numbersCount(10));
    const idle = screen.getByRole('spinbutton', { name: t.idleMinutes });
    await user.clear(idle);
    await user.type(idle, '60');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.saved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      shared: true,
      numbers: [1, 2, 3, 4, 5, 6, 7, 8, 12, 20],
      idleMinutes: 60,
      unpaidShareMinutes: 15,
      // Always all three: the PUT would put their defaults back otherwise.
      payAtEnd: false,
      holdShekels: 300,
      tabIdleMinutes: 180,
    });
    // The saved list is written back the owner's way.
    expect((screen.getByRole('textbox', { name: t.numbers }) as HTMLInputElement).value).toBe('1-8, 12, 20');
  });

  it('a count "10" means tables 1 to 10', async () => {
    const calls = tablesServer();
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('checkbox', { name: t.shared }));
    await user.type(screen.getByRole('textbox', { name: t.numbers }), '10');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect((calls.find((call) => call.method === 'PUT')?.body as { numbers: number[] }).numbers).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('says beside each field what is wrong, ties it to the field and sends nothing', async () => {
    const calls = tablesServer();
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('checkbox', { name: t.shared }));
    const numbers = screen.getByRole('textbox', { name: t.numbers });
    await user.type(numbers, '1-5, 3');
    const idle = screen.getByRole('spinbutton', { name: t.idleMinutes });
    await user.clear(idle);
    await user.type(idle, '5');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(numbers.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(numbers.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
      t.numbersDuplicate,
    );
    expect(idle.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(tablesMessagesHe.idleInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(numbers);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // On without any table: the contract's own sentence.
    await user.clear(numbers);
    await user.clear(idle);
    await user.type(idle, '90');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(screen.getByText(tablesMessagesHe.noTables)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows the server's field errors from the error envelope beside their fields", async () => {
    tablesServer(() =>
      failure(400, 'validation.failed', 'הנתונים אינם תקינים', {
        fields: { unpaidShareMinutes: tablesMessagesHe.unpaidInvalid },
      }),
    );
    const user = userEvent.setup();
    renderCard();
    await user.type(await screen.findByRole('textbox', { name: t.numbers }), '4');
    await user.click(screen.getByRole('button', { name: t.save }));
    const unpaid = screen.getByRole('spinbutton', { name: t.unpaidShareMinutes });
    await waitFor(() => expect(unpaid.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(tablesMessagesHe.unpaidInvalid)).toBeTruthy();
    expect(getToasts().map((toast) => toast.title)).toContain(t.saveError);
  });

  it('renews the secrets only after the dialog says what stops working', async () => {
    const calls = tablesServer();
    const user = userEvent.setup();
    renderCard();
    // Nothing to renew while the tables are not shared.
    await screen.findByRole('checkbox', { name: t.shared });
    expect(screen.queryByRole('button', { name: t.renew })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: t.shared }));
    await user.type(screen.getByRole('textbox', { name: t.numbers }), '10');
    await user.click(screen.getByRole('button', { name: t.save }));

    await user.click(await screen.findByRole('button', { name: t.renew }));
    let dialog = await screen.findByRole('dialog', { name: t.renewDialogTitle });
    expect(dialog.textContent).toContain(t.renewConsequences[0]);
    await user.click(within(dialog).getAllByRole('button', { name: t.renewCancel }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/renew-keys'))).toBe(false);

    await user.click(screen.getByRole('button', { name: t.renew }));
    dialog = await screen.findByRole('dialog', { name: t.renewDialogTitle });
    await user.click(within(dialog).getByRole('button', { name: t.renewConfirm }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.renewed));
    expect(calls.filter((call) => call.path.endsWith('/renew-keys')).map((call) => call.method)).toEqual(['POST']);
    await screen.findByTestId('tables-renewed-at');
  });

  it('pay at the end: shown only with shared tables, its hold and idle time checked by the contract and sent', async () => {
    const calls = tablesServer();
    const user = userEvent.setup();
    renderCard();
    await screen.findByRole('checkbox', { name: t.shared });
    expect(screen.queryByRole('switch', { name: t.payAtEnd })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: t.shared }));
    await user.type(screen.getByRole('textbox', { name: t.numbers }), '6');
    const payAtEnd = screen.getByRole('switch', { name: t.payAtEnd });
    expect(document.getElementById(payAtEnd.getAttribute('aria-describedby')!)?.textContent).toBe(t.payAtEndHint);
    // The amounts show once it is on.
    expect(screen.queryByRole('spinbutton', { name: t.holdShekels })).toBeNull();
    await user.click(payAtEnd);
    const hold = screen.getByRole('spinbutton', { name: t.holdShekels });
    const tabIdle = screen.getByRole('spinbutton', { name: t.tabIdleMinutes });
    expect((hold as HTMLInputElement).value).toBe('300');
    await user.clear(hold);
    await user.type(hold, '40');
    await user.clear(tabIdle);
    await user.type(tabIdle, '721');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(hold.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(tablesMessagesHe.holdInvalid)).toBeTruthy();
    expect(tabIdle.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(tablesMessagesHe.tabIdleInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(hold);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(hold);
    await user.type(hold, '500');
    await user.clear(tabIdle);
    await user.type(tabIdle, '240');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(t.saved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      shared: true,
      numbers: [1, 2, 3, 4, 5, 6],
      idleMinutes: 90,
      unpaidShareMinutes: 15,
      payAtEnd: true,
      holdShekels: 500,
      tabIdleMinutes: 240,
    });
  });

  it('a hidden amount never stops the save: turned off, the last saved ones are sent', async () => {
    const saved = { ...off, shared: true, numbers: [1, 2], payAtEnd: true, holdShekels: 800, tabIdleMinutes: 120 };
    const calls = tablesServer(undefined, saved);
    const user = userEvent.setup();
    renderCard();
    const hold = await screen.findByRole('spinbutton', { name: t.holdShekels });
    expect((hold as HTMLInputElement).value).toBe('800');
    await user.clear(hold);
    await user.type(hold, '9');
    await user.click(screen.getByRole('switch', { name: t.payAtEnd }));
    expect(screen.queryByRole('spinbutton', { name: t.holdShekels })).toBeNull();
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      payAtEnd: false,
      holdShekels: 800,
      tabIdleMinutes: 120,
    });
  });

  it('an older server that says nothing of pay at the end reads as off with the defaults', async () => {
    const {
      payAtEnd: _on,
      holdShekels: _hold,
      tabIdleMinutes: _idle,
      ...older
    } = { ...off, shared: true, numbers: [3] };
    stubApi((call) =>
      call.path === '/api/business/tables' && call.method === 'GET' ? json({ success: true, data: older }) : undefined,
    );
    renderCard();
    const payAtEnd = await screen.findByRole('switch', { name: t.payAtEnd });
    expect((payAtEnd as HTMLInputElement).checked).toBe(false);
  });

  it('says when the settings cannot be loaded', async () => {
    stubApi((call) => (call.path === '/api/business/tables' ? failure(500, 'internal', 'שגיאה') : undefined));
    renderCard();
    expect(await screen.findByText(t.loadError, undefined, { timeout: 5000 })).toBeTruthy();
  });
});
