import { createPayment, payInSandbox, type Shop } from './checkout.js';
import type { TestApp } from './test-app.js';

export const SANDBOX_APPROVED_CARD = '4580000000000000';

/** A diner orders two coffees and a croissant (₪41.00) with a remark and a table, and pays in the sandbox. */
export async function dinerPays(app: TestApp, shop: Shop, options: { tableNumber?: number } = {}) {
  const answer = await createPayment(app, shop.departmentId, {
    items: [
      { productId: shop.coffee.id, quantity: 2 },
      { productId: shop.croissant.id, quantity: 1 },
    ],
    amount: '41.00',
    remarks: 'בלי בצל',
    tableNumber: options.tableNumber ?? 4,
    ip: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  const paymentUrl = answer.body.paymentUrl as string | undefined;
  if (answer.status !== 200 || !paymentUrl) {
    throw new Error(`create-payment failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const paid = await payInSandbox(app, paymentUrl, { number: SANDBOX_APPROVED_CARD });
  if (paid.status >= 400) throw new Error(`sandbox payment failed: ${paid.status}`);
  return { paymentUrl, orderId: answer.body.orderId as string };
}
