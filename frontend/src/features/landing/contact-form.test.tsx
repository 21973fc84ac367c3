import { contactMessagesHe } from '@tafrit/contracts/http/contact.schemas';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast';
import { heLanding } from '@/i18n/he-landing';
import { createQueryClient } from '@/lib/query-client';
import { ContactForm } from './contact-form';

const strings = heLanding.contactForm;
const RECEIVED = { success: true, data: { message: 'ההודעה התקבלה, נחזור אליכם בהקדם' } };

type Call = { url: string; body: unknown };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that answers each call with the next response (a promise lets a test hold an answer back). */
function stubFetch(...answers: (Response | Promise<Response>)[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call to ${url}`);
      return answer;
    }),
  );
  return calls;
}

function setup() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm />
    </QueryClientProvider>,
  );
  const fields = {
    name: screen.getByLabelText(strings.name) as HTMLInputElement,
    email: screen.getByLabelText(strings.email) as HTMLInputElement,
    message: screen.getByLabelText(strings.message) as HTMLTextAreaElement,
  };
  const fill = async (
    values = { name: 'דנה כהן', email: 'dana@example.co.il', message: 'אשמח לשמוע עוד על השירות.' },
  ) => {
    await user.type(fields.name, values.name);
    await user.type(fields.email, values.email);
    await user.type(fields.message, values.message);
  };
  const submit = () => screen.getByRole('button', { name: strings.submit });
  return { user, fields, fill, submit };
}

afterEach(() => {
  act(() => resetToasts());
});

describe('the contact form', () => {
  it('has name, e-mail and a 6-row message, labelled, and a hidden honeypot out of reach', () => {
    const { fields } = setup();
    expect(fields.message.rows).toBe(6);
    expect(fields.email.type).toBe('email');
    const honeypot = screen.getByTestId('contact-honeypot') as HTMLInputElement;
    expect(honeypot.name).toBe('website');
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.autocomplete).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows every rule broken, in Hebrew, next to its field, and sends nothing', async () => {
    const calls = stubFetch();
    const { user, fields, submit } = setup();
    await user.type(fields.name, 'ד');
    await user.type(fields.email, 'dana@');
    await user.type(fields.message, 'קצר');
    await user.click(submit());
    expect(await screen.findByText(contactMessagesHe.nameTooShort)).toBeTruthy();
    expect(screen.getByText(contactMessagesHe.invalidEmail)).toBeTruthy();
    expect(screen.getByText(contactMessagesHe.messageTooShort)).toBeTruthy();
    expect(fields.name.getAttribute('aria-invalid')).toBe('true');
    expect(fields.name.getAttribute('aria-describedby')).toBe(screen.getByText(contactMessagesHe.nameTooShort).id);
    expect(document.activeElement).toBe(fields.name);
    expect(calls).toEqual([]);
  });

  it('is busy while sending, then empties itself and shows the server message in the success toast', async () => {
    let answer!: (response: Response) => void;
    const calls = stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const { user, fields, fill, submit } = setup();
    await fill();
    await user.click(submit());

    const busy = await screen.findByRole('button', { name: strings.sending });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(fields.name.readOnly).toBe(true);
    // A second press while sending sends nothing more.
    await user.click(busy);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({
      url: '/contact-form.php',
      body: { name: 'דנה כהן', email: 'dana@example.co.il', message: 'אשמח לשמוע עוד על השירות.' },
    });

    await act(async () => answer(json(RECEIVED)));
    await waitFor(() => expect(fields.name.value).toBe(''));
    expect(fields.email.value).toBe('');
    expect(fields.message.value).toBe('');
    expect(submit().getAttribute('aria-disabled')).toBeNull();
    expect(getToasts()[0]).toMatchObject({
      title: uiMessagesHe.contactSuccessTitle,
      description: RECEIVED.data.message,
      variant: 'default',
    });
  });

  it('falls back to /api/contact with the same body when /contact-form.php is not ok', async () => {
    const calls = stubFetch(new Response('Not Found', { status: 404 }), json({ success: true, data: {} }));
    const { user, fill, submit } = setup();
    await fill();
    await user.click(submit());
    await waitFor(() => expect(getToasts()[0]?.title).toBe(uiMessagesHe.contactSuccessTitle));
    expect(calls.map((call) => call.url)).toEqual(['/contact-form.php', '/api/contact']);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    // No message from the server: the spec's own words.
    expect(getToasts()[0]?.description).toBe(uiMessagesHe.contactSuccessDescription);
  });

  it('shows the error toast and keeps what was typed when both calls fail', async () => {
    stubFetch(json({ success: false }, 500), json({ success: false, code: 'rate_limited', message: 'x' }, 429));
    const { user, fields, fill, submit } = setup();
    await fill();
    await user.click(submit());
    await waitFor(() => expect(getToasts()[0]?.variant).toBe('destructive'));
    expect(getToasts()[0]).toMatchObject({
      title: uiMessagesHe.contactErrorTitle,
      description: uiMessagesHe.contactErrorDescription,
    });
    expect(fields.name.value).toBe('דנה כהן');
    expect(submit().getAttribute('aria-disabled')).toBeNull();
  });

  it("puts the server's field errors next to the fields", async () => {
    const refused = { success: false, code: 'validation.failed', message: 'x', fields: { email: 'כתובת תפוסה' } };
    stubFetch(json(refused, 400), json(refused, 400));
    const { user, fields, fill, submit } = setup();
    await fill();
    await user.click(submit());
    expect(await screen.findByText('כתובת תפוסה')).toBeTruthy();
    expect(fields.email.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the honeypot only when something filled it in', async () => {
    const calls = stubFetch(json(RECEIVED));
    const { user, fill, submit } = setup();
    (screen.getByTestId('contact-honeypot') as HTMLInputElement).value = 'https://spam.example';
    await fill();
    await user.click(submit());
    await waitFor(() => expect(getToasts()[0]?.title).toBe(uiMessagesHe.contactSuccessTitle));
    expect(calls[0]!.body).toMatchObject({ website: 'https://spam.example' });
    expect((screen.getByTestId('contact-honeypot') as HTMLInputElement).value).toBe('');
  });
});
