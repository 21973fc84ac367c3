import { StrictMode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPaymentSchema } from '@tafrit/contracts/http/ordering.schemas';
import { DinerApp } from './app';

// Issue 17 at the checkout: a business that offers a tip or Bit asks the diner first (no tip preselected), then
// sends the tip and the way to pay; Bit's page opens in the whole window.

const CREATE = '/api/cardcom/create-payment';
const latte = { productId: 10, name: 'הפוך', price: '14.00', quantity: 2 };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function openCheckout(payments: { tips: boolean; bit: boolean; googlePay: boolean }) {
  localStorage.setItem(
    'business_demo',
    JSON.stringify({ businessName: 'קפה הגפן', logo: null, departmentId: 'demo', payments }),
  );
  localStorage.setItem('cart_demo', JSON.stringify([latte]));
  history.replaceState(null, '', '/checkout/demo');
  render(
    <StrictMode>
      <DinerApp />
    </StrictMode>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the checkout of a business that offers a tip and Bit', () => {
  it('asks nothing of the server until the diner chose, with no tip preselected', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    openCheckout({ tips: true, bit: true, googlePay: true });
    await screen.findByTestId('payment-choice');
    expect((screen.getByRole('radio', { name: 'בלי טיפ' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'כרטיס אשראי או Google Pay' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /להמשך לתשלום/ }).textContent).toContain('₪28.00');
  });

  it('sends a 12% tip and Bit, charges items + tip, and opens Bit’s page in the whole window', async () => {
    const assign = vi.fn();
    // Bit's page leaves the app: only the call is looked at.
    vi.stubGlobal('location', Object.assign(new URL(location.href), { assign, href: location.href }));
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, {
        success: true,
        paymentUrl: 'https://secure.cardcom.solutions/EA/Bit/abc',
        orderId: 'order-1',
        orderNumber: 7,
        totalAmount: '31.36',
        redirect: true,
      }),
    );
    openCheckout({ tips: true, bit: true, googlePay: false });
    fireEvent.click(await screen.findByRole('radio', { name: /^12%/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'ביט' }));
    expect(screen.getByRole('button', { name: /להמשך לתשלום/ }).textContent).toContain('₪31.36');
    fireEvent.click(screen.getByRole('button', { name: /להמשך לתשלום/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://secure.cardcom.solutions/EA/Bit/abc'));
    const [[url, init]] = fetch.mock.calls as [[string, RequestInit]];
    expect(url).toBe(CREATE);
    const body = createPaymentSchema.parse(JSON.parse(String(init.body)));
    expect(body).toMatchObject({ amount: 3136, tip: { percent: 12 }, paymentMethod: 'bit' });
    expect(screen.queryByTitle('דף תשלום מאובטח')).toBeNull();
  });

  it('refuses an amount of the diner’s choice above the items, in Hebrew, before anything is sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    openCheckout({ tips: true, bit: false, googlePay: false });
    fireEvent.click(await screen.findByRole('radio', { name: 'סכום אחר' }));
    fireEvent.change(screen.getByLabelText('סכום הטיפ בשקלים'), { target: { value: '30' } });
    expect(screen.getByText('נא להזין סכום בין 0 ל־₪28.00')).toBeTruthy();
    expect((screen.getByRole('button', { name: /להמשך לתשלום/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('radio', { name: 'ביט' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads a tip typed with a decimal comma as shekels and agorot, and refuses a thousands comma', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    openCheckout({ tips: true, bit: false, googlePay: false });
    fireEvent.click(await screen.findByRole('radio', { name: 'סכום אחר' }));
    const amount = screen.getByLabelText('סכום הטיפ בשקלים');
    fireEvent.change(amount, { target: { value: '2,5' } });
    expect(screen.getByRole('button', { name: /להמשך לתשלום/ }).textContent).toContain('₪30.50');
    fireEvent.change(amount, { target: { value: '1,250' } });
    expect(screen.getByText('נא להזין סכום בין 0 ל־₪28.00')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
