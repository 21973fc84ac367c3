import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import type { SignedInOwner } from './accounts.js';
import { call, type ApiAnswer } from './http-client.js';
import { createCategory, createProduct } from './menu.js';
import type { TestApp } from './test-app.js';

export const DINER_COOKIE = 'tafrit_diner';

export interface Shop {
  departmentId: string;
  coffee: { id: number };
  croissant: { id: number };
}

/** A business with two products: a coffee at ₪14.50 and a croissant at ₪12.00. */
export async function openShop(app: TestApp, owner: SignedInOwner): Promise<Shop> {
  const categoryId = await createCategory(app, owner, 'מאפים וקפה');
  const coffee = await createProduct(app, owner, { categoryId, name: 'הפוך גדול', price: '14.50' });
  const croissant = await createProduct(app, owner, { categoryId, name: 'קרואסון', price: '12.00' });
  const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
  return { departmentId, coffee, croissant };
}

export interface CheckoutOptions {
  /** `options`: the chosen option ids. */
  items: { productId: number; quantity: number; options?: string[] }[];
  amount: string | number;
  remarks?: string | null;
  tableNumber?: number;
  /** The diner's session cookie; absent for a first visit. */
  session?: string;
  ip?: string;
  /** Other cookies (the diner's `lang`) and headers (Accept-Language). */
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** The diner's tip and way to pay (issue 17): `tip`, `paymentMethod`. */
  extra?: Record<string, unknown>;
}

/** The diner's `POST /api/cardcom/create-payment`, shaped as the spec's client sends it. */
export function createPayment(app: TestApp, departmentId: string, options: CheckoutOptions): Promise<ApiAnswer> {
  return call(app, 'POST', '/api/cardcom/create-payment', {
    body: {
      businessId: departmentId,
      amount: options.amount,
      productName: 'הזמנה',
      returnValue: departmentId,
      cartData: JSON.stringify({
        items: options.items.map((item) => ({ ...item, name: 'x', price: '1' })),
        totalAmount: options.amount,
        remarks: options.remarks ?? null,
        sessionId: 'client-label',
        tableNumber: options.tableNumber,
      }),
      orderItems: [],
      customerInfo: {},
      ...options.extra,
    },
    cookies: { ...(options.session ? { [DINER_COOKIE]: options.session } : {}), ...options.cookies },
    headers: options.headers,
    ip: options.ip,
  });
}

/** Submits the sandbox card form of a payment URL, as the browser's form post does. */
export async function payInSandbox(
  app: TestApp,
  paymentUrl: string,
  card: { number: string; expiry?: string; cvv?: string; name?: string },
): Promise<Response> {
  const path = new URL(paymentUrl).pathname;
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      name: card.name ?? 'ישראל ישראלי',
      number: card.number,
      expiry: card.expiry ?? '12/30',
      cvv: card.cvv ?? '123',
    }).toString(),
  });
}
