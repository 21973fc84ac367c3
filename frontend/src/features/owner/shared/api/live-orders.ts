// The live orders console's calls (GET /api/live-orders, a kitchen step, a reprint). The list lives in React Query's
// cache as a `LiveBoard` (live-orders/live-board.ts) that live events keep up to date.
import { liveOrdersAnswerSchema, testPrintAnswerSchema } from '@tafrit/contracts/http/owner-answers.schemas';
import { liveOrderSchema, type LiveOrder, type LiveOrdersAnswer } from '@tafrit/contracts/sockets';
import type { TestPrintAnswer } from '@tafrit/contracts/printing';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const LIVE_ORDERS_URL = '/api/live-orders';
export type KitchenStep = 'accepted' | 'ready' | 'served';

export async function getLiveOrders(signal?: AbortSignal): Promise<LiveOrdersAnswer> {
  return dataOf(liveOrdersAnswerSchema, await ownerRequest('GET', LIVE_ORDERS_URL, undefined, { signal }));
}

/** A kitchen step; accepting may say in how many minutes the order will be ready (the diner sees the time). */
export async function moveOrder(orderId: string, status: KitchenStep, readyInMinutes?: number): Promise<LiveOrder> {
  const body = readyInMinutes === undefined ? { status } : { status, readyInMinutes };
  const response = await ownerRequest('POST', `${LIVE_ORDERS_URL}/${encodeURIComponent(orderId)}/status`, body);
  return dataOf(liveOrderSchema, response);
}

export async function reprintOrder(orderId: string): Promise<TestPrintAnswer> {
  const response = await ownerRequest('POST', `${LIVE_ORDERS_URL}/${encodeURIComponent(orderId)}/reprint`);
  return dataOf(testPrintAnswerSchema, response);
}
