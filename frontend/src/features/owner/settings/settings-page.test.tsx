import { uiMessagesHe, validationMessagesHe } from '@tafrit/contracts/messages.he';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { heSessions } from '@/i18n/he-sessions';
import { createAppRouter } from '@/router';
import { demoBusiness, json, stubApi, type ApiCall } from '@/test/api-stub';
import { FakeXhr } from '@/test/fake-xhr';

const s = heOwner.settings;
const f = heOwner.fields;

function renderSettings() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/settings'] }) });
  render(<RouterProvider router={router} />);
  return router;
}

function profileServer(onPut?: (call: ApiCall) => Response) {
  let business = { ...demoBusiness };
  return stubApi((call) => {
    if (call.path !== '/api/business/profile') return undefined;
    if (call.method === 'PUT') {
      if (onPut) return onPut(call);
      business = { ...business, ...(call.body as object), phone: business.phone };
    }
    return json({ success: true, data: { business } });
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
  FakeXhr.last = null;
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('settings', () => {
  it('shows the phone read-only, the two forms from the server, and the places of the QR and printer cards', async () => {
    profileServer();
    renderSettings();
    const phone = (await screen.findByTestId('settings-phone')) as HTMLInputElement;
    expect(phone.readOnly).toBe(true);
    expect(phone.value).toBe('052-3456789');
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(phone.name).toBe('');
    expect((screen.getByLabelText(f.businessName) as HTMLInputElement).value).toBe('קפה הגפן');
    expect((screen.getByRole('combobox', { name: f.bank }) as HTMLInputElement).value).toBe('12 – בנק הפועלים');
    expect(screen.getAllByRole('button', { name: s.save })).toHaveLength(2);
    expect(screen.getByTestId('qr-card')).toBeTruthy();
    expect(screen.getByTestId('printer-card')).toBeTruthy();
  });

  it('saves the business details without the phone, and keeps unsaved payout edits', async () => {
    const calls = profileServer();
    const user = userEvent.setup();
    renderSettings();
    const branch = await screen.findByLabelText(f.branch);
    await user.clear(branch);
    await user.type(branch, '777');
    const name = screen.getByLabelText(f.businessName);
    await user.clear(name);
    await user.type(name, 'קפה הגפן החדש');
    await user.click(screen.getAllByRole('button', { name: s.save })[0]!);

    expect(await screen.findByText(s.saved)).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ businessName: 'קפה הגפן החדש', branch: '600' });
    expect(put?.body).not.toHaveProperty('phone');
    expect(put?.headers.Authorization).toBe('Bearer owner-token');
    expect((screen.getByLabelText(f.branch) as HTMLInputElement).value).toBe('777');
    expect(JSON.parse(localStorage.getItem('businessData') ?? '{}').businessName).toBe('קפה הגפן החדש');
    await waitFor(() => expect(screen.getByRole('banner').textContent).toContain('קפה הגפן החדש'));
  });

  it('shows field errors in Hebrew and the profile error toast', async () => {
    profileServer(() => json({ success: false, code: 'internal', message: 'תקלה בשרת' }, 500));
    const user = userEvent.setup();
    renderSettings();
    const email = await screen.findByLabelText(f.email);
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getAllByRole('button', { name: s.save })[0]!);
    expect(await screen.findByText(validationMessagesHe.invalidEmail)).toBeTruthy();

    await user.clear(email);
    await user.type(email, 'ok@example.com');
    await user.click(screen.getAllByRole('button', { name: s.save })[0]!);
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(uiMessagesHe.profileUpdateError)).toBeTruthy();
    expect(within(toast).getByText('תקלה בשרת')).toBeTruthy();
  });

  it('uploads a logo with a progress percentage and shows the new logo', async () => {
    profileServer();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderSettings();
    const input = (await screen.findByLabelText(s.chooseLogo)) as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/business/logo');
    expect(xhr.headers.Authorization).toBe('Bearer owner-token');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body?.get('logo')).toBe(file);
    act(() => xhr.progress(42, 100));
    const bar = screen.getByRole('progressbar', { name: s.uploadProgress });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();

    act(() =>
      xhr.respond(200, { success: true, data: { business: { ...demoBusiness, logo: '/uploads/logo-1.webp' } } }),
    );
    expect(await screen.findByText(uiMessagesHe.logoUploaded)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByAltText(s.currentLogo).getAttribute('src')).toBe('/uploads/logo-1.webp');
    expect(screen.getByTestId('header-logo').getAttribute('src')).toBe('/uploads/logo-1.webp');
  });

  it('refuses a file that is not an image before sending it', async () => {
    profileServer();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderSettings();
    const input = await screen.findByLabelText(s.chooseLogo);
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findAllByText(validationMessagesHe.invalidImageFile)).not.toHaveLength(0);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(FakeXhr.last).toBeNull();
  });
});

describe('a new QR code (regenerate-qr)', () => {
  function regenerateServer(answer?: () => Response) {
    let business = { ...demoBusiness };
    return stubApi((call) => {
      if (call.path === '/api/business/regenerate-qr' && call.method === 'POST') {
        if (answer) return answer();
        business = { ...business, departmentId: 'NewAddress123456' };
        return json({ success: true, data: { departmentId: business.departmentId } });
      }
      if (call.path === '/api/business/profile') return json({ success: true, data: { business } });
      return undefined;
    });
  }

  it('asks first, says what stops working, then shows the new address on the QR card and stores it', async () => {
    const calls = regenerateServer();
    renderSettings();
    const url = await screen.findByTestId('qr-url');
    expect(url.textContent).toMatch(/\/menu\/demo$/);
    await userEvent.click(await screen.findByRole('button', { name: s.qrRegenerate }));
    const dialog = await screen.findByRole('dialog', { name: s.qrRegenerateDialogTitle });
    expect(within(dialog).getByText(s.qrRegenerateDialogDescription)).toBeTruthy();
    for (const line of s.qrRegenerateConsequences) expect(within(dialog).getByText(line)).toBeTruthy();
    // Nothing is sent before the confirmation; cancelling sends nothing either.
    expect(calls.some((call) => call.path === '/api/business/regenerate-qr')).toBe(false);
    await userEvent.click(within(dialog).getAllByRole('button', { name: s.qrRegenerateCancel })[1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/api/business/regenerate-qr')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: s.qrRegenerate }));
    await userEvent.click(await screen.findByRole('button', { name: s.qrRegenerateConfirm }));
    await waitFor(() => expect(screen.getByTestId('qr-url').textContent).toMatch(/\/menu\/NewAddress123456$/));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(s.qrRegenerated)).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/business/regenerate-qr')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('businessData') ?? '{}').departmentId).toBe('NewAddress123456');
    expect(localStorage.getItem('currentDepartmentId')).toBe('NewAddress123456');
  });

  it('keeps the dialog open with a clear error when the server refuses, and the old address stays', async () => {
    regenerateServer(() => json({ success: false, code: 'server.error', message: 'תקלה זמנית בשרת' }, 503));
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: s.qrRegenerate }));
    await userEvent.click(await screen.findByRole('button', { name: s.qrRegenerateConfirm }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(s.qrRegenerateError);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByTestId('qr-url').textContent).toMatch(/\/menu\/demo$/);
  });
});

describe('sensitive changes and signed-in devices (decision 036)', () => {
  it('asks for the code sent by SMS when new payout details need it, then saves them again (decision 036)', async () => {
    let steppedUp = false;
    let business = { ...demoBusiness };
    const calls = stubApi((call) => {
      if (call.path === '/api/auth/step-up') return json({ success: true, data: { sent: true } });
      if (call.path === '/api/auth/step-up/verify') {
        if ((call.body as { code: string }).code !== '246810') {
          return json({ success: false, code: 'otp.invalid', message: 'קוד האימות שגוי' }, 400);
        }
        steppedUp = true;
        return json({ success: true, data: { validUntil: new Date(Date.now() + 300_000).toISOString() } });
      }
      if (call.path !== '/api/business/profile') return undefined;
      if (call.method === 'PUT') {
        if (!steppedUp) {
          return json({ success: false, code: 'auth.step_up_required', message: 'נדרש קוד' }, 403);
        }
        business = { ...business, ...(call.body as object), phone: business.phone };
      }
      return json({ success: true, data: { business } });
    });
    const user = userEvent.setup();
    renderSettings();
    const account = await screen.findByLabelText(f.accountNumber);
    await user.clear(account);
    await user.type(account, '7654321');
    await user.click(screen.getAllByRole('button', { name: s.save })[1]!);

    const dialog = await screen.findByRole('dialog', { name: heSessions.stepUp.title });
    expect(await within(dialog).findByText(heSessions.stepUp.sent)).toBeTruthy();
    const code = within(dialog).getByLabelText(heSessions.stepUp.codeLabel);
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: heSessions.stepUp.confirm }));
    expect(await within(dialog).findByText('קוד האימות שגוי')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(within(dialog).getByRole('button', { name: heSessions.stepUp.confirm }));

    expect(await screen.findByText(s.saved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = calls.filter((call) => call.method === 'PUT' && call.path === '/api/business/profile');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toMatchObject({ accountNumber: '7654321' });
    expect(calls.filter((call) => call.path === '/api/auth/step-up')).toHaveLength(1);
  });

  it('lists the signed-in devices and signs one out', async () => {
    let sessions = [
      {
        id: 'a',
        current: true,
        browser: 'Chrome',
        system: 'Android',
        ipAddress: '10.0.0.1',
        signedInAt: '2026-11-29T08:00:00.000Z',
        lastUsedAt: '2026-11-29T09:00:00.000Z',
        impersonated: false,
      },
      {
        id: 'b',
        current: false,
        browser: 'Safari',
        system: 'iOS',
        ipAddress: '203.0.113.7',
        signedInAt: '2026-11-28T08:00:00.000Z',
        lastUsedAt: '2026-11-28T09:00:00.000Z',
        impersonated: false,
      },
    ];
    profileServer();
    const profileFetch = globalThis.fetch;
    const calls = stubApi((call) => {
      if (call.path === '/api/auth/sessions') return json({ success: true, data: { sessions } });
      if (call.method === 'DELETE' && call.path === '/api/auth/sessions/b') {
        sessions = sessions.filter((session) => session.id !== 'b');
        return json({ success: true, data: { signedOut: 1 } });
      }
      return undefined;
    });
    const sessionsFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      String(input).startsWith('/api/auth/') ? sessionsFetch(input, init) : profileFetch(input, init),
    );
    const user = userEvent.setup();
    renderSettings();
    const card = await screen.findByTestId('signed-in-devices');
    await within(card).findByText('Safari · iOS');
    expect(within(card).getByText(heSessions.devices.thisDevice)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: heSessions.devices.signOutLabel('Safari · iOS') }));
    expect(await screen.findByText(heSessions.devices.signedOut)).toBeTruthy();
    await waitFor(() => expect(within(card).queryByText('Safari · iOS')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(within(card).getByText(heSessions.devices.onlyThisDevice)).toBeTruthy();
  });
});
