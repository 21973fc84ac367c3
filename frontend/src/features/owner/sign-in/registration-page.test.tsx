import { errorMessagesHe, uiMessagesHe, validationMessagesHe } from '@tafrit/contracts/messages.he';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heDocuments } from '@/i18n/he-documents';
import { heOwner } from '@/i18n/he-owner';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi } from '@/test/api-stub';

const f = heOwner.fields;

function renderRegistration() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/registration'] }) });
  render(<RouterProvider router={router} />);
  return router;
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(f.fullName), 'דנה כהן');
  await user.type(screen.getByLabelText(f.businessName), 'קפה הגפן');
  await user.type(screen.getByLabelText(f.email), 'Dana@Example.co.il');
  await user.type(screen.getByLabelText(f.idNumber), '515678902');
  await user.type(screen.getByLabelText(f.phone), '054-9876543');
  await user.type(screen.getByLabelText(heDocuments.address.street), 'הרצל 12');
  // The city: typed in part, chosen from the CBS list in the combobox.
  const city = screen.getByRole('combobox', { name: heDocuments.address.city });
  await user.type(city, 'זכרון');
  await user.click(await screen.findByRole('option', { name: 'זכרון יעקב' }));
  const bank = screen.getByRole('combobox', { name: f.bank });
  await user.type(bank, 'הפועלים');
  await user.click(await screen.findByRole('option', { name: /בנק הפועלים/ }));
  await user.type(screen.getByLabelText(f.branch), '600');
  await user.type(screen.getByLabelText(f.accountNumber), '123456');
  await user.type(screen.getByLabelText(f.beneficiaryName), 'קפה הגפן בע"מ');
  await user.click(screen.getByRole('checkbox', { name: heOwner.registration.acceptTerms }));
}

function errorOf(label: string): string | null {
  // The optional field's label ends with "(not required)".
  const input = screen.getByLabelText(label, { exact: label !== f.receiptPhone });
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('registration', () => {
  it('shows every field error in Hebrew next to its field, and focuses the first', async () => {
    const calls = stubApi(() => undefined);
    const user = userEvent.setup();
    renderRegistration();
    await user.click(await screen.findByRole('button', { name: heOwner.registration.submit }));

    await waitFor(() => expect(errorOf(f.fullName)).toBe(validationMessagesHe.fullNameRequired));
    expect(errorOf(f.businessName)).toBe(validationMessagesHe.businessNameRequired);
    expect(errorOf(f.email)).toBe(validationMessagesHe.invalidEmail);
    expect(errorOf(f.idNumber)).toBe(validationMessagesHe.idNumberInvalid);
    expect(errorOf(f.phone)).toBe(validationMessagesHe.phoneRequired);
    expect(errorOf(heDocuments.address.street)).toBe(validationMessagesHe.streetRequired);
    expect(screen.getByRole('combobox', { name: heDocuments.address.city }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(validationMessagesHe.cityRequired)).toBeTruthy();
    expect(errorOf(f.branch)).toBe(validationMessagesHe.branchRequired);
    expect(errorOf(f.accountNumber)).toBe(validationMessagesHe.accountNumberRequired);
    expect(errorOf(f.beneficiaryName)).toBe(validationMessagesHe.beneficiaryNameRequired);
    expect(screen.getByRole('combobox', { name: f.bank }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(validationMessagesHe.bankRequired)).toBeTruthy();
    expect(screen.getByText(heOwner.registration.acceptTermsRequired)).toBeTruthy();
    // The optional receipt phone is not in error.
    expect(errorOf(f.receiptPhone)).toBeNull();
    expect(screen.getByLabelText(f.fullName).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(f.fullName));
    expect(calls.filter((call) => call.path === '/api/register')).toHaveLength(0);
  });

  it('rejects a landline and an ID number with a wrong check digit', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderRegistration();
    await user.type(await screen.findByLabelText(f.phone), '03-1234567');
    await user.type(screen.getByLabelText(f.idNumber), '123456789');
    await user.click(screen.getByRole('button', { name: heOwner.registration.submit }));
    await waitFor(() => expect(errorOf(f.phone)).toBe(validationMessagesHe.phoneIsAccountId));
    expect(errorOf(f.idNumber)).toBe(validationMessagesHe.idNumberInvalid);
  });

  it("puts the server's field errors of a 400 next to the fields and shows the registration error toast", async () => {
    stubApi(({ path }) =>
      path === '/api/register'
        ? failure(400, 'validation.failed', errorMessagesHe['validation.failed'], {
            fields: { email: 'האימייל נדחה בשרת', branch: 'הסניף נדחה בשרת', unknownField: 'x' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderRegistration();
    await screen.findByLabelText(f.fullName);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: heOwner.registration.submit }));

    await waitFor(() => expect(errorOf(f.email)).toBe('האימייל נדחה בשרת'));
    expect(errorOf(f.branch)).toBe('הסניף נדחה בשרת');
    expect(document.activeElement).toBe(screen.getByLabelText(f.email));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText(uiMessagesHe.registrationErrorTitle)).toBeTruthy();
    expect(within(toast).getByText(errorMessagesHe['validation.failed'])).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('marks the phone of a 409 phone_taken and explains a database outage', async () => {
    let answer = failure(409, 'business.phone_taken', errorMessagesHe['business.phone_taken']);
    stubApi(({ path }) => (path === '/api/register' ? answer : undefined));
    const user = userEvent.setup();
    renderRegistration();
    await screen.findByLabelText(f.fullName);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: heOwner.registration.submit }));
    await waitFor(() => expect(errorOf(f.phone)).toBe(errorMessagesHe['business.phone_taken']));

    answer = failure(503, 'DATABASE_UNAVAILABLE', 'Service Unavailable');
    await user.click(screen.getByRole('button', { name: heOwner.registration.submit }));
    const toast = await screen.findByText(errorMessagesHe.DATABASE_UNAVAILABLE);
    expect(toast.closest('[data-testid="toast"]')?.getAttribute('data-variant')).toBe('destructive');
  });

  it('says "invalid response from server" when the answer has no business or token', async () => {
    stubApi(({ path }) =>
      path === '/api/register' ? json({ success: true, data: { token: 'only-a-token' } }) : undefined,
    );
    const user = userEvent.setup();
    renderRegistration();
    await screen.findByLabelText(f.fullName);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: heOwner.registration.submit }));
    expect(await screen.findByText(uiMessagesHe.invalidServerResponse)).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('sends the normalised registration, stores the session over an old impersonation and goes to /success', async () => {
    localStorage.setItem('adminImpersonating', 'true');
    localStorage.setItem('authToken', 'old-token');
    const calls = stubApi(({ path }) =>
      path === '/api/register'
        ? json({ success: true, data: { business: demoBusiness, token: 'new-token' } })
        : undefined,
    );
    const user = userEvent.setup();
    const router = renderRegistration();
    await screen.findByLabelText(f.fullName);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: heOwner.registration.submit }));

    await screen.findByRole('heading', { level: 1, name: heOwner.success.title });
    expect(router.state.location.pathname).toBe('/success');
    const register = calls.find((call) => call.path === '/api/register');
    expect(register?.method).toBe('POST');
    expect(register?.body).toMatchObject({
      fullName: 'דנה כהן',
      email: 'dana@example.co.il',
      phone: '+972549876543',
      bankName: '12',
      branch: '600',
      idNumber: '515678902',
      street: 'הרצל 12',
      city: 'זכרון יעקב',
    });
    expect(register?.body).not.toHaveProperty('acceptTerms');
    expect(localStorage.getItem('authToken')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('businessData') ?? 'null')).toMatchObject({ businessName: 'קפה הגפן' });
    expect(localStorage.getItem('currentDepartmentId')).toBe('demo');
    expect(localStorage.getItem('adminImpersonating')).toBeNull();
  });

  it('shows the terms from the server in a dialog, and accepting there ticks the box', async () => {
    stubApi(({ path }) =>
      path === '/api/terms' ? json({ success: true, data: { content: 'סעיף 1: שירות.\nסעיף 2: עמלה.' } }) : undefined,
    );
    const user = userEvent.setup();
    renderRegistration();
    await user.click(await screen.findByRole('button', { name: heOwner.registration.readTerms }));
    const dialog = await screen.findByRole('dialog', { name: heOwner.terms.title });
    expect(await within(dialog).findByText(/סעיף 2: עמלה/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: heOwner.registration.agreeFromDialog }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('checkbox', { name: heOwner.registration.acceptTerms }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('never asks to agree to terms that do not exist: blank terms read as a failure to load them', async () => {
    stubApi(({ path }) => (path === '/api/terms' ? json({ success: true, data: { content: '  ' } }) : undefined));
    const user = userEvent.setup();
    renderRegistration();
    await user.click(await screen.findByRole('button', { name: heOwner.registration.readTerms }));
    expect(await screen.findByText(heOwner.terms.loadError)).toBeTruthy();
    expect(screen.queryByText(uiMessagesHe.termsNotDefined)).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: heOwner.registration.readTerms }));
  });
});
