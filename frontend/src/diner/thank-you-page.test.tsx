import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DinerOrderView } from '@tafrit/contracts/ordering-types';
import { DinerApp } from './app';
import { DinerLanguageContext, DinerLanguageProvider, languageValue, loadLanguage } from './language';
import en from './text-en';
import { MAX_WAITS, RETRY_DELAY_MS, WAIT_CUTOFF_MS } from './order-wait';

// The thank-you page in the whole diner app, under StrictMode as main.tsx renders it, against a stubbed server.

const LATEST = '/api/orders/demo/latest';
const WAIT = '/api/orders/demo/1042/wait';

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
  // Served: the kitchen is done, so the page has nothing left to follow (the tests of following set other statuses).
  status: 'served',
  paymentStatus: 'paid',
  invoiceStatus: 'generated',
  invoiceNumber: '30001',
  invoiceUrl: '/api/invoice/order-1',
  estimatedReadyAt: null,
  serviceMode: 'table',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const found = (view: Partial<DinerOrderView> = {}) =>
  json(200, { success: true, data: { ...order, ...view }, message: '' });

/** A server's answer: a response, a network failure, or one that comes when the test says (see `held`). */
type Answer = Response | Error | ((init: RequestInit) => Promise<Response>);

/**
 * Answers the latest-order call and the order's waits with the given answers in turn; the last one of each is
 * repeated. Any other request fails the test.
 */
function stubServer({
  latest,
  wait = [],
  following = {},
}: {
  latest: Answer[];
  wait?: Answer[];
  /** The held asks that follow the kitchen, by the status the page says it shows (`?seen=`). */
  following?: Record<string, Answer[]>;
}) {
  const queues: Record<string, Answer[]> = { [LATEST]: [...latest], [WAIT]: [...wait] };
  for (const [seen, answers] of Object.entries(following)) queues[`${WAIT}?seen=${seen}`] = [...answers];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const answers = queues[String(input)];
    if (!answers) throw new Error(`unexpected request ${String(input)}`);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (!next) throw new Error(`no answer for ${String(input)}`);
    if (next instanceof Error) throw next;
    if (typeof next === 'function') return next(init);
    return next.clone();
  });
}

/** An answer held until `release` (as the server holds a wait), or until the request is aborted. */
function held() {
  let release: (response: Response) => void = () => {};
  let request: RequestInit | undefined;
  const answer = (init: RequestInit) => {
    request = init;
    return new Promise<Response>((resolve, reject) => {
      release = resolve;
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  };
  return { answer, release: (response: Response) => release(response), request: () => request };
}

/** The paths asked, in order. */
const asked = (spy: ReturnType<typeof stubServer>) => spy.mock.calls.map(([input]) => String(input));
const callsOf = (spy: ReturnType<typeof stubServer>, path = LATEST) =>
  spy.mock.calls.filter(([input]) => String(input) === path);

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

describe('the thank-you page in the language the diner ordered in', () => {
  const items: DinerOrderView['items'] = [
    {
      productId: 10,
      name: 'הפוך',
      price: 16,
      quantity: 1,
      translatedName: { language: 'en', name: 'Latte' },
      options: [
        {
          groupName: 'סוג חלב',
          name: 'חלב שיבולת שועל',
          price: 2,
          without: false,
          translatedName: { language: 'en', name: 'Oat milk' },
        },
      ],
    },
    // Not translated by the owner: read in Hebrew at the menu, and marked as Hebrew here.
    { productId: 11, name: 'קרואסון חמאה', price: 12.5, quantity: 1 },
  ];

  it('lists the names as the diner read them, the untranslated one marked as Hebrew', async () => {
    stubServer({ latest: [found({ items, totalAmount: '28.50' })] });
    history.replaceState(null, '', '/thank-you/demo');
    render(
      <DinerLanguageContext.Provider value={languageValue('en', en)}>
        <DinerApp />
      </DinerLanguageContext.Provider>,
    );
    const lines = await screen.findByTestId('order-lines');
    const names = [...lines.querySelectorAll(':scope > li')].map((line) => line.textContent ?? '');
    expect(names[0]).toContain('Latte');
    expect(names[0]).toContain('Oat milk');
    expect(names[0]).not.toMatch(/הפוך|שיבולת/);
    expect(names[1]).toContain('קרואסון חמאה');
    expect(lines.querySelector('[lang="he"]')?.textContent).toBe('קרואסון חמאה');
  });

  it('shows the Hebrew names on a Hebrew page', async () => {
    stubServer({ latest: [found({ items, totalAmount: '28.50' })] });
    openAt('/thank-you/demo');
    const lines = await screen.findByTestId('order-lines');
    expect(lines.textContent).toContain('הפוך');
    expect(lines.textContent).toContain('חלב שיבולת שועל');
    expect(lines.textContent).not.toMatch(/Latte|Oat milk/);
  });
});

describe("the thank-you page's choices (issue 16)", () => {
  const OAT = '00000000-0000-4000-8000-000000000001';

  it("shows a line's choices from the order read when it names them", async () => {
    stubServer({
      latest: [
        found({
          items: [
            {
              productId: 10,
              name: 'הפוך',
              price: 16,
              quantity: 1,
              options: [
                { groupName: 'סוג חלב', name: 'חלב שיבולת שועל', price: 2, without: false },
                { groupName: 'בלי', name: 'קצף', price: 0, without: true },
              ],
            },
          ],
          totalAmount: '16.00',
        }),
      ],
    });
    openAt('/thank-you/demo');
    const options = await screen.findByTestId('line-options');
    expect(options.textContent).toBe('חלב שיבולת שועל +₪2.00בלי קצף');
  });

  it('else from the cart line of the same product, quantity and price', async () => {
    seedPaidVisit();
    localStorage.setItem(
      'cart_demo',
      JSON.stringify([
        {
          productId: 10,
          name: 'הפוך',
          price: '14.00',
          quantity: 2,
          options: [{ id: OAT, name: 'חלב רגיל', price: 0 }],
        },
      ]),
    );
    stubServer({ latest: [found()] });
    openAt('/thank-you/demo');
    const options = await screen.findByTestId('line-options');
    expect(options.textContent).toBe('חלב רגיל');
    // The cart is emptied once paid; the choices stay on screen.
    await waitFor(() => expect(localStorage.getItem('cart_demo')).toBeNull());
    expect(screen.getByTestId('line-options').textContent).toBe('חלב רגיל');
  });
});

describe('the thank-you page’s tip (issue 29)', () => {
  it.each([
    ['he', 'מזה טיפ ₪2.50'],
    ['ar', 'منها إكرامية ₪2.50'],
    ['en', 'Including a tip of ₪2.50'],
    ['ru', 'В том числе чаевые ₪2.50'],
  ] as const)(
    'names the tip inside the total, in %s, so the lines and the tip add up to it',
    async (language, tipLine) => {
      seedPaidVisit();
      stubServer({ latest: [found({ totalAmount: '43.00', tipAmount: '2.50' })] });
      // As main.tsx starts the app in the diner's language.
      const pack = await loadLanguage(language);
      history.replaceState(null, '', '/thank-you/demo');
      render(
        <StrictMode>
          <DinerLanguageProvider initial={language} initialPack={pack}>
            <DinerApp />
          </DinerLanguageProvider>
        </StrictMode>,
      );
      const tip = await screen.findByTestId('order-tip');
      expect(tip.textContent).toBe(tipLine);
      expect(screen.getByTestId('order-total').textContent).toContain('₪43.00');
    },
  );

  it('shows no tip line for an order without a tip', async () => {
    seedPaidVisit();
    stubServer({ latest: [found({ tipAmount: '0.00' })] });
    openAt('/thank-you/demo');
    expect((await screen.findByTestId('order-total')).textContent).toBe('סה"כ₪40.50');
    expect(screen.queryByTestId('order-tip')).toBeNull();
  });
});

describe('the thank-you page', () => {
  it('shows the order, its lines, remarks and invoice, then empties the cart', async () => {
    seedPaidVisit();
    const server = stubServer({ latest: [found()] });
    openAt('/thank-you/demo');
    expect((await screen.findByText('טוענים את פרטי ההזמנה…')).getAttribute('role')).toBe('status');

    expect((await screen.findByTestId('order-number')).textContent).toBe('1042');
    expect(screen.getByRole('heading', { level: 1, name: 'תודה על ההזמנה' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('תודה על ההזמנה | תפריט'));
    const lines = [...screen.getByTestId('order-lines').querySelectorAll('li')].map((line) => line.textContent);
    expect(lines).toEqual(['2 × הפוךסה"כ לשורה ₪28.00', '1 × קרואסון חמאהסה"כ לשורה ₪12.50']);
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

    // Settled at once: one read (StrictMode's double start included), nothing to wait for.
    expect(asked(server)).toEqual([LATEST]);
    const [[, init]] = callsOf(server) as [[unknown, RequestInit]];
    expect(init.credentials).toBe('include');
  });

  it('links each refund to its credit document, and says when the business will send one instead', async () => {
    stubServer({
      latest: [
        found({
          refunds: [
            {
              refundId: 'r-1',
              amount: '14.00',
              refundedAt: '2026-11-21T10:00:00.000Z',
              creditUrl: '/api/invoice/order-1/credits/r-1?token=t',
            },
            { refundId: 'r-2', amount: '5.00', refundedAt: '2026-11-21T10:05:00.000Z', creditUrl: null },
          ],
        }),
      ],
    });
    openAt('/thank-you/demo');
    const refunds = await screen.findByTestId('refunds');
    expect(screen.getByRole('heading', { level: 2, name: 'החזרים' })).toBeTruthy();
    const items = [...refunds.querySelectorAll('li')].map((item) => item.textContent);
    expect(items[0]).toContain('הוחזר לכרטיס ₪14.00');
    expect(items[1]).toContain('הוחזר לכרטיס ₪5.00');
    expect(items[1]).toContain('חשבונית הזיכוי תישלח על ידי העסק');
    const link = screen.getByRole('link', { name: 'צפייה בחשבונית הזיכוי (נפתח בחלון חדש)' });
    expect(link.getAttribute('href')).toBe('/api/invoice/order-1/credits/r-1?token=t');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("at a shared table: the payer's own part and document, what the table has left, then the kitchen's steps", async () => {
    seedPaidVisit();
    const table = { billAmount: '40.50', paidAmount: '14.00', leftAmount: '26.50', paid: false };
    const part = { status: 'pending' as const, totalAmount: '14.00', invoiceUrl: '/api/invoice/part-1', table };
    const paid = held();
    const server = stubServer({
      latest: [found(part)],
      following: {
        pending: [paid.answer],
        paid: [found({ ...part, status: 'served', table: { ...table, paid: true } })],
      },
    });
    openAt('/thank-you/demo');
    const bill = await screen.findByTestId('table-bill');
    expect(bill.getAttribute('data-paid')).toBe('false');
    expect(screen.getByTestId('table-bill-part').textContent).toBe('₪14.00');
    expect(screen.getByTestId('table-bill-left-amount').querySelector('bdi')?.textContent).toBe('₪26.50');
    expect(screen.getByRole('link', { name: 'צפייה בחשבונית (נפתח בחלון חדש)' }).getAttribute('href')).toBe(
      '/api/invoice/part-1',
    );
    // The kitchen's steps wait for the whole bill; the page follows the order meanwhile.
    expect(screen.queryByTestId('order-progress')).toBeNull();
    await waitFor(() => expect(asked(server)).toContain(`${WAIT}?seen=pending`));
    await act(async () =>
      paid.release(found({ ...part, status: 'paid', table: { ...table, leftAmount: '0.00', paid: true } })),
    );
    await waitFor(() => expect(screen.getByTestId('table-bill').getAttribute('data-paid')).toBe('true'));
    expect(screen.queryByTestId('table-bill-left')).toBeNull();
    expect(screen.getByTestId('order-progress')).toBeTruthy();
  });

  it('shows no refunds section for an order without refunds', async () => {
    stubServer({ latest: [found()] });
    openAt('/thank-you/demo');
    await screen.findByTestId('order-number');
    expect(screen.queryByTestId('refunds')).toBeNull();
  });

  it('reads the order once, then waits on its number while the payment or the invoice is pending', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const pending = { invoiceStatus: 'pending', invoiceNumber: null, invoiceUrl: null } as const;
    const first = held();
    const second = held();
    const server = stubServer({
      latest: [found({ ...pending, paymentStatus: 'pending', status: 'pending' })],
      wait: [first.answer, second.answer],
    });
    openAt('/thank-you/demo');
    expect((await until(() => screen.getByTestId('payment-pending'))).textContent).toBe('מאשרים את התשלום…');
    expect(screen.getByText('מאשרים את התשלום…').closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('החשבונית בהפקה…')).toBeTruthy();
    // Not paid yet: the cart stays. The wait is asked at once, for this order's number, with the diner's cookie.
    expect(localStorage.getItem('cart_demo')).not.toBeNull();
    await until(() => expect(asked(server)).toEqual([LATEST, WAIT]));
    expect(first.request()?.credentials).toBe('include');
    // Held: no timer asks meanwhile.
    await advance(20_000);
    expect(asked(server)).toEqual([LATEST, WAIT]);

    // Paid, the invoice still coming: shown, the cart is done with, and the page waits again.
    first.release(found(pending));
    await until(() => expect(screen.queryByText('מאשרים את התשלום…')).toBeNull());
    expect(screen.getByText('החשבונית בהפקה…').closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /צפייה בחשבונית/ })).toBeNull();
    expect(localStorage.getItem('cart_demo')).toBeNull();
    await until(() => expect(asked(server)).toEqual([LATEST, WAIT, WAIT]));

    // Paid and invoiced: settled, no more asks.
    second.release(found());
    expect((await until(() => screen.getByRole('link', { name: /צפייה בחשבונית/ }))).getAttribute('href')).toBe(
      '/api/invoice/order-1',
    );
    expect(screen.queryByText('החשבונית בהפקה…')).toBeNull();
    await advance(120_000);
    expect(asked(server)).toEqual([LATEST, WAIT, WAIT]);
    expect(screen.queryByText('זה לוקח יותר מהרגיל. אפשר לרענן את הדף בעוד רגע.')).toBeNull();
  });

  it('shows the order the server drew into the page at once, without reading it, and follows it from there', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.id = 'order-data';
    inline.textContent = JSON.stringify({ ...order, status: 'accepted' });
    document.body.append(inline);
    const next = held();
    const server = stubServer({ latest: [found()], following: { accepted: [next.answer] } });
    openAt('/thank-you/demo');
    // The steps' code loads, then its first render already has the order (the browser hydrates what the server drew).
    expect((await until(() => screen.getByTestId('order-number'))).textContent).toBe('1042');
    expect(screen.queryByText('טוענים את פרטי ההזמנה…')).toBeNull();
    await until(() => expect(asked(server)).toEqual([`${WAIT}?seen=accepted`]));
    // Paid: the cart is done with; the drawn order is taken once (a later visit in the app reads the order itself).
    expect(localStorage.getItem('cart_demo')).toBeNull();
    expect(document.getElementById('order-data')).toBeNull();
    next.release(found({ status: 'ready' }));
    await until(() => expect(screen.getByTestId('order-progress').dataset.status).toBe('ready'));
    expect(callsOf(server)).toEqual([]);
  });

  it('passes over an order drawn for another business', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.id = 'order-data';
    inline.textContent = JSON.stringify({ ...order, departmentId: 'other' });
    document.body.append(inline);
    const server = stubServer({ latest: [found()] });
    openAt('/thank-you/demo');
    await until(() => screen.getByTestId('order-number'));
    expect(callsOf(server)).toHaveLength(1);
    document.getElementById('order-data')?.remove();
  });

  it(`waits at most ${MAX_WAITS} times, then says it takes longer than usual`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const pending = found({ invoiceStatus: 'pending', invoiceNumber: null, invoiceUrl: null });
    // Each held wait comes back (after about 25 s on the server) with the invoice still pending.
    const server = stubServer({ latest: [pending], wait: [pending] });
    openAt('/thank-you/demo');
    expect(await until(() => screen.getByText('זה לוקח יותר מהרגיל. אפשר לרענן את הדף בעוד רגע.'))).toBeTruthy();
    expect(MAX_WAITS).toBe(6);
    expect(asked(server)).toEqual([LATEST, ...Array<string>(MAX_WAITS).fill(WAIT)]);
    expect(screen.getByText('החשבונית בהפקה…')).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('1042');
    await advance(120_000);
    expect(callsOf(server, WAIT)).toHaveLength(MAX_WAITS);
  });

  it('after a failed wait, keeps the order shown and asks again only after a pause', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const server = stubServer({
      latest: [found({ paymentStatus: 'pending', status: 'pending', invoiceStatus: 'pending', invoiceUrl: null })],
      wait: [new TypeError('Failed to fetch'), json(503, { success: false, data: null, message: '' }), found()],
    });
    openAt('/thank-you/demo');
    await until(() => expect(asked(server)).toEqual([LATEST, WAIT]));
    await advance(0);
    // The failure is not shown: the order stays, still confirming.
    expect(screen.getByTestId('payment-pending')).toBeTruthy();
    expect(screen.queryByText('לא הצלחנו לטעון את פרטי ההזמנה. בדקו את החיבור ונסו שוב.')).toBeNull();

    await advance(RETRY_DELAY_MS - 1);
    expect(callsOf(server, WAIT)).toHaveLength(1);
    await advance(1);
    // The 503 gets the same pause.
    expect(callsOf(server, WAIT)).toHaveLength(2);
    expect(screen.getByTestId('payment-pending')).toBeTruthy();
    await advance(RETRY_DELAY_MS - 1);
    expect(callsOf(server, WAIT)).toHaveLength(2);
    await advance(1);
    expect(callsOf(server, WAIT)).toHaveLength(3);
    await until(() => screen.getByRole('link', { name: /צפייה בחשבונית/ }));
    expect(screen.queryByTestId('payment-pending')).toBeNull();
    expect(localStorage.getItem('cart_demo')).toBeNull();
  });

  it(`counts failed waits toward the ${MAX_WAITS}`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const server = stubServer({
      latest: [found({ paymentStatus: 'pending', status: 'pending', invoiceStatus: 'pending', invoiceUrl: null })],
      wait: [new TypeError('Failed to fetch')],
    });
    openAt('/thank-you/demo');
    await until(() => expect(asked(server)).toEqual([LATEST, WAIT]));
    await advance((MAX_WAITS - 1) * RETRY_DELAY_MS);
    expect(callsOf(server, WAIT)).toHaveLength(MAX_WAITS);
    expect(screen.getByText('זה לוקח יותר מהרגיל. אפשר לרענן את הדף בעוד רגע.')).toBeTruthy();
    expect(screen.getByTestId('payment-pending')).toBeTruthy();
    await advance(120_000);
    expect(callsOf(server, WAIT)).toHaveLength(MAX_WAITS);
  });

  it('gives up a wait that is never answered, as a failed one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const lost = held();
    const server = stubServer({
      latest: [found({ invoiceStatus: 'pending', invoiceNumber: null, invoiceUrl: null })],
      wait: [lost.answer, found()],
    });
    openAt('/thank-you/demo');
    await until(() => expect(asked(server)).toEqual([LATEST, WAIT]));
    await advance(WAIT_CUTOFF_MS - 1);
    expect(lost.request()?.signal?.aborted).toBe(false);
    await advance(1);
    expect(lost.request()?.signal?.aborted).toBe(true);
    expect(callsOf(server, WAIT)).toHaveLength(1);
    await advance(RETRY_DELAY_MS);
    expect(callsOf(server, WAIT)).toHaveLength(2);
    await until(() => screen.getByRole('link', { name: /צפייה בחשבונית/ }));
  });

  it('stops waiting, keeping the order shown, when the wait no longer finds it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const server = stubServer({
      latest: [found({ invoiceStatus: 'pending', invoiceNumber: null, invoiceUrl: null })],
      wait: [json(404, { success: false, data: null, message: 'לא נמצאה הזמנה' })],
    });
    openAt('/thank-you/demo');
    await until(() => screen.getByText('זה לוקח יותר מהרגיל. אפשר לרענן את הדף בעוד רגע.'));
    expect(screen.getByTestId('order-number').textContent).toBe('1042');
    expect(screen.getByText('החשבונית בהפקה…')).toBeTruthy();
    await advance(120_000);
    expect(asked(server)).toEqual([LATEST, WAIT]);
  });

  it('does not wait on an order that expired unpaid', async () => {
    seedPaidVisit();
    const server = stubServer({
      latest: [found({ paymentStatus: 'pending', status: 'expired', invoiceStatus: 'pending', invoiceUrl: null })],
    });
    openAt('/thank-you/demo');
    await screen.findByTestId('order-number');
    await waitFor(() => expect(asked(server)).toEqual([LATEST]));
    expect(localStorage.getItem('cart_demo')).not.toBeNull();
  });

  it('drops the wait in flight when the diner leaves the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedPaidVisit();
    const wait = held();
    const server = stubServer({
      latest: [found({ invoiceStatus: 'pending', invoiceNumber: null, invoiceUrl: null })],
      wait: [wait.answer],
    });
    const view = openAt('/thank-you/demo');
    await until(() => expect(asked(server)).toEqual([LATEST, WAIT]));
    expect(wait.request()?.signal?.aborted).toBe(false);
    view.unmount();
    expect(wait.request()?.signal?.aborted).toBe(true);
    await advance(120_000);
    expect(asked(server)).toEqual([LATEST, WAIT]);
  });

  it('says plainly when the invoice could not be issued', async () => {
    seedPaidVisit();
    stubServer({ latest: [found({ invoiceStatus: 'failed', invoiceNumber: null, invoiceUrl: null })] });
    openAt('/thank-you/demo');
    expect(await screen.findByText('הפקת החשבונית נכשלה, פנו לצוות')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /צפייה בחשבונית/ })).toBeNull();
  });

  it('says the invoice is on its way while it waits for its allocation number, and does not wait with the page', async () => {
    seedPaidVisit();
    // Numbered already, not issued yet (decision 049): neither the number nor the page's link is shown.
    const server = stubServer({ latest: [found({ invoiceStatus: 'awaiting_allocation', invoiceNumber: '1043' })] });
    openAt('/thank-you/demo');
    expect(
      await screen.findByText('החשבונית בדרך: היא תופק עם מספר ההקצאה מרשות המסים. אפשר לחזור לעמוד זה מאוחר יותר'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /צפייה בחשבונית/ })).toBeNull();
    expect(screen.queryByText('1043')).toBeNull();
    expect(asked(server)).toEqual([LATEST]);
  });

  it('keeps a newer cart when the saved order is another one (back to an old thank-you page)', async () => {
    seedPaidVisit();
    localStorage.setItem('lastOrder_demo', JSON.stringify({ orderId: 'order-2', orderNumber: 1043 }));
    stubServer({ latest: [found()] });
    openAt('/thank-you/demo');
    await screen.findByTestId('order-number');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(localStorage.getItem('cart_demo')).not.toBeNull();
    expect(localStorage.getItem('lastOrder_demo')).not.toBeNull();
  });

  it('says calmly that there is no order, with a way back to the menu', async () => {
    seedPaidVisit();
    localStorage.removeItem('lastOrder_demo');
    stubServer({ latest: [json(404, { success: false, data: null, message: 'לא נמצאה הזמנה' })] });
    openAt('/thank-you/demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'לא מצאנו הזמנה' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'חזרה לתפריט' }).getAttribute('href')).toBe('/menu/demo');
    expect(screen.queryByRole('alert', { name: /שגיאה/ })).toBeNull();
    expect(localStorage.getItem('cart_demo')).not.toBeNull();
  });

  it('reads the stored department on /thankyou', async () => {
    localStorage.setItem('currentDepartmentId', 'demo');
    const server = stubServer({ latest: [found({ remarks: null })] });
    openAt('/thankyou');
    await screen.findByTestId('order-number');
    expect(callsOf(server)).not.toHaveLength(0);
    expect(screen.queryByTestId('order-remarks')).toBeNull();
  });

  it('offers to try again when the order cannot be read', async () => {
    const server = stubServer({ latest: [new TypeError('Failed to fetch'), found()] });
    openAt('/thank-you/demo');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'לא הצלחנו לטעון את פרטי ההזמנה. בדקו את החיבור ונסו שוב.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'ניסיון נוסף' }));
    expect((await screen.findByTestId('order-number')).textContent).toBe('1042');
    expect(callsOf(server).length).toBeGreaterThanOrEqual(2);
  });
});

describe('the thank-you page follows the kitchen (issue 18)', () => {
  it('asks again with the status it shows and moves through accepted, ready and served', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const accepted = held();
    const ready = held();
    const served = held();
    const server = stubServer({
      latest: [found({ status: 'paid' })],
      following: { paid: [accepted.answer], accepted: [ready.answer], ready: [served.answer] },
    });
    openAt('/thank-you/demo');
    const progress = await screen.findByTestId('order-progress');
    expect(progress.getAttribute('data-status')).toBe('paid');
    expect(screen.getByTestId('order-progress-summary').textContent).toBe('ההזמנה התקבלה ומחכה לאישור המטבח.');
    expect(screen.getByTestId('order-progress-summary').closest('[role="status"]')).toBeTruthy();
    // The current step is marked for screen readers as well as by colour.
    expect(progress.querySelector('[aria-current="step"]')?.textContent).toBe('התקבלה (השלב הנוכחי)');
    await waitFor(() => expect(asked(server)).toEqual([LATEST, `${WAIT}?seen=paid`]));

    // Accepted with an estimate: shown in Israel time (10:05 UTC in November is 12:05 there).
    accepted.release(found({ status: 'accepted', estimatedReadyAt: '2026-11-21T10:05:00.000Z' }));
    await waitFor(() => expect(screen.getByTestId('order-progress').getAttribute('data-status')).toBe('accepted'));
    expect(screen.getByTestId('order-progress-summary').textContent).toBe('המטבח מכין את ההזמנה.');
    expect(screen.getByTestId('order-estimate').textContent).toBe('זמן משוער: בסביבות 12:05');
    expect(screen.getByTestId('order-estimate').querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    await waitFor(() => expect(asked(server).at(-1)).toBe(`${WAIT}?seen=accepted`));
    expect(vibrate).not.toHaveBeenCalled();

    // Ready: said, with a vibration (a table number: it is brought to the table).
    ready.release(found({ status: 'ready', estimatedReadyAt: '2026-11-21T10:05:00.000Z' }));
    await waitFor(() =>
      expect(screen.getByTestId('order-progress-summary').textContent).toBe('ההזמנה מוכנה! היא בדרך אליכם.'),
    );
    // The alert is an effect React runs after it shows the words (a passive effect, flushed later under load).
    await waitFor(() => expect(vibrate).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('order-estimate')).toBeNull();
    await waitFor(() => expect(asked(server).at(-1)).toBe(`${WAIT}?seen=ready`));

    // Served: the last step; nothing more is asked.
    served.release(found({ status: 'served' }));
    await waitFor(() =>
      expect(screen.getByTestId('order-progress-summary').textContent).toBe('ההזמנה נמסרה. בתיאבון!'),
    );
    // The loop asks again in the same turn that shows an answer, so by now a further ask would be recorded.
    expect(asked(server).filter((path) => path.startsWith(WAIT))).toEqual([
      `${WAIT}?seen=paid`,
      `${WAIT}?seen=accepted`,
      `${WAIT}?seen=ready`,
    ]);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('says a cancelled order plainly and stops following; a counter order is collected at the counter', async () => {
    const cancelled = held();
    stubServer({ latest: [found({ status: 'paid' })], following: { paid: [cancelled.answer] } });
    openAt('/thank-you/demo');
    await screen.findByTestId('order-progress');
    cancelled.release(found({ status: 'cancelled' }));
    await waitFor(() =>
      expect(screen.getByTestId('order-progress-summary').textContent).toBe(
        'העסק ביטל את ההזמנה. הסכום יוחזר לאמצעי התשלום.',
      ),
    );
    expect(screen.getByTestId('order-progress').querySelector('ol')).toBeNull();
  });

  it('tells a diner without a table number to collect a ready order at the counter', async () => {
    const next = held();
    stubServer({ latest: [found({ status: 'ready', tableNumber: null })], following: { ready: [next.answer] } });
    openAt('/thank-you/demo');
    expect((await screen.findByTestId('order-progress-summary')).textContent).toBe(
      'ההזמנה מוכנה! אפשר לאסוף אותה בדלפק.',
    );
  });

  it('tells a diner at a table of a pickup business to collect a ready order at the counter', async () => {
    const next = held();
    stubServer({
      latest: [found({ status: 'ready', tableNumber: 4, serviceMode: 'pickup' })],
      following: { ready: [next.answer] },
    });
    openAt('/thank-you/demo');
    expect((await screen.findByTestId('order-progress-summary')).textContent).toBe(
      'ההזמנה מוכנה! אפשר לאסוף אותה בדלפק.',
    );
  });
});
