import type { AdminBusinessRow } from '@tafrit/contracts/admin-types';
import { bookkeepingMessagesHe } from '@tafrit/contracts/http/bookkeeping.schemas';
import { israelDateOf } from '@tafrit/contracts/months';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heAdmin } from '@/i18n/he-admin';
import { createAppRouter } from '@/router';
import { failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { adminPaths } from './api';

// The first render of a file loads the admin area's modules: slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

const t = heAdmin.uniformStructure;
const today = israelDateOf(new Date());
const year = today.slice(0, 4);
const URL_START = '/api/admin/bookkeeping/uniform-structure';

// One account: an empty list would end the admin session (the product always has its demo café).
const account: AdminBusinessRow = {
  phone: '+972523456789',
  businessName: 'קפה הגפן',
  fullName: 'דנה כהן',
  email: 'dana@example.co.il',
  departmentId: 'demo',
  isActive: true,
  closedAt: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  monthOrders: 0,
  monthSales: '0.00',
};

function zip(filename: string): Response {
  return new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
    status: 200,
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${filename}"` },
  });
}

/** The admin API: the account list, `answer` for the uniform structure, a 404 envelope for the rest. */
function adminServer(answer: (call: ApiCall) => Response | undefined = () => undefined): ApiCall[] {
  return stubApi((call) => {
    if (call.path === adminPaths.businesses) return json({ success: true, data: [account] });
    if (call.path.startsWith(URL_START)) return answer(call);
    return undefined;
  });
}

const uniformCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith(URL_START));

/** What the page hands the browser to save: "<file name> <object URL>". */
function catchDownloads(): string[] {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }));
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(`${this.download} ${this.href}`);
  });
  return downloads;
}

async function renderSection() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/admin'] }) });
  render(<RouterProvider router={router} />);
  return screen.findByRole('region', { name: t.title }, { timeout: 10_000 });
}

const fromInput = () => screen.getByLabelText(t.from) as HTMLInputElement;
const toInput = () => screen.getByLabelText(t.to) as HTMLInputElement;
const downloadButton = () => screen.getByRole('button', { name: t.download });
const describedText = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

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
  vi.unstubAllGlobals();
});

describe("the platform's uniform structure", () => {
  it('offers 1 January of the Israel year to today, no later than today, and is clean for axe', async () => {
    adminServer();
    const section = await renderSection();
    expect(fromInput().value).toBe(`${year}-01-01`);
    expect(toInput().value).toBe(today);
    expect(fromInput().type).toBe('date');
    expect(toInput().max).toBe(today);
    expect(within(section).getByRole('status').textContent).toBe('');
    const violations = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.violations.map((violation) => violation.id)).toEqual([]);

    const user = userEvent.setup();
    fromInput().focus();
    await user.tab();
    expect(document.activeElement).toBe(toInput());
    await user.tab();
    expect(document.activeElement).toBe(downloadButton());
  });

  it('sends a valid range with the admin token and saves the zip the server named', async () => {
    const downloads = catchDownloads();
    const name = 'platform-uniform-structure-2025-01-01-2025-06-30.zip';
    const calls = adminServer(() => zip(name));
    const user = userEvent.setup();
    const section = await renderSection();
    fireEvent.change(fromInput(), { target: { value: '2025-01-01' } });
    fireEvent.change(toInput(), { target: { value: '2025-06-30' } });
    await user.click(downloadButton());

    await waitFor(() => expect(downloads).toEqual([`${name} blob:zip`]));
    const asked = uniformCalls(calls);
    expect(asked.map((call) => call.path)).toEqual([`${URL_START}?from=2025-01-01&to=2025-06-30`]);
    expect(asked[0]!.method).toBe('GET');
    expect(asked[0]!.headers.Authorization).toBe('Bearer admin-token');
    const status = within(section).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe(`${t.savedBefore} ${name} ${t.savedAfter}`));
    expect(status.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
  });

  it('shows the pending state while the server prepares the files', async () => {
    let release: (response: Response) => void = () => undefined;
    stubApi((call) => {
      if (call.path === adminPaths.businesses) return json({ success: true, data: [account] });
      if (call.path.startsWith(URL_START)) return new Promise<Response>((resolve) => (release = resolve));
      return undefined;
    });
    catchDownloads();
    const user = userEvent.setup();
    const section = await renderSection();
    fireEvent.change(fromInput(), { target: { value: '2025-02-01' } });
    fireEvent.change(toInput(), { target: { value: '2025-03-31' } });
    await user.click(downloadButton());

    const pending = await within(section).findByRole('button', { name: t.pending });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    expect(within(section).getByRole('status').textContent).toBe(
      `${t.preparingBefore}01/02/2025 ${t.preparingBetween} 31/03/2025${t.preparingAfter}`,
    );
    release(zip('platform-uniform-structure-2025-02-01-2025-03-31.zip'));
    await within(section).findByRole('button', { name: t.download });
  });

  it('refuses a reversed range next to the first date, focused, without asking the server', async () => {
    const calls = adminServer();
    const user = userEvent.setup();
    await renderSection();
    fireEvent.change(fromInput(), { target: { value: `${year}-03-10` } });
    fireEvent.change(toInput(), { target: { value: `${year}-03-01` } });
    await user.click(downloadButton());

    const from = fromInput();
    await waitFor(() => expect(document.activeElement).toBe(from));
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(from)).toBe(bookkeepingMessagesHe.rangeReversed);
    expect(toInput().getAttribute('aria-invalid')).toBeNull();
    expect(uniformCalls(calls)).toEqual([]);
  });

  it('refuses a range across two years next to the last date, focused, without asking the server', async () => {
    const calls = adminServer();
    const user = userEvent.setup();
    await renderSection();
    fireEvent.change(fromInput(), { target: { value: '2024-12-01' } });
    fireEvent.change(toInput(), { target: { value: '2025-01-31' } });
    await user.click(downloadButton());

    const to = toInput();
    await waitFor(() => expect(document.activeElement).toBe(to));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(to)).toBe(bookkeepingMessagesHe.rangeTooLong);
    expect(fromInput().getAttribute('aria-invalid')).toBeNull();
    expect(uniformCalls(calls)).toEqual([]);
  });

  it("shows the server's Hebrew refusal under the button, in a toast and next to the field it names", async () => {
    const message = 'אפשר להפיק קבצים לשבע השנים האחרונות בלבד';
    adminServer(() => failure(400, 'bookkeeping.range_out_of_bounds', message, { fields: { from: message } }));
    const user = userEvent.setup();
    await renderSection();
    fireEvent.change(fromInput(), { target: { value: '2015-01-01' } });
    fireEvent.change(toInput(), { target: { value: '2015-12-31' } });
    await user.click(downloadButton());

    expect((await screen.findByTestId('platform-uniform-structure-error')).textContent).toBe(message);
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(t.error)).toBeTruthy();
    expect(within(toast).getByText(message)).toBeTruthy();
    const from = fromInput();
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(from)).toBe(message);
    expect(document.activeElement).toBe(from);
  });
});
