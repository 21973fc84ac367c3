import { TERMS_MAX_LENGTH } from '@tafrit/contracts/http/admin.schemas';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heLanding } from '@/i18n/he-landing';
import { createAppRouter } from '@/router';
import { failure, json, stubApi, type ApiCall } from '@/test/api-stub';
import { paragraphsOf } from './terms-text';

const page = heLanding.termsPage;
const SAVED = 'סעיף 1: השירות ניתן כמות שהוא.\nשורה שנייה באותה פסקה.\n\nסעיף 2: <b>לא מודגש</b>';

/** The terms page on the real router, with the server answering `GET /api/terms` with `content`. */
function renderTerms(content: string, handler: (call: ApiCall) => Response | undefined = () => undefined) {
  const calls = stubApi((call) =>
    call.method === 'GET' && call.path === '/api/terms' ? json({ success: true, data: { content } }) : handler(call),
  );
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/terms-conditions'] }) });
  render(<RouterProvider router={router} />);
  return calls;
}

function signInAsAdmin() {
  localStorage.setItem('adminToken', 'admin-token');
  localStorage.setItem('adminPhone', '0547654321');
}

const editor = () => screen.findByRole('textbox', { name: page.editorLabel }) as Promise<HTMLTextAreaElement>;
const saveButton = () => screen.getByRole('button', { name: page.save });
const resetButton = () => screen.getByRole('button', { name: page.reset });
const toastTitles = () => getToasts().map((toast) => toast.title);

afterEach(() => {
  act(() => resetToasts());
  localStorage.clear();
});

describe('the terms page for everyone', () => {
  it('shows the terms as text, in paragraphs, never as HTML, and no editor', async () => {
    renderTerms(SAVED);
    const content = await screen.findByTestId('terms-content');
    const paragraphs = content.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.textContent).toBe('סעיף 1: השירות ניתן כמות שהוא.\nשורה שנייה באותה פסקה.');
    expect(paragraphs[1]?.textContent).toBe('סעיף 2: <b>לא מודגש</b>');
    expect(content.querySelector('b')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('heading', { name: page.editorTitle })).toBeNull();
  });

  it('says the terms are not defined yet when there are none', async () => {
    renderTerms('   ');
    expect(await screen.findByText(uiMessagesHe.termsNotDefined)).toBeTruthy();
    expect(screen.queryByTestId('terms-content')).toBeNull();
  });
});

describe('the terms editor with an admin session', () => {
  it('starts from the saved text, counts characters out of 100,000 and previews as the public page', async () => {
    signInAsAdmin();
    renderTerms(SAVED);
    const field = await editor();
    expect(field.value).toBe(SAVED);
    expect(field.maxLength).toBe(TERMS_MAX_LENGTH);
    const count = screen.getByTestId('terms-count');
    expect(count.textContent).toBe(`${SAVED.length} ${page.characterCountOf} 100,000 ${page.characters}`);
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(count.id);
    expect(count.getAttribute('aria-live')).toBeNull();

    const user = userEvent.setup();
    await user.type(field, '\n\nסעיף 3');
    expect(count.textContent).toContain(String(SAVED.length + 8));
    const preview = screen.getByTestId('terms-preview');
    expect([...preview.querySelectorAll('p')].map((p) => p.textContent)).toEqual(paragraphsOf(`${SAVED}\n\nסעיף 3`));
    expect(preview.querySelector('b')).toBeNull();

    fireEvent.change(field, { target: { value: 'x'.repeat(12_345) } });
    expect(count.textContent).toContain('12,345');
  });

  it('links back to the administrator dashboard', async () => {
    signInAsAdmin();
    renderTerms(SAVED);
    await editor();
    const back = screen.getByRole('link', { name: page.backToDashboard });
    expect(back.getAttribute('href')).toBe('/admin');
  });

  it('resets to the saved text', async () => {
    signInAsAdmin();
    renderTerms(SAVED);
    const field = await editor();
    expect((resetButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'טיוטה' } });
    await userEvent.setup().click(resetButton());
    expect(field.value).toBe(SAVED);
  });

  it('cannot save blank terms', async () => {
    signInAsAdmin();
    const calls = renderTerms(SAVED);
    const field = await editor();
    fireEvent.change(field, { target: { value: '  \n ' } });
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves with the admin token, says so and shows the new text on the page', async () => {
    signInAsAdmin();
    const calls = renderTerms(SAVED, (call) =>
      call.method === 'PUT' && call.path === '/api/admin/terms'
        ? json({ success: true, data: { content: (call.body as { content: string }).content, version: 2 } })
        : undefined,
    );
    const field = await editor();
    fireEvent.change(field, { target: { value: 'תנאים חדשים\n\nפסקה שנייה' } });
    const user = userEvent.setup();
    await user.click(saveButton());
    // Asked first: nothing is sent until the administrator confirms, and a cancel sends nothing.
    const dialog = await screen.findByRole('dialog', { name: page.confirm.title });
    for (const line of page.confirm.consequences) expect(within(dialog).getByText(line)).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: page.confirm.cancel })[0]!);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await user.click(saveButton());
    await user.click(await screen.findByTestId('confirm-publish-terms'));
    await waitFor(() => expect(toastTitles()).toEqual([uiMessagesHe.termsUpdated]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ content: 'תנאים חדשים\n\nפסקה שנייה' });
    expect(put?.headers.Authorization).toBe('Bearer admin-token');
    await waitFor(() =>
      expect(screen.getByTestId('terms-content').querySelectorAll('p')[0]?.textContent).toBe('תנאים חדשים'),
    );
    expect((resetButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says in the dialog why the save failed, keeping the draft', async () => {
    signInAsAdmin();
    renderTerms(SAVED, (call) => (call.method === 'PUT' ? failure(500, 'internal', 'שגיאה פנימית בשרת') : undefined));
    const field = await editor();
    fireEvent.change(field, { target: { value: 'טיוטה שלא נשמרה' } });
    const user = userEvent.setup();
    await user.click(saveButton());
    await user.click(await screen.findByTestId('confirm-publish-terms'));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toContain(uiMessagesHe.termsUpdateError);
    expect(alert.textContent).toContain('שגיאה פנימית בשרת');
    expect(field.value).toBe('טיוטה שלא נשמרה');
    expect(screen.getByTestId('terms-content').textContent).toContain('סעיף 1');
  });

  it('a 401 ends the admin session: the token is forgotten and the editor goes away', async () => {
    signInAsAdmin();
    renderTerms(SAVED, (call) =>
      call.method === 'PUT' ? failure(401, 'auth.unauthenticated', 'נדרשת התחברות') : undefined,
    );
    const field = await editor();
    fireEvent.change(field, { target: { value: 'טיוטה' } });
    const user = userEvent.setup();
    await user.click(saveButton());
    await user.click(await screen.findByTestId('confirm-publish-terms'));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminPhone')).toBeNull();
    expect(getToasts()[0]).toMatchObject({ title: uiMessagesHe.termsUpdateError, description: page.sessionExpired });
    expect(screen.getByTestId('terms-content').textContent).toContain('סעיף 1');
  });
});
