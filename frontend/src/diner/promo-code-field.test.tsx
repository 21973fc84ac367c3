import { StrictMode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DinerApp } from './app';
import { heDiner } from './strings';

// Issue 33 at the checkout: a folded "have a promo code?" that asks the server's check for this cart, shows the
// discount and the new total, and sends the code with a new payment request.

const CREATE = '/api/cardcom/create-payment';
const CHECK = '/api/menu/demo/promo-check';
const latte = { productId: 10, name: 'הפוך', price: '14.00', quantity: 2 };
const t = heDiner.checkout;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubServer() {
  let count = 0;
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === CHECK) {
      const { promoCode } = JSON.parse(String(init?.body)) as { promoCode: string };
      return promoCode.trim().toUpperCase() === 'DEMO10'
        ? json(200, { success: true, data: { code: 'DEMO10', discountAgorot: 280 } })
        : json(409, {
            success: false,
            code: 'order.promo_invalid',
            message: 'קוד ההנחה אינו תקף להזמנה הזו',
            fields: { promoCode: 'קוד ההנחה לא נמצא' },
          });
    }
    const id = `order-${++count}`;
    return json(200, { success: true, paymentUrl: `https://secure.cardcom.solutions/lp/${id}`, orderId: id });
  });
  return {
    bodies: () =>
      fetch.mock.calls
        .filter(([input]) => String(input) === CREATE)
        .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>),
    checks: () => fetch.mock.calls.filter(([input]) => String(input) === CHECK),
  };
}

function openCheckout() {
  localStorage.setItem('business_demo', JSON.stringify({ businessName: 'קפה הגפן', logo: null, departmentId: 'demo' }));
  localStorage.setItem('cart_demo', JSON.stringify([latte]));
  history.replaceState(null, '', '/checkout/demo');
  render(
    <StrictMode>
      <DinerApp />
    </StrictMode>,
  );
}

async function typeCode(code: string) {
  const box = await screen.findByTestId('promo-code');
  fireEvent.click(within(box).getByText(t.promoTitle));
  fireEvent.change(within(box).getByLabelText(t.promoLabel), { target: { value: code } });
  fireEvent.click(within(box).getByRole('button', { name: t.promoSubmit }));
  return box;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the promo code at the checkout', () => {
  it('says why a code does not hold, beside its field, and pays as before', async () => {
    const { bodies } = stubServer();
    openCheckout();
    await waitFor(() => expect(bodies()).toHaveLength(1));
    const box = await typeCode('nope');
    await within(box).findByText('קוד ההנחה לא נמצא');
    expect(bodies()).toHaveLength(1);
    expect(bodies()[0]).not.toHaveProperty('promoCode');
  });

  it('shows the discount and the new total, and asks for a payment of it with the code', async () => {
    const { bodies, checks } = stubServer();
    openCheckout();
    await waitFor(() => expect(bodies()).toHaveLength(1));
    await typeCode(' demo10 ');
    await screen.findByTestId('checkout-discount');
    expect(screen.getByTestId('checkout-discount').textContent).toContain('-₪2.80');
    await waitFor(() => expect(screen.getByTestId('checkout-amount').textContent).toContain('₪25.20'));
    await waitFor(() => expect(bodies()).toHaveLength(2));
    expect(bodies()[1]).toMatchObject({ promoCode: 'DEMO10', amount: '25.20' });
    expect(checks()).toHaveLength(1);
  });
});
