import type { OrderEvent, OrderEventData } from '@tafrit/contracts';
import { OrderInvalidTransitionError } from './order.errors.js';
import type { At, PlacedOrder } from './order.state.js';

/**
 * How long our document waits for its allocation number before it is issued without one and the buyer is told
 * (issue 32, decision 049). The Authority answers in seconds when it answers at all; the wait leaves time for a
 * retry after a short outage, for the owner to connect again, or to type a number from the personal area.
 */
export const ALLOCATION_WAIT_MS = 15 * 60 * 1000;

type Allocation = NonNullable<OrderEventData['InvoiceIssued']['allocation']>;
type WithoutAllocation = NonNullable<OrderEventData['InvoiceIssued']['withoutAllocation']>;

/** What became of a document waiting for its number (decision 049). */
export type AllocationCommand =
  /** The number came (from the Authority, or typed by hand): the document is issued with it. */
  | { type: 'IssueAllocatedInvoice'; data: At & { allocation: Allocation } }
  /** The Authority refused: recorded with its words and the options; the owner chooses next. */
  | { type: 'RecordAllocationRefusal'; data: At & { code: string; reason: string } }
  /** The wait ran out (`no_answer`), or the owner chose after a refusal (`refused`): issued without a number. */
  | { type: 'IssueInvoiceWithoutAllocation'; data: At & WithoutAllocation };

type Command<T extends AllocationCommand['type']> = Extract<AllocationCommand, { type: T }>;

const waiting = (order: PlacedOrder) =>
  order.invoice === 'awaiting_allocation' || order.invoice === 'allocation_refused';

/**
 * The waiting document, issued as it was decided with the payment: only the number's part is added now. Its date is
 * the payment's, the date its number was reserved on and the Authority was asked about, so the business's numbers
 * and dates keep the same order and the document stays in the month of its sale.
 */
function issued(
  order: PlacedOrder,
  extra: Pick<OrderEventData['InvoiceIssued'], 'allocation' | 'withoutAllocation'>,
): OrderEvent {
  const { awaitingSince, issueWithoutBy: _by, ...document } = order.awaitingInvoice!;
  return {
    type: 'InvoiceIssued',
    data: {
      ...document,
      invoiceNumber: order.invoiceNumber!,
      issuedAt: awaitingSince,
      allocationRequired: true,
      ...extra,
    },
  };
}

export function issueAllocatedInvoice({ data }: Command<'IssueAllocatedInvoice'>, order: PlacedOrder): OrderEvent[] {
  // A second answer for an issued document (a retry that crossed the first, a number typed after) changes nothing:
  // an issued document never changes.
  if (!waiting(order) || !order.awaitingInvoice) return [];
  return [issued(order, { allocation: data.allocation })];
}

export function recordAllocationRefusal(
  { data }: Command<'RecordAllocationRefusal'>,
  order: PlacedOrder,
): OrderEvent[] {
  if (order.invoice !== 'awaiting_allocation') return [];
  const { orderId, businessPhone } = order;
  return [
    {
      type: 'AllocationRefused',
      data: {
        orderId,
        businessPhone,
        code: data.code,
        reason: data.reason,
        options: ['cancel', 'issue_without_number'],
        refusedAt: data.now,
      },
    },
  ];
}

export function issueInvoiceWithoutAllocation(
  { data }: Command<'IssueInvoiceWithoutAllocation'>,
  order: PlacedOrder,
): OrderEvent[] {
  if (!waiting(order) || !order.awaitingInvoice) return [];
  const { now, ...without } = data;
  if (without.why === 'no_answer') {
    // Only the end of the wait issues without a number: before it, there is still time for an answer.
    if (order.invoice !== 'awaiting_allocation') return [];
    if (Date.parse(now) < Date.parse(order.awaitingInvoice.issueWithoutBy)) {
      throw new OrderInvalidTransitionError('awaiting_allocation', 'IssueInvoiceWithoutAllocation');
    }
  } else if (order.invoice !== 'allocation_refused' || !without.choice) {
    // The owner's choice answers a refusal, and only a refusal.
    throw new OrderInvalidTransitionError(order.invoice, 'IssueInvoiceWithoutAllocation');
  }
  return [issued(order, { withoutAllocation: without })];
}

type AllocationEvent = Extract<OrderEvent, { type: 'InvoiceAwaitingAllocation' | 'AllocationRefused' }>;

export function evolveAllocation(order: PlacedOrder, event: AllocationEvent): PlacedOrder {
  if (event.type === 'AllocationRefused') {
    const { code, reason, refusedAt } = event.data;
    return { ...order, invoice: 'allocation_refused', allocationRefusal: { code, reason, refusedAt } };
  }
  const { invoiceNumber, ...document } = event.data;
  return {
    ...order,
    invoice: 'awaiting_allocation',
    invoiceNumber,
    invoiceUrl: document.invoiceUrl,
    invoiceSource: 'platform',
    invoiceVatRatePercent: document.vatRatePercent,
    awaitingInvoice: document,
  };
}
