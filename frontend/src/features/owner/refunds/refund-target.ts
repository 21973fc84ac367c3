// What the refund dialog needs of an order, whichever screen opens it (the live console's order, a report's order),
// and the arithmetic it shows before sending. The server decides the real amount from the order; these figures only
// let the confirmation name the amount the owner is about to return.
import type { LiveOrder } from '@tafrit/contracts/sockets';
import type { ReportOrder } from '@tafrit/contracts/ordering-types';
import { parsePriceToAgorot } from '@tafrit/contracts/money';
import { withoutChoiceName } from '@tafrit/contracts/order-line-text';
import { withoutDirectionControls } from '@tafrit/contracts/text';
import type { RefundRequest } from '../shared/api/refunds';
import { decimalToAgorot, lineTotalAgorot } from '../reports/reports-format';

export interface RefundTargetLine {
  name: string;
  quantity: number;
  lineTotalAgorot: number;
  /** The line's choices, so two lines of one product can be told apart. */
  choices: string[];
}

export interface RefundTarget {
  orderId: string;
  orderNumber: number;
  tableNumber: number | null;
  totalAgorot: number;
  refundedAgorot: number;
  lines: RefundTargetLine[];
  /**
   * Issue 34: one payer's payment of a shared bill paid in parts, refunded on its own (by amount: a share paid for no
   * line in particular), and the payer's name; absent: the order's one payment.
   */
  partId?: string;
  payer?: string;
}

/** A choice as the dialog names it: "בלי קצף" once, even for a choice the owner named "בלי קצף" (issue 29). */
const choiceWording = (option: { name: string; without?: boolean }): string =>
  option.without ? `בלי ${withoutChoiceName(option.name)}` : withoutDirectionControls(option.name);

export const remainingOf = (target: RefundTarget): number => Math.max(0, target.totalAgorot - target.refundedAgorot);

export function targetOfLiveOrder(order: LiveOrder): RefundTarget {
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    tableNumber: order.tableNumber,
    totalAgorot: order.totalAgorot,
    refundedAgorot: order.refundedAgorot ?? 0,
    lines: order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      lineTotalAgorot: line.lineTotalAgorot,
      choices: (line.options ?? []).map(choiceWording),
    })),
  };
}

export function targetOfReportOrder(order: ReportOrder): RefundTarget {
  // A refund waiting for the provider's answer holds its amount, as the server counts it; a refused one does not.
  const held = (order.unsettledRefunds ?? []).filter((refund) => refund.status === 'requested');
  const refunded = [...order.refunds, ...held].reduce((sum, refund) => sum + (decimalToAgorot(refund.amount) ?? 0), 0);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    tableNumber: order.tableNumber,
    totalAgorot: decimalToAgorot(order.totalAmount) ?? 0,
    refundedAgorot: refunded,
    lines: order.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      lineTotalAgorot: lineTotalAgorot(item.price, item.quantity),
      choices: (item.options ?? []).map(choiceWording),
    })),
  };
}

/** The amount a request returns, as the order's prices say (a line's units at the price they were sold for). */
export function amountOf(target: RefundTarget, request: RefundRequest): number {
  switch (request.kind) {
    case 'whole':
      return remainingOf(target);
    case 'amount':
      return parsePriceToAgorot(request.amount) ?? 0;
    case 'lines':
      return request.lines.reduce((sum, { index, quantity }) => {
        const line = target.lines[index];
        return line ? sum + (line.lineTotalAgorot / line.quantity) * quantity : sum;
      }, 0);
  }
}

/** One payer's payment of a shared bill (issue 34): what it paid less what went back on it (or waits to). */
export function targetOfPayment(
  order: ReportOrder,
  payment: NonNullable<ReportOrder['payments']>[number],
  payer: string,
): RefundTarget {
  const held = (order.unsettledRefunds ?? []).filter((refund) => refund.status === 'requested');
  const refunded = order.refunds
    .filter((refund) => refund.partId === payment.partId)
    .reduce((sum, refund) => sum + (decimalToAgorot(refund.amount) ?? 0), 0);
  // A refund waiting for its answer does not say its payment: it holds its amount against each, to stay safe.
  const waiting = held.reduce((sum, refund) => sum + (decimalToAgorot(refund.amount) ?? 0), 0);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    tableNumber: order.tableNumber,
    totalAgorot: decimalToAgorot(payment.amount) ?? 0,
    refundedAgorot: refunded + waiting,
    lines: [],
    partId: payment.partId,
    payer,
  };
}
