import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaymentSchema } from '@tafrit/contracts/http/ordering.schemas';
import { DinerApp } from './app';
import { breakOutOfFrame, isPaymentReturn } from './frame-breakout';

// The checkout in the whole diner app, under StrictMode as main.tsx renders it, against a stubbed server.

// The provider's page (Cardcom's origin), the one foreign page the server's CSP lets the checkout frame.
const PAYMENT_URL = 'https://secure.cardcom.solutions/lp/abc-123';
const CREATE = '/api/cardcom/create-payment';

const latte = { productId: 10, name: 'הפוך', price: '14.00', quantity: 2 };
// An older device stored prices as numbers: it is sent as "12.50" all the same.
const croissant = { productId: 11, name: 'קרואסון חמאה', price: 12.5, quantity: 1 };

function seedCart(lines: unknown[]) {
  localStorage.setItem('cart_demo', JSON.stringify(lines));
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function paid(totalAmount: string, orderNumber = 1042): Response {
  return json(200, { success: true, paymentUrl: PAYMENT_URL, orderId: 'order-1', orderNumber, totalAmount });
}

/** Answers create-payment with the given responses in turn (an Error is thrown as a network failure). */
function stubServer(...answers: (Response | Error | Promise<Response>)[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) !== CREATE) throw new Error(`unexpected request ${String(input)}`);
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    if (next instanceof Error) throw next;
    return next;
  });
}

function postsOf(spy: ReturnType<typeof stubServer>) {
  return spy.mock.calls
    .filter(([input]) => String(input) === CREATE)
    .map(([, init]) => ({ init, body: JSON.parse(String(init?.body)) as Record<string, unknown> }));
}

function openAt(url: string) {
  history.replaceState(null, '', url);
  return render(
    <StrictMode>
      <DinerApp />
    </StrictMode>,
  );
}

const frame = () => screen.queryByTitle('דף תשלום מאובטח');
const storedCart = () => JSON.parse(localStorage.getItem('cart_demo') ?? 'null') as unknown;

beforeEach(() => {
  localStorage.setItem('business_demo', JSON.stringify({ businessName: 'קפה הגפן', logo: null, departmentId: 'demo' }));
});

afterEach(() => {
  localStorage.clear();
  document.title = '';
});

describe('a payment page the browser would block', () => {
  it('is framed when it is on this page’s own address (the sandbox)', async () => {
    seedCart([{ ...latte, quantity: 1 }]);
    stubServer(json(200, { success: true, paymentUrl: `${location.origin}/pay/sandbox/abc`, totalAmount: '14.00' }));
    openAt('/checkout/demo');
    const iframe = await screen.findByTitle('דף תשלום מאובטח');
    expect(iframe.getAttribute('src')).toBe(`${location.origin}/pay/sandbox/abc`);
  });

  it('is not framed on another address: says why in Hebrew, where to open the menu, and never "ready"', async () => {
    seedCart([{ ...latte, quantity: 1 }]);
    stubServer(json(200, { success: true, paymentUrl: 'http://localhost:9/pay/sandbox/abc', totalAmount: '14.00' }));
    openAt('/checkout/demo');
    const notice = await screen.findByTestId('payment-elsewhere');
    expect(notice.closest('[role="alert"]')).toBeTruthy();
    expect(notice.textContent).toContain('דף התשלום לא נפתח בכתובת הזו');
    const link = within(notice).getByRole('link');
    expect(link.getAttribute('href')).toBe('http://localhost:9/menu/demo');
    expect(link.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(frame()).toBeNull();
    expect(screen.getByTestId('announcer').textContent).not.toBe('דף התשלום מוכן');
  });
});

describe('the checkout asks for a payment page once', () => {
  it('posts the contract body once per visit, even under StrictMode, and shows the 600 px frame', async () => {
    seedCart([latte, croissant]);
    localStorage.setItem('remarks_demo', '  בלי בצל ');
    localStorage.setItem('table_demo', '4');
    let answer!: (response: Response) => void;
    const server = stubServer(new Promise<Response>((resolve) => (answer = resolve)));
    openAt('/checkout/demo');

    expect(await screen.findByRole('heading', { level: 1, name: 'תשלום' })).toBeTruthy();
    expect(screen.getByTestId('checkout-amount').textContent).toBe('הסכום לתשלום ₪40.50');
    expect(screen.getByTestId('checkout-amount').querySelector('[dir="ltr"]')?.textContent).toBe('₪40.50');
    expect(screen.getByText('מכינים את דף התשלום…').getAttribute('role')).toBe('status');
    expect(frame()).toBeNull();
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));

    await act(async () => answer(paid('40.50')));
    const iframe = await screen.findByTitle('דף תשלום מאובטח');
    expect(iframe.tagName).toBe('IFRAME');
    expect(iframe.getAttribute('src')).toBe(PAYMENT_URL);
    expect(iframe.getAttribute('height')).toBe('600');
    expect(iframe.className).toContain('w-full');
    expect(screen.queryByText('מכינים את דף התשלום…')).toBeNull();
    expect(screen.getByText(/פרטי הכרטיס מזינים בדף המאובטח/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'חזרה לעגלה' }).getAttribute('href')).toBe('/cart/demo');

    const posts = postsOf(server);
    expect(posts).toHaveLength(1);
    const [{ init, body }] = posts as [(typeof posts)[number]];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    const sessionId = localStorage.getItem('dinerSessionId');
    expect(sessionId).toMatch(/^[\w-]{8,}$/);
    expect(body).toEqual({
      businessId: 'demo',
      amount: '40.50',
      productName: 'קפה הגפן - הזמנה',
      returnValue: 'demo',
      // No menu address was opened in this test: a bare link (issue 33).
      source: { channel: 'link' },
      cartData: {
        items: [
          { productId: 10, name: 'הפוך', price: '14.00', quantity: 2 },
          { productId: 11, name: 'קרואסון חמאה', price: '12.50', quantity: 1 },
        ],
        totalAmount: '40.50',
        commission: '2.03',
        netAmount: '38.47',
        remarks: 'בלי בצל',
        sessionId,
        tableNumber: 4,
      },
      orderItems: [
        { name: 'הפוך', quantity: 2, price: '14.00', description: '' },
        { name: 'קרואסון חמאה', quantity: 1, price: '12.50', description: '' },
      ],
      customerInfo: {},
    });
    // The server's own schema accepts it as it is.
    expect(createPaymentSchema.safeParse(body).success).toBe(true);
    expect(JSON.parse(localStorage.getItem('lastOrder_demo') ?? 'null')).toEqual({
      orderId: 'order-1',
      orderNumber: 1042,
    });
    // The cart stays until the order is paid (the thank-you page empties it).
    expect(storedCart()).toHaveLength(2);
  });

  it('sends every chosen option of a line by id, and lists the lines with their choices', async () => {
    const OAT = '00000000-0000-4000-8000-000000000001';
    const ONION = '00000000-0000-4000-8000-000000000003';
    seedCart([
      { ...latte, quantity: 1 },
      { ...latte, price: '16.00', options: [{ id: OAT, name: 'חלב שיבולת שועל', price: 200 }] },
      { ...croissant, options: [{ id: ONION, name: 'בלי בצל', price: 0, without: true }] },
    ]);
    const server = stubServer(paid('58.50'));
    openAt('/checkout/demo');
    await screen.findByTitle('דף תשלום מאובטח');
    const body = postsOf(server)[0]?.body as { cartData: { items: unknown[] }; orderItems: unknown[] };
    expect(body.cartData.items).toEqual([
      { productId: 10, name: 'הפוך', price: '14.00', quantity: 1 },
      { productId: 10, name: 'הפוך', price: '16.00', quantity: 2, options: [OAT] },
      { productId: 11, name: 'קרואסון חמאה', price: '12.50', quantity: 1, options: [ONION] },
    ]);
    expect(body.orderItems[1]).toEqual({ name: 'הפוך', quantity: 2, price: '16.00', description: 'חלב שיבולת שועל' });
    expect(createPaymentSchema.safeParse(body).success).toBe(true);
    const summary = screen.getByTestId('checkout-lines');
    expect(
      within(summary)
        .getAllByTestId('line-options')
        .map((list) => list.textContent),
    ).toEqual(['חלב שיבולת שועל +₪2.00', 'בלי בצל']);
  });

  it('keeps the device session id, sends no remarks as null and a table that is no number as null', async () => {
    seedCart([{ ...latte, quantity: 1 }]);
    localStorage.setItem('dinerSessionId', 'device-1');
    localStorage.setItem('table_demo', 'בר');
    const server = stubServer(paid('14.00'));
    openAt('/checkout/demo');
    await screen.findByTitle('דף תשלום מאובטח');
    const cartData = postsOf(server)[0]?.body.cartData as Record<string, unknown>;
    expect(cartData.sessionId).toBe('device-1');
    expect(cartData.remarks).toBeNull();
    expect(cartData.tableNumber).toBeNull();
    expect(localStorage.getItem('dinerSessionId')).toBe('device-1');
  });

  it('asks again on a new visit of the screen', async () => {
    seedCart([{ ...latte, quantity: 1 }]);
    const server = stubServer(paid('14.00'), paid('14.00'));
    openAt('/checkout/demo');
    await screen.findByTitle('דף תשלום מאובטח');
    fireEvent.click(screen.getByRole('link', { name: 'חזרה לעגלה' }));
    fireEvent.click(await screen.findByRole('button', { name: 'מעבר לתשלום' }));
    await screen.findByTitle('דף תשלום מאובטח');
    expect(postsOf(server)).toHaveLength(2);
  });

  it('an empty cart asks for nothing and leads back to the menu', async () => {
    const server = stubServer();
    openAt('/checkout/demo');
    expect(await screen.findByText('העגלה ריקה, נא להוסיף פריטים לפני התשלום')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'חזרה לתפריט' }).getAttribute('href')).toBe('/menu/demo');
    expect(screen.queryByTestId('checkout-amount')).toBeNull();
    expect(frame()).toBeNull();
    expect(server).not.toHaveBeenCalled();
  });

  it('a cart of free items only asks for no payment page and says why', async () => {
    seedCart([{ ...latte, price: '0.00' }]);
    const server = stubServer();
    openAt('/checkout/demo');
    const notice = await screen.findByTestId('checkout-free-only');
    expect(notice.textContent).toBe('בעגלה יש רק פריטים ללא תשלום, ולכן אין מה לשלם. הוסיפו פריט בתשלום כדי להזמין');
    expect(screen.getByRole('link', { name: 'חזרה לעגלה' }).getAttribute('href')).toBe('/cart/demo');
    expect(frame()).toBeNull();
    expect(server).not.toHaveBeenCalled();
  });

  it('the cart says a free-only order cannot be paid, and its payment button stays on the cart', async () => {
    seedCart([{ ...latte, price: '0.00' }]);
    const server = stubServer();
    openAt('/cart/demo');
    const note = await screen.findByTestId('cart-free-only');
    expect(note.textContent).toContain('אין מה לשלם');
    fireEvent.click(screen.getByTestId('to-payment'));
    expect(screen.getByRole('alert').textContent).toContain('אין מה לשלם');
    expect(location.pathname).toBe('/cart/demo');
    expect(server).not.toHaveBeenCalled();
  });

  it('after a failed payment says so and opens a fresh payment page', async () => {
    seedCart([{ ...latte, quantity: 1 }]);
    const server = stubServer(paid('14.00'));
    openAt('/checkout/demo?payment=failed');
    expect(await screen.findByText('התשלום לא הושלם')).toBeTruthy();
    expect(screen.getByText('לא בוצע חיוב. אפשר לנסות שוב, באותו כרטיס או בכרטיס אחר.')).toBeTruthy();
    expect((await screen.findByTitle('דף תשלום מאובטח')).getAttribute('src')).toBe(PAYMENT_URL);
    expect(postsOf(server)).toHaveLength(1);
  });
});

describe('the checkout never frames an amount the diner did not see', () => {
  it('a changed price updates the cart, and pays the new amount only after the diner confirms', async () => {
    seedCart([{ ...latte, quantity: 1 }]);
    const server = stubServer(
      json(409, {
        success: false,
        code: 'order.price_changed',
        error: 'המחירים בתפריט עודכנו, בדקו את העגלה ונסו שוב',
        message: 'המחירים בתפריט עודכנו, בדקו את העגלה ונסו שוב',
        data: { totalAmount: '16.00', items: [{ productId: 10, name: 'הפוך גדול', price: '16.00', quantity: 1 }] },
      }),
      paid('16.00'),
    );
    openAt('/checkout/demo');
    expect(await screen.findByText('המחיר השתנה')).toBeTruthy();
    expect(frame()).toBeNull();
    expect(screen.getByTestId('price-changed').textContent).toContain('₪14.00');
    expect(screen.getByTestId('price-changed').textContent).toContain('₪16.00');
    expect(screen.getByTestId('checkout-amount').textContent).toContain('₪16.00');
    expect(storedCart()).toEqual([{ productId: 10, name: 'הפוך גדול', price: '16.00', quantity: 1 }]);
    // Nothing is asked again until the diner says yes.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(postsOf(server)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'לתשלום ₪16.00' }));
    expect((await screen.findByTitle('דף תשלום מאובטח')).getAttribute('src')).toBe(PAYMENT_URL);
    const posts = postsOf(server);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toMatchObject({
      amount: '16.00',
      cartData: {
        totalAmount: '16.00',
        items: [{ productId: 10, name: 'הפוך גדול', price: '16.00', quantity: 1 }],
      },
      orderItems: [{ name: 'הפוך גדול', quantity: 1, price: '16.00', description: '' }],
    });
    expect(screen.queryByText('המחיר השתנה')).toBeNull();
  });

  it('a success for another total than the one shown is not framed', async () => {
    seedCart([{ ...latte, quantity: 1 }]);
    stubServer(paid('15.00'));
    openAt('/checkout/demo');
    expect(await screen.findByText('המחיר השתנה')).toBeTruthy();
    expect(frame()).toBeNull();
    expect(screen.getByRole('button', { name: 'לתשלום ₪15.00' })).toBeTruthy();
  });

  it('items no longer available are named, and removed on request, back in the cart', async () => {
    seedCart([{ ...latte, quantity: 1 }, croissant]);
    stubServer(
      json(409, {
        success: false,
        code: 'order.items_unavailable',
        error: 'חלק מהפריטים בעגלה אינם זמינים עוד, עדכנו את העגלה ונסו שוב',
        message: 'חלק מהפריטים בעגלה אינם זמינים עוד, עדכנו את העגלה ונסו שוב',
        data: { unavailableProductIds: [11] },
      }),
    );
    openAt('/checkout/demo');
    const notice = await screen.findByTestId('items-unavailable');
    expect(notice.textContent).toContain('חלק מהפריטים אינם זמינים עוד');
    expect([...notice.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['קרואסון חמאה']);
    expect(frame()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'הסרתם וחזרה לעגלה' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'העגלה שלך' })).toBeTruthy();
    expect(location.pathname).toBe('/cart/demo');
    expect(storedCart()).toEqual([{ productId: 10, name: 'הפוך', price: '14.00', quantity: 1 }]);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
  });
});

describe('the checkout says what went wrong (spec §8)', () => {
  const cases: { name: string; answer: () => Response | Error; message: string; detail?: string }[] = [
    {
      name: 'a database outage (503)',
      answer: () =>
        json(503, {
          success: false,
          code: 'DATABASE_UNAVAILABLE',
          error: 'שירות מסד הנתונים אינו זמין כרגע, נסו שוב בעוד מספר דקות',
          message: 'שירות מסד הנתונים אינו זמין כרגע, נסו שוב בעוד מספר דקות',
        }),
      message: 'שגיאת שרת (503)',
      detail: 'שירות מסד הנתונים אינו זמין כרגע, נסו שוב בעוד מספר דקות',
    },
    {
      name: 'a paused business (403)',
      answer: () =>
        json(403, { success: false, code: 'menu.unavailable', message: 'העסק אינו מקבל הזמנות כרגע', error: '' }),
      message: 'שגיאת שרת (403)',
      detail: 'העסק אינו מקבל הזמנות כרגע',
    },
    {
      name: 'too many attempts (429), with only a code',
      answer: () => json(429, { success: false, code: 'rate_limited' }),
      message: 'שגיאת שרת (429)',
      detail: 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות',
    },
    {
      name: 'a provider failure (502) without a JSON body',
      answer: () => new Response('Bad Gateway', { status: 502 }),
      message: 'שגיאת שרת (502)',
    },
    {
      name: 'an unsuccessful answer with its error',
      answer: () => json(200, { success: false, error: 'מסוף הסליקה אינו פעיל' }),
      message: 'מסוף הסליקה אינו פעיל',
    },
    {
      name: 'an unsuccessful answer without one',
      answer: () => json(200, { success: false }),
      message: 'שגיאה ביצירת התשלום',
    },
    {
      name: 'a payment address that is no web address',
      answer: () =>
        json(200, {
          success: true,
          paymentUrl: 'javascript:alert(1)',
          orderId: 'o',
          orderNumber: 1,
          totalAmount: '14.00',
        }),
      message: 'שגיאה ביצירת התשלום',
    },
    {
      name: 'a network failure',
      answer: () => new TypeError('Failed to fetch'),
      message: 'שגיאה במערכת התשלומים, רעננו את הדף ונסו שוב',
    },
  ];

  for (const { name, answer, message, detail } of cases) {
    it(`on ${name}`, async () => {
      seedCart([{ ...latte, quantity: 1 }]);
      stubServer(answer());
      openAt('/checkout/demo');
      const error = await screen.findByTestId('payment-error');
      expect(error.closest('[role="alert"]')).toBeTruthy();
      expect(error.querySelector('p')?.textContent).toBe(message);
      if (detail) expect(error.textContent).toContain(detail);
      expect(frame()).toBeNull();
      expect(screen.queryByText('מכינים את דף התשלום…')).toBeNull();
      expect(localStorage.getItem('lastOrder_demo')).toBeNull();
    });
  }

  it('lists the fields of a validation error, and tries again on request', async () => {
    seedCart([{ ...latte, quantity: 1 }]);
    const server = stubServer(
      json(400, {
        success: false,
        code: 'validation.failed',
        error: 'חלק מהפרטים שהוזנו אינם תקינים',
        message: 'חלק מהפרטים שהוזנו אינם תקינים',
        fields: { 'cartData.remarks': 'ההערות יכולות להכיל עד 500 תווים' },
      }),
      paid('14.00'),
    );
    openAt('/checkout/demo');
    const error = await screen.findByTestId('payment-error');
    expect(error.textContent).toContain('שגיאת שרת (400)');
    expect(error.querySelector('li')?.textContent).toBe('ההערות יכולות להכיל עד 500 תווים');
    fireEvent.click(screen.getByRole('button', { name: 'ניסיון נוסף' }));
    expect(await screen.findByTitle('דף תשלום מאובטח')).toBeTruthy();
    expect(screen.queryByTestId('payment-error')).toBeNull();
    expect(postsOf(server)).toHaveLength(2);
  });
});

describe('ordering closed while the diner was at the checkout', () => {
  const closed = () =>
    json(409, {
      success: false,
      code: 'business.ordering_closed',
      error: 'ההזמנות סגורות כעת',
      message: 'ההזמנות סגורות כעת',
      data: { reason: 'hours', opensAt: new Date(Date.now() + 60 * 60_000).toISOString() },
    });

  it('says the kitchen takes no orders now and when it opens, not a server error', async () => {
    seedCart([{ ...latte, quantity: 1 }]);
    stubServer(closed());
    openAt('/checkout/demo');
    const notice = await screen.findByTestId('checkout-ordering-closed');
    expect(notice.closest('[role="alert"]')).toBeTruthy();
    expect(notice.textContent).toContain('המטבח לא מקבל הזמנות כרגע');
    expect(notice.textContent).toMatch(/ייפתח (היום|מחר) ב־\d\d:\d\d/);
    expect(notice.textContent).not.toMatch(/שגיאת שרת|409/);
    expect(screen.queryByTestId('payment-error')).toBeNull();
    expect(within(notice).getByRole('link', { name: 'חזרה לתפריט' }).getAttribute('href')).toBe('/menu/demo');
    expect(frame()).toBeNull();
  });

  it('says so in the diner’s language', async () => {
    const { default: en } = await import('./text-en');
    const { errors } = en;
    const outcome = (await import('./payment-answer')).readPaymentAnswer(
      409,
      { success: false, code: 'business.ordering_closed', data: { reason: 'hours', opensAt: null } },
      1400,
      errors,
    );
    expect(outcome).toEqual({ kind: 'closed', opensAt: null });
    expect(en.diner.checkout.closedTitle).toBe('The kitchen is not taking orders right now');
  });
});

describe('a payment return inside the payment frame moves the whole tab', () => {
  it('knows the pages a payment ends on', () => {
    expect(isPaymentReturn('/thank-you/demo', '')).toBe(true);
    expect(isPaymentReturn('/thankyou', '')).toBe(true);
    expect(isPaymentReturn('/thank-you', '?departmentId=demo')).toBe(true);
    expect(isPaymentReturn('/checkout/demo', '?payment=failed')).toBe(true);
    expect(isPaymentReturn('/checkout/demo', '')).toBe(false);
    expect(isPaymentReturn('/menu/demo', '?payment=failed')).toBe(false);
    expect(isPaymentReturn('/cart/demo', '')).toBe(false);
  });

  it('sends the top window to the same address and renders nothing', () => {
    const top = { location: { href: 'http://localhost:3000/checkout/demo' } };
    vi.stubGlobal('top', top);
    expect(window.top).not.toBe(window.self);
    history.replaceState(null, '', '/thank-you/demo');
    const root = document.createElement('div');
    root.innerHTML = '<p>server HTML</p>';
    expect(breakOutOfFrame(window, root)).toBe(true);
    expect(top.location.href).toBe(location.href);
    expect(top.location.href.endsWith('/thank-you/demo')).toBe(true);
    expect(root.childNodes).toHaveLength(0);

    history.replaceState(null, '', '/checkout/demo?payment=failed');
    expect(breakOutOfFrame(window, root)).toBe(true);
    expect(top.location.href.endsWith('/checkout/demo?payment=failed')).toBe(true);
  });

  it('leaves other pages, and any page at the top, alone', () => {
    const top = { location: { href: 'unchanged' } };
    vi.stubGlobal('top', top);
    history.replaceState(null, '', '/menu/demo');
    expect(breakOutOfFrame(window, document.createElement('div'))).toBe(false);
    expect(top.location.href).toBe('unchanged');
    vi.unstubAllGlobals();
    expect(window.top).toBe(window.self);
    history.replaceState(null, '', '/thank-you/demo');
    expect(breakOutOfFrame(window, document.createElement('div'))).toBe(false);
  });

  it('offers a link that opens in the whole tab when the move is refused', () => {
    const top = {
      location: {
        set href(_value: string) {
          throw new DOMException('refused', 'SecurityError');
        },
      },
    };
    vi.stubGlobal('top', top);
    history.replaceState(null, '', '/thank-you/demo');
    const root = document.createElement('div');
    expect(breakOutOfFrame(window, root)).toBe(true);
    const link = root.querySelector('a');
    expect(link?.getAttribute('target')).toBe('_top');
    expect(link?.href).toBe(location.href);
  });

  it('the diner entry renders nothing inside the frame', async () => {
    vi.resetModules();
    const top = { location: { href: '' } };
    vi.stubGlobal('top', top);
    history.replaceState(null, '', '/checkout/demo?payment=failed');
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await import('./main');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(top.location.href).toBe(location.href);
    expect(root.childNodes).toHaveLength(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    root.remove();
  });
});
