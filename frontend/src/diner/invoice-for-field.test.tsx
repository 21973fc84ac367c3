import { StrictMode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoiceForMessagesHe } from '@tafrit/contracts/invoice-for';
import { DinerApp } from './app';
import { InvoiceForField } from './invoice-for-field';
import { DinerLanguageContext, languageValue } from './language';
import { heDiner, type DinerStrings } from './strings';

// Issue 32 at the checkout: a folded "invoice in a business's name" with the business's name and its ח.פ./ע.מ.,
// checked with the contracts' schema before anything is sent, and sent as create-payment's `invoiceFor`.

const CREATE = '/api/cardcom/create-payment';
const latte = { productId: 10, name: 'הפוך', price: '14.00', quantity: 2 };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const opened = (orderId: string) =>
  json(200, {
    success: true,
    paymentUrl: `https://secure.cardcom.solutions/lp/${orderId}`,
    orderId,
    orderNumber: 7,
    totalAmount: '28.00',
  });

function openCheckout(payments?: { tips: boolean; bit: boolean; googlePay: boolean }) {
  localStorage.setItem(
    'business_demo',
    JSON.stringify({ businessName: 'קפה הגפן', logo: null, departmentId: 'demo', ...(payments ? { payments } : {}) }),
  );
  localStorage.setItem('cart_demo', JSON.stringify([latte]));
  history.replaceState(null, '', '/checkout/demo');
  render(
    <StrictMode>
      <DinerApp />
    </StrictMode>,
  );
}

/** The bodies of the create-payment requests sent so far. */
function stubServer() {
  let count = 0;
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => opened(`order-${++count}`));
  return () =>
    fetch.mock.calls
      .filter(([input]) => String(input) === CREATE)
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** Opens the folded option and answers its parts, found by their labels. */
async function field(labels: DinerStrings['checkout'] = heDiner.checkout) {
  const box = await screen.findByTestId('invoice-for');
  fireEvent.click(within(box).getByText(labels.invoiceForTitle));
  return {
    box,
    name: within(box).getByLabelText(labels.invoiceNameLabel) as HTMLInputElement,
    taxId: within(box).getByLabelText(labels.invoiceTaxIdLabel) as HTMLInputElement,
    submit: within(box).getByRole('button', { name: labels.invoiceForSubmit }),
  };
}

const describedBy = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!);

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the invoice in a business’s name', () => {
  it('is folded and optional, and sends nothing of its own until asked', async () => {
    const bodies = stubServer();
    openCheckout();
    await waitFor(() => expect(bodies()).toHaveLength(1));
    const box = await screen.findByTestId('invoice-for');
    expect(box.tagName).toBe('DETAILS');
    expect(box.hasAttribute('open')).toBe(false);
    expect(bodies()[0]).not.toHaveProperty('invoiceFor');
  });

  it('refuses a wrong check digit and a name too long in Hebrew, on their fields, sending nothing', async () => {
    const bodies = stubServer();
    openCheckout();
    await waitFor(() => expect(bodies()).toHaveLength(1));
    const { name, taxId, submit } = await field();
    fireEvent.change(name, { target: { value: 'א'.repeat(500) } });
    fireEvent.change(taxId, { target: { value: '512345670' } });
    fireEvent.click(submit);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(name)?.textContent).toBe(invoiceForMessagesHe.invoiceNameTooLong);
    expect(describedBy(name)?.getAttribute('aria-live')).toBe('polite');
    expect(taxId.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(taxId)?.textContent).toBe(invoiceForMessagesHe.invoiceTaxIdInvalid);
    // The first wrong field takes the focus, so its message is read.
    expect(document.activeElement).toBe(name);
    expect(bodies()).toHaveLength(1);

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(submit);
    await waitFor(() => expect(describedBy(name)?.textContent).toBe(invoiceForMessagesHe.invoiceNameRequired));
    expect(bodies()).toHaveLength(1);
  });

  it('once checked, asks for a new payment page whose order names the buyer, and says whom', async () => {
    const bodies = stubServer();
    openCheckout();
    await waitFor(() => expect(bodies()).toHaveLength(1));
    const { box, name, taxId, submit } = await field();
    fireEvent.change(name, { target: { value: ' חברת הדוגמה בע"מ ' } });
    fireEvent.change(taxId, { target: { value: '51-234567-9' } });
    fireEvent.click(submit);
    await waitFor(() => expect(bodies()).toHaveLength(2));
    expect(bodies()[1]).toMatchObject({ invoiceFor: { name: 'חברת הדוגמה בע"מ', taxId: '512345679' } });
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    const status = within(box).getByRole('status');
    expect(status.textContent).toContain('החשבונית תופק על שם חברת הדוגמה בע"מ, 512345679');
    await waitFor(() =>
      expect(document.querySelector('iframe')?.getAttribute('src')).toBe('https://secure.cardcom.solutions/lp/order-2'),
    );

    // The same buyer again asks for nothing new; taking it back does (a private diner's order once more).
    fireEvent.click(submit);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies()).toHaveLength(2);
    fireEvent.click(within(box).getByRole('button', { name: heDiner.checkout.invoiceForRemove }));
    await waitFor(() => expect(bodies()).toHaveLength(3));
    expect(bodies()[2]).not.toHaveProperty('invoiceFor');
  });

  it('goes with the order’s first request when a tip is still to choose', async () => {
    const bodies = stubServer();
    openCheckout({ tips: true, bit: false, googlePay: false });
    const { name, taxId, submit } = await field();
    fireEvent.change(name, { target: { value: 'דנה כהן עיצובים' } });
    fireEvent.change(taxId, { target: { value: '123456782' } });
    fireEvent.click(submit);
    await screen.findByText('דנה כהן עיצובים');
    expect(bodies()).toHaveLength(0);
    fireEvent.click(await screen.findByRole('radio', { name: 'בלי טיפ' }));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(heDiner.checkout.continueToPay) }));
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).toMatchObject({ invoiceFor: { name: 'דנה כהן עיצובים', taxId: '123456782' } });
  });

  it('speaks the diner’s language', async () => {
    const { default: en } = await import('./text-en');
    render(
      <DinerLanguageContext.Provider value={languageValue('en', en)}>
        <InvoiceForField value={null} onChange={() => undefined} />
      </DinerLanguageContext.Provider>,
    );
    const { taxId, submit } = await field(en.diner.checkout);
    fireEvent.change(taxId, { target: { value: '512345670' } });
    fireEvent.click(submit);
    await waitFor(() => expect(describedBy(taxId)?.textContent).toBe(en.diner.checkout.invoiceTaxIdInvalid));
  });
});

describe('the checkout’s Hebrew words for the buyer’s errors', () => {
  it('are the contracts’ messages, word for word', () => {
    for (const [key, text] of Object.entries(invoiceForMessagesHe)) {
      expect(heDiner.checkout[key as keyof typeof invoiceForMessagesHe]).toBe(text);
    }
  });
});
