import type { DinerLanguage, OrderEvent } from '@tafrit/contracts';
import { OrderInvalidTransitionError } from './order.errors.js';
import type { At, KitchenStatus, PlacedOrder } from './order.state.js';

/** The SMS messages of an order: the bon to the business's receipt phone and the diner's "ready" SMS. */
export type MessageCommand =
  | { type: 'RecordReceiptSms'; data: At & { to: string } }
  | { type: 'RecordReceiptSmsFailure'; data: At & { to: string | null; reason: string } }
  | { type: 'RequestReadySms'; data: At & { language: DinerLanguage } }
  | { type: 'RecordReadySms'; data: At }
  | { type: 'RecordReadySmsFailure'; data: At & { reason: string } };

type Command<T extends MessageCommand['type']> = Extract<MessageCommand, { type: T }>;

/** An order in these states will never be ready again: asking for the ready SMS is too late. */
const PAST_READY: readonly KitchenStatus[] = ['ready', 'served', 'expired', 'cancelled'];

export function recordReceiptSms({ data }: Command<'RecordReceiptSms'>, order: PlacedOrder): OrderEvent[] {
  if (order.receiptSms === 'sent') return [];
  const { orderId, businessPhone } = order;
  return [{ type: 'ReceiptSmsSent', data: { orderId, businessPhone, to: data.to, sentAt: data.now } }];
}

export function recordReceiptSmsFailure(
  { data }: Command<'RecordReceiptSmsFailure'>,
  order: PlacedOrder,
): OrderEvent[] {
  if (order.receiptSms !== 'pending') return [];
  const { orderId, businessPhone } = order;
  const { to, reason, now } = data;
  return [{ type: 'ReceiptSmsFailed', data: { orderId, businessPhone, to, reason, failedAt: now } }];
}

/**
 * One SMS per order: once it went out (or failed) the order asks for no other. Asked again in the same language,
 * nothing new happened (the handler keeps the latest number).
 */
export function requestReadySms(command: Command<'RequestReadySms'>, order: PlacedOrder): OrderEvent[] {
  if (PAST_READY.includes(order.status)) throw new OrderInvalidTransitionError(order.status, command.type);
  const { now, language } = command.data;
  const { readySms, orderId, businessPhone } = order;
  if (readySms && (readySms.status !== 'requested' || readySms.language === language)) return [];
  return [{ type: 'ReadySmsRequested', data: { orderId, businessPhone, language, requestedAt: now } }];
}

export function recordReadySms({ data }: Command<'RecordReadySms'>, order: PlacedOrder): OrderEvent[] {
  if (order.readySms?.status !== 'requested') return [];
  return [
    { type: 'ReadySmsSent', data: { orderId: order.orderId, businessPhone: order.businessPhone, sentAt: data.now } },
  ];
}

export function recordReadySmsFailure({ data }: Command<'RecordReadySmsFailure'>, order: PlacedOrder): OrderEvent[] {
  if (order.readySms?.status !== 'requested') return [];
  const { orderId, businessPhone } = order;
  return [
    { type: 'ReadySmsFailed', data: { orderId, businessPhone, reason: data.reason.slice(0, 500), failedAt: data.now } },
  ];
}

type MessageEvent = Extract<
  OrderEvent,
  { type: 'ReceiptSmsSent' | 'ReceiptSmsFailed' | 'ReadySmsRequested' | 'ReadySmsSent' | 'ReadySmsFailed' }
>;

export function evolveMessages(order: PlacedOrder, event: MessageEvent): PlacedOrder {
  switch (event.type) {
    case 'ReceiptSmsSent':
      return { ...order, receiptSms: 'sent' };
    case 'ReceiptSmsFailed':
      return { ...order, receiptSms: 'failed' };
    case 'ReadySmsRequested':
      return { ...order, readySms: { status: 'requested', language: event.data.language } };
    case 'ReadySmsSent':
    case 'ReadySmsFailed': {
      if (!order.readySms) return order;
      return { ...order, readySms: { ...order.readySms, status: event.type === 'ReadySmsSent' ? 'sent' : 'failed' } };
    }
  }
}
