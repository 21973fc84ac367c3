import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DinerOrderView } from '@tafrit/contracts/ordering-types';
import { DinerApp } from './app';

// The thank-you page in the whole diner app, under StrictMode as main.tsx renders it, against a stubbed server.

const LATEST = '/api/orders/demo/latest';

const order: DinerOrderView = {
  orderId: 'order-1',
  orderNumber: 1042,
  departmentId: 'demo',
  businessName: 'קפה הגפן',
  createdAt: '2026-11-21T09:30:00.000Z',
  items: [
    { productId: 10, name: 'הפוך', price: 14, quantity: 2 },
    { productId: 11, name: 'קרואסון חמאה', price: 12.5, quantity: 1 },
  ],
  totalAmount: '40.50',
  remarks: 'בלי בצל',
  tableNumber: 4,
  status: 'paid',
  paymentStatus: 'paid',
  invoiceStatus: 'generated',
  invoiceNumber: '30001',
  invoiceUrl: '/api/invoice/order-1',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const found = (view: Partial<DinerOrderView> = {}) =>
  json(200, { success: true, data: { ...order, ...view }, message: '' });

/** Answers the latest-order call with the given responses in turn; the last one is repeated. */
function stubServer(...answers: (Response | Error)[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) !== LATEST) throw new Error(`unexpected request ${String(input)}`);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (!next) throw new Error('no answer');
    if (next instanceof Error) throw next;
    return next.clone();
  });
}

const callsOf = (spy: ReturnType<typeof stubServer>) => spy.mock.calls.filter(([input]) => String(input) === LATEST);

function openAt(url: string) {
  history.replaceState(null, '', url);
  return render(
    <StrictMode>
      <DinerApp />
    </StrictMode>,
  );
}

/** The diner paid: the cart, its remarks and the order the checkout saved are still on the device. */
function seedPaidVisit() {
  localStorage.setItem('cart_demo', JSON.stringify([{ productId: 10, name: 'הפוך', price: '14.00', quantity: 2 }]));
  localStorage.setItem('remarks_demo', 'בלי בצל');
  localStorage.setItem('lastOrder_demo', JSON.stringify({ orderId: 'order-1', orderNumber: 1042 }));
}

/** Lets React and the stubbed fetch settle while fake timers move time on. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * With setTimeout faked, Testing Library's findBy never resolves (it waits on a timeout of its own): instead, let
 * promises, module loading and React run (no time passes) until `check` holds.
 */
async function until<T>(check: () => T): Promise<T> {
  for (let round = 0; ; round++) {
    await advance(0);
    await new Promise((resolve) => setImmediate(resolve));
    try {
      return check();
    } catch (error) {
      if (round > 100) throw error;
    }
  }
}

beforeEach(() => {
  localStorage.setItem('business_demo', JSON.stringify({ businessName: 'קפה הגפן', logo: null, departmentId: 'demo' }));
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  document.title = '';
});

describe('the thank-you page', () => {
  it('shows the order, its lines, remarks and invoice, then empties the cart', async () => {
    seedPaidVisit();
    const server = stubServer(found());
    openAt('/thank-you/demo');
    expect((await screen.findByText('טוענים את פרטי ההזמנה…')).getAttribute('role')).toBe('status');

    expect((await screen.findByTestId('order-number')).textContent).toBe('1042');
    expect(screen.getByRole('heading', { level: 1, name: 'תודה על ההזמנה' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('תודה על ההזמנה | תפריט'));
    const lines = [...screen.getByTestId('order-lines').querySelectorAll('li')].map((line) => line.textContent);
    expect(lines).toEqual(['הפוך כמות × 2סה"כ לשורה ₪28.00', 'קרואסון חמאה כמות × 1סה"כ לשורה ₪12.50']);
    expect(screen.getByTestId('order-total').textContent).toBe('סה"כ₪40.50');
    expect(screen.getByRole('heading', { level: 2, name: 'הערות למטבח' })).toBeTruthy();
    expect(screen.getByTestId('order-remarks').textContent).toBe('בלי בצל');
    expect(screen.getByText(/שולחן/).textContent).toBe('שולחן 4');

    const invoice = screen.getByTestId('invoice');
    expect(invoice.textContent).toContain("חשבונית מס/קבלה מס' 30001");
    const link = screen.getByRole('link', { name: 'צפייה בחשבונית (נפתח בחלון חדש)' });
    expect(link.getAttribute('href')).toBe('/api/invoice/order-1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByText('החשבונית בהפקה…')).toBeNull();
    expect(screen.queryByText('מאשרים את התשלום…')).toBeNull();

    expect(screen.getByRole('link', { name: 'הזמנה חדשה' }).getAttribute('href')).toBe('/menu/demo');
    expect(screen.getByRole('link', { name: 'רוצים תפריט דיגיטלי כזה לעסק שלכם?' }).getAttribute('href')).toBe('/');

    // Paid: the cart (and the header's count), the remarks and the saved order are done with.
    await waitFor(() => expect(localStorage.getItem('cart_demo')).toBeNull());
    expect(localStorage.getItem('remarks_demo')).toBeNull();
    expect(localStorage.getItem('lastOrder_demo')).toBeNull();
    expect(screen.getByRole('link', { name: /^העגלה,\s*ריקה$/ })).toBeTruthy();

    const [[, init]] = callsOf(server) as [[unknown, RequestInit]];
    expect(init.credentials).toBe('include');
  });

  it('asks again every 2 s while the payment or the invoice is pending, and stops when it is ready', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const pending = { invoiceStatus: 'pending', invoiceNumber: null, invoiceUrl: null } as const;
    const server = stubServer(
      found({ ...pending, paymentStatus: 'pending', status: 'pending' }),
      found(pending),
      found(),
    );
    openAt('/thank-you/demo');
    expect((await until(() => screen.getByTestId('payment-pending'))).textContent).toBe('מאשרים את התשלום…');
    expect(screen.getByText('מאשרים את התשלום…').closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('החשבונית בהפקה…')).toBeTruthy();
    // Not paid yet: the cart stays.
    expect(localStorage.getItem('cart_demo')).not.toBeNull();
    expect(callsOf(server)).toHaveLength(1);

    await advance(1999);
    expect(callsOf(server)).toHaveLength(1);
    await advance(1);
    expect(callsOf(server)).toHaveLength(2);
    expect(screen.queryByText('מאשרים את התשלום…')).toBeNull();
    expect(screen.getByText('החשבונית בהפקה…').closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /צפייה בחשבונית/ })).toBeNull();
    expect(localStorage.getItem('cart_demo')).toBeNull();

    await advance(2000);
    expect(callsOf(server)).toHaveLength(3);
    expect(screen.getByRole('link', { name: /צפייה בחשבונית/ }).getAttribute('href')).toBe('/api/invoice/order-1');
    expect(screen.queryByText('החשבונית בהפקה…')).toBeNull();

    await advance(20_000);
    expect(callsOf(server)).toHaveLength(3);
  });

  it('asks at most 15 more times, then says it takes longer than usual', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const server = stubServer(found({ invoiceStatus: 'pending', invoiceNumber: null, invoiceUrl: null }));
    openAt('/thank-you/demo');
    await until(() => screen.getByTestId('order-number'));
    await advance(60_000);
    expect(callsOf(server)).toHaveLength(16);
    expect(screen.getByText('זה לוקח יותר מהרגיל. אפשר לרענן את הדף בעוד רגע.')).toBeTruthy();
    expect(screen.getByText('החשבונית בהפקה…')).toBeTruthy();
  });

  it('says plainly when the invoice could not be issued', async () => {
    seedPaidVisit();
    stubServer(found({ invoiceStatus: 'failed', invoiceNumber: null, invoiceUrl: null }));
    openAt('/thank-you/demo');
    expect(await screen.findByText('הפקת החשבונית נכשלה, פנו לצוות')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /צפייה בחשבונית/ })).toBeNull();
  });

  it('keeps a newer cart when the saved order is another one (back to an old thank-you page)', async () => {
    seedPaidVisit();
    localStorage.setItem('lastOrder_demo', JSON.stringify({ orderId: 'order-2', orderNumber: 1043 }));
    stubServer(found());
    openAt('/thank-you/demo');
    await screen.findByTestId('order-number');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(localStorage.getItem('cart_demo')).not.toBeNull();
    expect(localStorage.getItem('lastOrder_demo')).not.toBeNull();
  });

  it('says calmly that there is no order, with a way back to the menu', async () => {
    seedPaidVisit();
    localStorage.removeItem('lastOrder_demo');
    stubServer(json(404, { success: false, data: null, message: 'לא נמצאה הזמנה' }));
    openAt('/thank-you/demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'לא מצאנו הזמנה' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'חזרה לתפריט' }).getAttribute('href')).toBe('/menu/demo');
    expect(screen.queryByRole('alert', { name: /שגיאה/ })).toBeNull();
    expect(localStorage.getItem('cart_demo')).not.toBeNull();
  });

  it('reads the stored department on /thankyou', async () => {
    localStorage.setItem('currentDepartmentId', 'demo');
    const server = stubServer(found({ remarks: null }));
    openAt('/thankyou');
    await screen.findByTestId('order-number');
    expect(callsOf(server)).not.toHaveLength(0);
    expect(screen.queryByTestId('order-remarks')).toBeNull();
  });

  it('offers to try again when the order cannot be read', async () => {
    const server = stubServer(new TypeError('Failed to fetch'), found());
    openAt('/thank-you/demo');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'לא הצלחנו לטעון את פרטי ההזמנה. בדקו את החיבור ונסו שוב.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'ניסיון נוסף' }));
    expect((await screen.findByTestId('order-number')).textContent).toBe('1042');
    expect(callsOf(server).length).toBeGreaterThanOrEqual(2);
  });
});
