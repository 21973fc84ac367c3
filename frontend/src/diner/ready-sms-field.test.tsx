import { StrictMode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPaymentSchema } from '@tafrit/contracts/http/ordering.schemas';
import { DinerApp } from './app';
import { looksLikeIsraeliMobile } from './ready-sms-field';

// Issue 18 at the checkout: an opt-in field for one SMS when the order is ready, with the sentence beside it saying
// what the number is for and how long it is kept. Sent to the order once its payment page is open, or with the
// order's first request when a tip or Bit was still to choose.

const CREATE = '/api/cardcom/create-payment';
const READY_SMS = '/api/orders/order-1/ready-sms';
const latte = { productId: 10, name: 'הפוך', price: '14.00', quantity: 2 };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const opened = () =>
  json(200, {
    success: true,
    paymentUrl: 'https://secure.cardcom.solutions/lp/abc',
    orderId: 'order-1',
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

/** Opens the folded field and answers its parts. */
async function field() {
  const box = await screen.findByTestId('ready-sms');
  fireEvent.click(within(box).getByText('הודעה כשההזמנה מוכנה (לא חובה)'));
  return {
    box,
    input: within(box).getByLabelText('מספר נייד') as HTMLInputElement,
    submit: within(box).getByRole('button', { name: 'שלחו לי הודעה' }),
    status: within(box).getByTestId('ready-sms-status'),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the ready SMS field', () => {
  it('is folded and optional, says what the number is for and how long it is kept, beside the field', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => opened());
    openCheckout();
    const { box, input } = await field();
    expect(box.tagName).toBe('DETAILS');
    expect(input.required).toBe(false);
    expect(input.type).toBe('tel');
    expect(input.getAttribute('dir')).toBe('ltr');
    const note = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(note?.textContent).toContain('ולא נשתמש בו לשום דבר אחר');
    expect(note?.textContent).toContain('נמחק מיד אחרי ההודעה');
  });

  it('sends the number to the order once its payment page is open, and says where the SMS will go', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input) === CREATE ? opened() : json(200, { success: true, data: { readySms: 'requested' } }),
      );
    openCheckout();
    await screen.findByTitle('דף תשלום מאובטח');
    const { input, submit, status } = await field();

    fireEvent.change(input, { target: { value: '050-12' } });
    fireEvent.click(submit);
    expect(status.textContent).toBe('נא להזין מספר נייד ישראלי, למשל 050-7654321');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.filter(([url]) => String(url) === READY_SMS)).toEqual([]);

    fireEvent.change(input, { target: { value: '050-7654321' } });
    fireEvent.click(submit);
    await waitFor(() => expect(status.textContent).toBe('נשלח הודעה כשההזמנה מוכנה למספר 050-7654321'));
    expect(status.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    const calls = fetch.mock.calls.filter(([url]) => String(url) === READY_SMS) as [string, RequestInit][];
    expect(calls).toHaveLength(1);
    expect(calls[0]![1].method).toBe('PUT');
    expect(JSON.parse(String(calls[0]![1].body))).toEqual({ phone: '050-7654321' });
    // The payment page stays as it was: one create-payment, no second order.
    expect(fetch.mock.calls.filter(([url]) => String(url) === CREATE)).toHaveLength(1);
  });

  it('says so when the server refuses the number', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input) === CREATE
        ? opened()
        : json(400, { success: false, code: 'validation.failed', message: 'x', fields: { phone: 'x' } }),
    );
    openCheckout();
    await screen.findByTitle('דף תשלום מאובטח');
    const { input, submit, status } = await field();
    fireEvent.change(input, { target: { value: '0591234567' } });
    fireEvent.click(submit);
    await waitFor(() => expect(status.textContent).toBe('נא להזין מספר נייד ישראלי, למשל 050-7654321'));
  });

  it('given before a tip is chosen, goes with the order’s first request', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => opened());
    openCheckout({ tips: true, bit: false, googlePay: false });
    await screen.findByTestId('payment-choice');
    const { input, submit, status } = await field();
    fireEvent.change(input, { target: { value: '052 345 6789' } });
    fireEvent.click(submit);
    expect(status.textContent).toBe('נשלח הודעה כשההזמנה מוכנה למספר 052 345 6789');
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /להמשך לתשלום/ }));
    await screen.findByTitle('דף תשלום מאובטח');
    const [[url, init]] = fetch.mock.calls as [[string, RequestInit]];
    expect(url).toBe(CREATE);
    expect(createPaymentSchema.parse(JSON.parse(String(init.body))).readySmsPhone).toBe('+972523456789');
  });

  it('typed but not confirmed before a tip is chosen, still goes with the order’s first request', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => opened());
    openCheckout({ tips: true, bit: false, googlePay: false });
    await screen.findByTestId('payment-choice');
    const { input } = await field();
    // The diner types the number and goes straight on to pay: the inner button is never pressed.
    fireEvent.change(input, { target: { value: '052 345 6789' } });
    fireEvent.click(screen.getByRole('button', { name: /להמשך לתשלום/ }));
    await screen.findByTitle('דף תשלום מאובטח');
    const [[, init]] = fetch.mock.calls as [[string, RequestInit]];
    expect(createPaymentSchema.parse(JSON.parse(String(init.body))).readySmsPhone).toBe('+972523456789');
  });

  it('typed wrong and not confirmed, is not sent, and the diner is told', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => opened());
    openCheckout({ tips: true, bit: false, googlePay: false });
    await screen.findByTestId('payment-choice');
    const { input, status } = await field();
    fireEvent.change(input, { target: { value: '052 345' } });
    fireEvent.blur(input);
    expect(status.textContent).toBe('נא להזין מספר נייד ישראלי, למשל 050-7654321');
    fireEvent.click(screen.getByRole('button', { name: /להמשך לתשלום/ }));
    await screen.findByTitle('דף תשלום מאובטח');
    const [[, init]] = fetch.mock.calls as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).not.toHaveProperty('readySmsPhone');
    expect(status.textContent).toBe('נא להזין מספר נייד ישראלי, למשל 050-7654321');
  });

  it('typed but not confirmed while the payment page is open, is sent to the order when the diner leaves the field', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input) === CREATE ? opened() : json(200, { success: true, data: { readySms: 'requested' } }),
      );
    openCheckout();
    await screen.findByTitle('דף תשלום מאובטח');
    const { input, status } = await field();
    fireEvent.change(input, { target: { value: '050-7654321' } });
    // Going on to the card form (inside the payment frame) takes the focus out of the field.
    fireEvent.blur(input);
    await waitFor(() => expect(status.textContent).toBe('נשלח הודעה כשההזמנה מוכנה למספר 050-7654321'));
    fireEvent.focus(input);
    fireEvent.blur(input);
    const calls = fetch.mock.calls.filter(([url]) => String(url) === READY_SMS) as [string, RequestInit][];
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]![1].body))).toEqual({ phone: '050-7654321' });
  });

  it('without a number, create-payment carries none', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => opened());
    openCheckout();
    await screen.findByTitle('דף תשלום מאובטח');
    const [[, init]] = fetch.mock.calls as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).not.toHaveProperty('readySmsPhone');
  });
});

describe('the page’s own check of a mobile number', () => {
  it('takes the ways people write one, and catches typos (the server has the final word)', () => {
    for (const good of ['050-7654321', '0507654321', '+972 50-765-4321', '972501234567', '(052) 345 6789']) {
      expect(looksLikeIsraeliMobile(good)).toBe(true);
    }
    for (const bad of ['', '050-765432', '03-6123456', '0507654321x', '+1 415 555 0123']) {
      expect(looksLikeIsraeliMobile(bad)).toBe(false);
    }
  });
});
