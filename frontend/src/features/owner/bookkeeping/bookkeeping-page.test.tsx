import { bookkeepingMessagesHe } from '@tafrit/contracts/http/bookkeeping.schemas';
import { israelMonthOf, shiftMonth } from '@tafrit/contracts/months';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwnerBookkeeping } from '@/i18n/he-owner-bookkeeping';
import { createAppRouter } from '@/router';
import { roleMayOpen } from '../sign-in/session-guard';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { bookkeepingMonths, israelDateOf, slashMonth } from './bookkeeping-dates';

const t = heOwnerBookkeeping.bookkeeping;
const previousMonth = shiftMonth(israelMonthOf(new Date()), -1);
const today = israelDateOf(new Date());
const year = today.slice(0, 4);

function zip(filename: string): Response {
  return new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
    status: 200,
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${filename}"` },
  });
}

function bookkeepingServer(answer: (call: ApiCall) => Response | Promise<Response> | undefined) {
  return stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    // No document waits for an allocation number (those have their own tests).
    if (call.path === '/api/orders/allocations') return json({ success: true, data: { documents: [] } });
    return answer(call);
  });
}

const bookkeepingCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/bookkeeping'));

/** What the page hands the browser to save: "<file name> <object URL>". */
function catchDownloads(): string[] {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }));
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(`${this.download} ${this.href}`);
  });
  return downloads;
}

async function renderBookkeeping() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/bookkeeping'] }) });
  render(<RouterProvider router={router} />);
  // The first render of the file loads the console's lazy route: give it time.
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 10_000 });
  return router;
}

const monthSelect = () => screen.getByLabelText(t.month.label) as HTMLSelectElement;
const fromInput = () => screen.getByLabelText(t.uniform.from) as HTMLInputElement;
const toInput = () => screen.getByLabelText(t.uniform.to) as HTMLInputElement;

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

describe('the accountant’s month', () => {
  it('offers the last 24 Israel months as MM/YYYY, the previous one chosen, and the year so far', async () => {
    const calls = bookkeepingServer(() => undefined);
    await renderBookkeeping();
    const options = within(monthSelect()).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual(bookkeepingMonths(new Date()));
    expect(options).toHaveLength(24);
    expect(monthSelect().value).toBe(previousMonth);
    // MM/YYYY kept whole inside the right-to-left page by Unicode isolates (an <option> has no <bdi>).
    expect(options[1]!.textContent).toBe(`\u2066${slashMonth(previousMonth)}\u2069`);
    expect(options[0]!.textContent).toContain(t.month.current);
    expect(fromInput().value).toBe(`${year}-01-01`);
    expect(toInput().value).toBe(today);
    expect(within(screen.getByTestId('bookkeeping-month-contents')).getAllByRole('listitem')).toHaveLength(
      t.month.contents.length,
    );
    // Nothing is asked of the server until a download is pressed.
    expect(bookkeepingCalls(calls)).toEqual([]);
  });

  it('downloads the chosen month with the owner token and says which file was saved', async () => {
    const downloads = catchDownloads();
    const chosen = shiftMonth(previousMonth, -2);
    let release: (response: Response) => void = () => undefined;
    const calls = bookkeepingServer((call) =>
      call.path.startsWith('/api/bookkeeping/months/')
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : undefined,
    );
    const user = userEvent.setup();
    await renderBookkeeping();
    await user.selectOptions(monthSelect(), chosen);
    await user.click(screen.getByRole('button', { name: t.month.download }));

    // A month takes a while: the button says so and ignores another press, and the status names the month.
    const busy = await screen.findByRole('button', { name: t.month.pending });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    const status = screen.getByTestId('bookkeeping-month-status');
    expect(status.textContent).toContain(slashMonth(chosen));
    expect(status.querySelector('bdi[dir="ltr"]')?.textContent).toBe(slashMonth(chosen));
    await user.click(busy);
    release(zip(`bookkeeping-${chosen}.zip`));

    await waitFor(() => expect(downloads).toEqual([`bookkeeping-${chosen}.zip blob:zip`]));
    const asked = bookkeepingCalls(calls);
    expect(asked.map((call) => [call.method, call.path])).toEqual([['GET', `/api/bookkeeping/months/${chosen}`]]);
    expect(asked[0]!.headers.Authorization).toBe('Bearer owner-token');
    expect(asked[0]!.headers.Accept).toBe('application/zip');
    await waitFor(() =>
      expect(screen.getByTestId('bookkeeping-month-status').textContent).toBe(
        `${t.savedBefore} bookkeeping-${chosen}.zip ${t.savedAfter}`,
      ),
    );
    expect(screen.getByRole('button', { name: t.month.download }).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows the server’s Hebrew sentence in a toast and beside the button when the month fails', async () => {
    const downloads = catchDownloads();
    bookkeepingServer((call) =>
      call.path.startsWith('/api/bookkeeping/months/')
        ? failure(503, 'bookkeeping.unavailable', 'לא הצלחנו להכין את הקובץ. נסו שוב בעוד כמה דקות.')
        : undefined,
    );
    const user = userEvent.setup();
    await renderBookkeeping();
    await user.click(screen.getByRole('button', { name: t.month.download }));

    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(t.month.error)).toBeTruthy();
    expect(within(toast).getByText('לא הצלחנו להכין את הקובץ. נסו שוב בעוד כמה דקות.')).toBeTruthy();
    expect(screen.getByTestId('bookkeeping-month-error').textContent).toBe(
      'לא הצלחנו להכין את הקובץ. נסו שוב בעוד כמה דקות.',
    );
    expect(downloads).toEqual([]);
    expect(screen.getByRole('button', { name: t.month.download })).toBeTruthy();
  });
});

describe('the uniform structure', () => {
  it('refuses a reversed range next to its field, focused, without asking the server', async () => {
    const calls = bookkeepingServer(() => undefined);
    const user = userEvent.setup();
    await renderBookkeeping();
    fireEvent.change(fromInput(), { target: { value: `${year}-03-10` } });
    fireEvent.change(toInput(), { target: { value: `${year}-03-01` } });
    await user.click(screen.getByRole('button', { name: t.uniform.download }));

    const from = fromInput();
    await waitFor(() => expect(document.activeElement).toBe(from));
    expect(from.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(from.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(bookkeepingMessagesHe.rangeReversed);
    expect(toInput().getAttribute('aria-invalid')).toBeNull();
    expect(bookkeepingCalls(calls)).toEqual([]);
  });

  it('refuses a range across two years, and an empty date, without asking the server', async () => {
    const calls = bookkeepingServer(() => undefined);
    const user = userEvent.setup();
    await renderBookkeeping();
    fireEvent.change(fromInput(), { target: { value: '2024-12-01' } });
    fireEvent.change(toInput(), { target: { value: '2025-01-31' } });
    await user.click(screen.getByRole('button', { name: t.uniform.download }));

    const to = toInput();
    await waitFor(() => expect(document.activeElement).toBe(to));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(to.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      bookkeepingMessagesHe.rangeTooLong,
    );

    // Correcting a field clears its error; a date left empty is refused as not a date.
    fireEvent.change(to, { target: { value: '' } });
    expect(to.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: t.uniform.download }));
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(bookkeepingMessagesHe.dateInvalid)).toBeTruthy();
    expect(bookkeepingCalls(calls)).toEqual([]);
  });

  it('sends a valid range and saves the zip the server named', async () => {
    const downloads = catchDownloads();
    const calls = bookkeepingServer((call) =>
      call.path.startsWith('/api/bookkeeping/uniform-structure')
        ? zip('uniform-structure-2025-01-01-2025-06-30.zip')
        : undefined,
    );
    const user = userEvent.setup();
    await renderBookkeeping();
    fireEvent.change(fromInput(), { target: { value: '2025-01-01' } });
    fireEvent.change(toInput(), { target: { value: '2025-06-30' } });
    await user.click(screen.getByRole('button', { name: t.uniform.download }));

    await waitFor(() => expect(downloads).toEqual(['uniform-structure-2025-01-01-2025-06-30.zip blob:zip']));
    const asked = bookkeepingCalls(calls);
    expect(asked.map((call) => call.path)).toEqual([
      '/api/bookkeeping/uniform-structure?from=2025-01-01&to=2025-06-30',
    ]);
    expect(asked[0]!.headers.Authorization).toBe('Bearer owner-token');
    await waitFor(() =>
      expect(screen.getByTestId('bookkeeping-uniform-status').textContent).toContain(
        'uniform-structure-2025-01-01-2025-06-30.zip',
      ),
    );
  });

  it('shows the server’s refusal of a range older than seven years in a toast and next to the field it names', async () => {
    const message = 'אפשר להפיק קבצים לשבע השנים האחרונות בלבד';
    bookkeepingServer((call) =>
      call.path.startsWith('/api/bookkeeping/uniform-structure')
        ? failure(400, 'bookkeeping.range_out_of_bounds', message, { fields: { from: message } })
        : undefined,
    );
    const user = userEvent.setup();
    await renderBookkeeping();
    fireEvent.change(fromInput(), { target: { value: '2015-01-01' } });
    fireEvent.change(toInput(), { target: { value: '2015-12-31' } });
    await user.click(screen.getByRole('button', { name: t.uniform.download }));

    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(t.uniform.error)).toBeTruthy();
    expect(within(toast).getByText(message)).toBeTruthy();
    await waitFor(() => expect(fromInput().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByTestId('bookkeeping-uniform-error').textContent).toBe(message);
  });
});

describe('the page', () => {
  it('is clean for axe, its controls reached by the keyboard in order', async () => {
    bookkeepingServer(() => undefined);
    const user = userEvent.setup();
    await renderBookkeeping();
    const violations = await axe.run(screen.getByRole('main'), { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.violations.map((violation) => violation.id)).toEqual([]);

    monthSelect().focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: t.month.download }));
    await user.tab();
    expect(document.activeElement).toBe(fromInput());
    await user.tab();
    expect(document.activeElement).toBe(toInput());
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: t.uniform.download }));
  });

  it('is offered in the navigation after the reports and their numbers', async () => {
    bookkeepingServer(() => undefined);
    await renderBookkeeping();
    const nav = screen.getByRole('navigation', { name: 'ניווט ניהול העסק' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(links.indexOf('דוחות'), links.indexOf('דוחות') + 3)).toEqual(['דוחות', 'מספרים', t.nav]);
    expect(within(nav).getByRole('link', { name: t.nav }).getAttribute('aria-current')).toBe('page');
  });

  it('is the page of whoever reads the reports: the owner, a manager and the accountant, not the kitchen', () => {
    expect(
      (['owner', 'manager', 'accountant', 'kitchen'] as const).map((role) => roleMayOpen(role, '/bookkeeping')),
    ).toEqual([true, true, true, false]);
  });
});
