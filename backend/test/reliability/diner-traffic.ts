import type { SignedInOwner } from '../support/accounts.js';
import { registerOwner } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, payInSandbox } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct } from '../support/menu.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import type { TestApp } from '../support/test-app.js';

export interface Cafe {
  owner: SignedInOwner;
  departmentId: string;
  categoryId: number;
  coffeeId: number;
  /** The coffee's chosen option ids once it has a required group (a free choice: the price stays ₪14.50). */
  coffeeOptions?: string[];
  receiptPhone: string;
}

/** A business with one product (a coffee at ₪14.50) whose receipts go to `receiptPhone`. */
export async function openCafe(client: TestApp, receiptPhone: { local: string; e164: string }): Promise<Cafe> {
  const owner = await registerOwner(client, { receiptPhone: receiptPhone.local });
  const departmentId = (owner.answer.body.data as { business: { departmentId: string } }).business.departmentId;
  const categoryId = await createCategory(client, owner, 'קפה');
  const coffee = await createProduct(client, owner, { categoryId, name: 'הפוך', price: '14.50' });
  return { owner, departmentId, categoryId, coffeeId: coffee.id, receiptPhone: receiptPhone.e164 };
}

export interface Traffic {
  /** Order ids the product acknowledged as paid (the webhook answered 200 "paid"). */
  acknowledged: string[];
  /** Requests that failed on the way (connection refused or reset, 5xx) and were tried again. */
  interrupted: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one request until the product gives an answer of its own: a request cut off by a dying process, refused
 * while it restarts, or answered 5xx (the database not ready yet) is tried again, as a diner's browser or Cardcom's
 * webhook retries would.
 */
async function persist<T extends { status: number }>(
  traffic: Traffic,
  send: () => Promise<T>,
  deadline: number,
): Promise<T> {
  for (;;) {
    let answer: T | undefined;
    try {
      answer = await send();
    } catch {
      // The connection was refused or reset: the process is down or died mid-request.
    }
    if (answer && answer.status < 500) return answer;
    traffic.interrupted++;
    if (Date.now() > deadline) throw new Error('the product did not come back in time');
    await pause(50);
  }
}

/**
 * One diner: create-payment, the sandbox card page, then the provider's webhook until it is acknowledged as paid.
 * A lost create-payment answer leaves an unpaid order behind (its page never reached the diner) and starts over.
 */
export async function dinerPays(
  client: TestApp,
  cafe: Cafe,
  { traffic, ip, deadline }: { traffic: Traffic; ip: string; deadline: number },
): Promise<string> {
  const placed = await persist(
    traffic,
    () =>
      createPayment(client, cafe.departmentId, {
        items: [{ productId: cafe.coffeeId, quantity: 2, options: cafe.coffeeOptions }],
        amount: '29.00',
        ip,
      }),
    deadline,
  );
  if (placed.status !== 200) throw new Error(`create-payment: ${placed.status} ${JSON.stringify(placed.body)}`);
  if (!placed.cookies[DINER_COOKIE]) throw new Error('create-payment set no diner session');
  const orderId = String(placed.body.orderId);
  const paymentUrl = String(placed.body.paymentUrl);
  const paid = await persist(
    traffic,
    () => payInSandbox(client, paymentUrl, { number: SANDBOX_APPROVED_CARD }),
    deadline,
  );
  // 303: charged now; 200: the page was already charged by an attempt the crash cut off.
  if (paid.status !== 303 && paid.status !== 200) throw new Error(`sandbox page: ${paid.status}`);
  const lowProfileId = new URL(paymentUrl).pathname.split('/').at(-1);
  for (;;) {
    const hook = await persist(
      traffic,
      () => call(client, 'POST', '/api/cardcom/webhook', { body: { LowProfileId: lowProfileId } }),
      deadline,
    );
    const status = (hook.body.data as { status?: string } | undefined)?.status;
    if (hook.status === 200 && status === 'paid') {
      traffic.acknowledged.push(orderId);
      return orderId;
    }
    throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
  }
}
