import type { OrderEvent, OrderEventData } from '@tafrit/contracts';
import { OrderAlreadyPlacedError } from './order.errors.js';
import { ORDER_PAYMENT_WINDOW_MS, slipIdOf, type At, type OrderState, type PlacedOrder } from './order.state.js';

/** The order's start and, unpaid, its end. */
export type PlacementCommand =
  | { type: 'PlaceOrder'; data: OrderEventData['OrderPlaced'] }
  | { type: 'PlaceTestOrder'; data: Omit<OrderEventData['OrderPlaced'], 'test'> }
  /**
   * `unshown`: the order's payment page was never shown (its shared table's cart changed while it was placed, issue
   * 34), so it ends at once rather than after the payment window.
   */
  | { type: 'ExpireOrder'; data: At & { unshown?: true } };

type Command<T extends PlacementCommand['type']> = Extract<PlacementCommand, { type: T }>;

export function placeOrder({ data }: Command<'PlaceOrder'>, state: OrderState): OrderEvent[] {
  if (state.placed) throw new OrderAlreadyPlacedError(state.orderId);
  return [{ type: 'OrderPlaced', data }];
}

/**
 * Straight to the kitchen (decision 034): no payment page, no charge, so no invoice, receipt or commission; the slip
 * is queued with the order so it prints as a paid order's does. Nothing to pay: no commission, no tip.
 */
export function placeTestOrder({ data }: Command<'PlaceTestOrder'>, state: OrderState): OrderEvent[] {
  if (state.placed) throw new OrderAlreadyPlacedError(state.orderId);
  const { tipAgorot: _noTip, ...order } = data;
  const { orderId, businessPhone, placedAt } = order;
  return [
    { type: 'OrderPlaced', data: { ...order, commissionAgorot: 0, netAgorot: order.totalAgorot, test: true } },
    { type: 'SlipQueued', data: { orderId, businessPhone, slipId: slipIdOf(orderId), queuedAt: placedAt, test: true } },
  ];
}

/** An order left unpaid for the payment window expires; a paid one, or one paid meanwhile, never does. */
export function expireOrder({ data }: Command<'ExpireOrder'>, order: PlacedOrder): OrderEvent[] {
  if (order.status !== 'pending' || order.payment.status === 'paid') return [];
  // A tab's round sent to the kitchen is in the kitchen's hands (its status moved on); one never sent ends as any.
  // A shared table's bill with a part paid is never dropped: the money was taken (the owner is told instead).
  if (order.parts?.some((part) => part.status === 'paid')) return [];
  if (!data.unshown && Date.parse(data.now) - Date.parse(order.placedAt) < ORDER_PAYMENT_WINDOW_MS) return [];
  return [
    { type: 'OrderExpired', data: { orderId: order.orderId, businessPhone: order.businessPhone, expiredAt: data.now } },
  ];
}

/** The order as it is placed: nothing paid, invoiced, sent or printed yet. */
export function orderPlaced(data: OrderEventData['OrderPlaced']): PlacedOrder {
  return {
    placed: true,
    orderId: data.orderId,
    businessPhone: data.businessPhone,
    orderNumber: data.orderNumber,
    lines: data.lines,
    totalAgorot: data.totalAgorot,
    commissionAgorot: data.commissionAgorot,
    netAgorot: data.netAgorot,
    tipAgorot: data.tipAgorot ?? 0,
    placedAt: data.placedAt,
    departmentId: data.departmentId,
    remarks: data.remarks,
    tableNumber: data.tableNumber,
    dinerSessionId: data.dinerSessionId,
    customerName: data.customerName,
    customerPhone: data.customerPhone,
    seller: data.seller ?? null,
    ...(data.invoiceFor ? { invoiceFor: data.invoiceFor } : {}),
    ...(data.source ? { source: data.source } : {}),
    ...(data.discount ? { discount: data.discount } : {}),
    ...(data.pickupAt && data.dueAt ? { pickup: { at: data.pickupAt, dueAt: data.dueAt, due: false } } : {}),
    ...(data.tableCartId ? { tableCartId: data.tableCartId } : {}),
    ...(data.tab ? { tab: data.tab } : {}),
    status: 'pending',
    payment: {
      status: 'pending',
      pages: [],
      transactionId: null,
      failedPages: [],
      provider: null,
      lowProfileId: null,
      last4: null,
      brand: null,
      approvalNumber: null,
      paidAt: null,
    },
    invoice: 'pending',
    invoiceNumber: null,
    invoiceUrl: null,
    receiptSms: 'pending',
    slipQueued: false,
    slip: 'none',
    refunds: [],
    // A test order goes to the kitchen as placed: its kitchen status starts where a paid order's does.
    ...(data.test ? { test: true as const, status: 'paid' as const } : {}),
  };
}
