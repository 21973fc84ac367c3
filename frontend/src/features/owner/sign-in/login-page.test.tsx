import { uiMessagesHe, validationMessagesHe } from '@tafrit/contracts/messages.he';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { otpTextHe } from '@/i18n/he-otp';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi } from '@/test/api-stub';

const o = otpTextHe;

function renderLogin() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/login'] }) });
  render(<RouterProvider router={router} />);
  return router;
}

/** One second at a time: each tick of the countdown schedules the next after React renders. */
async function seconds(count: number) {
  for (let i = 0; i < count; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}

function serverWithCode(code = '123456') {
  return stubApi(({ method, path, body }) => {
    if (method === 'POST' && path === '/api/send-otp') return json({ success: true, data: { sent: true } });
    if (method === 'POST' && path === '/api/verify-otp') {
      return (body as { code: string }).code === code
        ? json({ success: true, data: { business: demoBusiness, token: 'owner-token' } })
        : failure(400, 'otp.invalid', 'קוד האימות שגוי');
    }
    if (path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    return undefined;
  });
}

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  resetToasts();
});

describe('owner login', () => {
  it('checks the phone before sending anything', async () => {
    const calls = serverWithCode();
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: o.sendCode }));
    expect(await screen.findByText(validationMessagesHe.phoneRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(o.phoneLabel), '03-1234567{Enter}');
    expect(await screen.findByText(validationMessagesHe.phoneIsAccountId)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(o.phoneLabel));
    expect(calls).toHaveLength(0);
  });

  it('moves to the code step, shows where the code went, and can go back', async () => {
    const calls = serverWithCode();
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText(o.phoneLabel), '0523456789');
    await user.click(screen.getByRole('button', { name: o.sendCode }));

    const codeInput = await screen.findByLabelText(o.codeLabel);
    await waitFor(() => expect(document.activeElement).toBe(codeInput));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/send-otp', body: { phone: '+972523456789' } });
    const sentTo = screen.getByTestId('otp-sent-to');
    expect(sentTo.textContent).toBe('052-3456789');
    expect(sentTo.getAttribute('dir')).toBe('ltr');
    expect(codeInput.getAttribute('inputmode')).toBe('numeric');
    expect(codeInput.getAttribute('autocomplete')).toBe('one-time-code');
    expect(codeInput.getAttribute('maxlength')).toBe('6');
    expect(await screen.findByText(uiMessagesHe.codeSentTitle)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: o.changePhone }));
    const phone = await screen.findByLabelText(o.phoneLabel);
    expect((phone as HTMLInputElement).value).toBe('0523456789');
    await waitFor(() => expect(document.activeElement).toBe(phone));
  });

  it('takes digits only, refuses a short code, says "wrong code", then signs in and goes to /reports', async () => {
    const calls = serverWithCode('654321');
    const user = userEvent.setup();
    const router = renderLogin();
    await user.type(await screen.findByLabelText(o.phoneLabel), '052-345-6789{Enter}');
    const codeInput = (await screen.findByLabelText(o.codeLabel)) as HTMLInputElement;

    await user.type(codeInput, '12a3');
    expect(codeInput.value).toBe('123');
    await user.click(screen.getByRole('button', { name: o.verify }));
    expect(await screen.findByText(validationMessagesHe.codeFormat)).toBeTruthy();
    expect(codeInput.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.path === '/api/verify-otp')).toBe(false);

    await user.clear(codeInput);
    // The sixth digit sends the code by itself; a seventh is not taken.
    await user.type(codeInput, '1111119');
    expect(codeInput.value).toBe('111111');
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(uiMessagesHe.wrongCodeTitle)).toBeTruthy();
    expect(within(toast).getByText('קוד האימות שגוי')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();

    expect(calls.filter((call) => call.path === '/api/verify-otp')).toHaveLength(1);

    await user.clear(codeInput);
    await user.type(codeInput, '654321');
    await screen.findByRole('heading', { level: 1, name: heOwner.reports.title });
    expect(calls.filter((call) => call.path === '/api/verify-otp')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/reports');
    expect(localStorage.getItem('authToken')).toBe('owner-token');
    expect(localStorage.getItem('currentDepartmentId')).toBe('demo');
    expect(calls.filter((call) => call.path === '/api/verify-otp').at(-1)?.body).toEqual({
      phone: '+972523456789',
      code: '654321',
    });
  });

  it('shows the send-code error with the server message', async () => {
    stubApi(({ path }) =>
      path === '/api/send-otp' ? failure(429, 'rate_limited', 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות') : undefined,
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText(o.phoneLabel), '0523456789{Enter}');
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(uiMessagesHe.sendCodeErrorTitle)).toBeTruthy();
    expect(within(toast).getByText('יותר מדי ניסיונות, נסו שוב בעוד מספר דקות')).toBeTruthy();
    expect(screen.queryByLabelText(o.codeLabel)).toBeNull();
  });

  it('lets a new code be asked for only after a visible 30-second countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serverWithCode();
    renderLogin();
    fireEvent.change(await screen.findByLabelText(o.phoneLabel), { target: { value: '0523456789' } });
    fireEvent.click(screen.getByRole('button', { name: o.sendCode }));
    await screen.findByLabelText(o.codeLabel);

    const resend = screen.getByRole('button', { name: o.resend }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(screen.getByTestId('otp-resend-countdown').textContent).toContain('30');
    await seconds(10);
    expect(screen.getByTestId('otp-resend-countdown').textContent).toContain('20');
    expect(resend.disabled).toBe(true);
    await seconds(20);
    expect(screen.queryByTestId('otp-resend-countdown')).toBeNull();
    expect(resend.disabled).toBe(false);

    fireEvent.click(resend);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/send-otp')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('otp-resend-countdown').textContent).toContain('30'));
  });
});
