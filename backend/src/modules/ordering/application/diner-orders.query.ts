import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  israelSlotTime,
  type DinerOrderView,
  type DinerRefund,
  type InvoiceStatus,
  type OrderStatus,
  type PaymentStatus,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import { BusinessReader } from '../../accounts/index.js';
import { InvoiceLinks } from '../../invoicing/index.js';
import type { RefundState } from '../domain/refunds.js';
import type { PartState } from '../domain/order.decider.js';
import { paidItemsAgorot } from '../domain/parts.js';
import { OrderChanges } from '../persistence/order-changes.js';
import { RecentOrders } from '../persistence/recent-orders.js';
import { orderRowOf } from '../projections/order-row.js';
import type { OrderLineSnapshot } from '../projections/order.entity.js';
import { RecordPaymentResultCommand, type RecordedOutcome } from './record-payment-result.handler.js';

interface OrderRow {
  id: string;
  business_id: string;
  order_number: number;
  created_at: Date | string;
  items: OrderLineSnapshot[] | string;
  total_amount: string;
  tip_amount: string;
  remarks: string | null;
  table_number: number | null;
  status: OrderStatus;
  payment_status: PaymentStatus;
  invoice_status: InvoiceStatus;
  invoice_number: string | null;
  invoice_url: string | null;
  cardcom_low_profile_id: string | null;
  estimated_ready_at: string | null;
  service_mode: string | null;
  /** Order ahead (issue 33): the pickup time (ISO instant); null: as soon as possible. */
  pickup_at: string | null;
  /** The order's refunds from its state snapshot (null before refunds existed). */
  refunds: RefundState[] | string | null;
  /** A shared bill's parts (issue 34) from the snapshot; null: one payer. */
  parts: PartState[] | string | null;
}

/** The order with its business's address and name as they are now (accounts' reader has them). */
type OrderView = Omit<OrderRow, 'business_id'> & { department_id: string; business_name: string };

// The marker names the diner's reads in the database's statistics: they are not part of the order's own cost.
const SELECT = `/* diner-read */ select o.id, o.business_id, o.order_number, o.created_at, o.items,
    o.total_amount, o.tip_amount, o.remarks, o.table_number, o.status, o.payment_status, o.invoice_status, o.invoice_number,
    o.invoice_url, o.cardcom_low_profile_id, o.state->>'estimatedReadyAt' as estimated_ready_at,
    o.state->'seller'->>'serviceMode' as service_mode, o.state->'pickup'->>'at' as pickup_at,
    o.state->'refunds' as refunds, o.state->'parts' as parts
  from orders o`;
const LATEST = preparedStatement<OrderRow>(
  'diner_order_latest',
  // The session's newest order: one it placed, or one whose shared bill it paid a part of (issue 34), each by its index.
  `select * from (
     (${SELECT} where o.business_id = $1 and o.diner_session_id = $2 order by o.created_at desc limit 1)
     union all
     (${SELECT} where o.business_id = $1 and o.payer_sessions <> '{}' and o.payer_sessions @> array[$2::text]
       order by o.created_at desc limit 1)
   ) latest order by created_at desc limit 1`,
);
const BY_NUMBER = preparedStatement<OrderRow>(
  'diner_order_by_number',
  // By the address the order was placed at, which stays its own after the business gets a new one (decision 017).
  `${SELECT} where o.department_id = $1 and o.order_number = $2
     and (o.diner_session_id = $3 or o.payer_sessions @> array[$3::text] or o.business_id = $4)`,
);

// How often one order's unconfirmed payment is asked of the provider from the thank-you page's reads.
const RECHECK_MS = 5_000;
/** How long `wait` holds a request before answering with the order as it is (the page then asks again). */
export const WAIT_MS = 25_000;
/** A change committed by another instance is not announced here: a waiting request looks again this often. */
const WAIT_RECHECK_MS = 2_000;
/** The same for a settled order followed through the kitchen's steps. */
const KITCHEN_RECHECK_MS = 10_000;

/** Settled: nothing more will happen without a person (paid and invoiced, or the payment failed or expired). */
export function isSettled(order: DinerOrderView): boolean {
  if (order.paymentStatus === 'paid') return order.invoiceStatus !== 'pending';
  return order.paymentStatus === 'failed' || order.status === 'expired';
}

/**
 * Whether a wait answers now. Without `seen` (the first ask of the thank-you page): once the order is settled. With
 * `seen` (the kitchen status the page shows, decision 031): once the order is settled in another status, so the same
 * held request carries the payment's outcome and then each step of the kitchen (one channel, not two).
 */
export function answersWait(order: DinerOrderView, seen: string | undefined): boolean {
  if (!isSettled(order)) return false;
  return seen === undefined || order.status !== seen;
}

/**
 * The diner's reads of their own orders (DESIGN.md §4 step 8): by the diner session's cookie, never "the latest
 * order of the restaurant". While a payment is unconfirmed (the webhook is late or was lost), a read asks the
 * provider itself, through the same verification as the webhook, at most every few seconds per order.
 */
@Injectable()
export class DinerOrders {
  private readonly logger = new Logger('DinerOrders');
  private readonly lastChecks = new Map<string, number>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
    private readonly changes: OrderChanges,
    private readonly recent: RecentOrders,
    private readonly links: InvoiceLinks,
    private readonly businesses: BusinessReader,
  ) {}

  async latest(departmentId: string, dinerSessionId: string, correlationId: string): Promise<DinerOrderView | null> {
    return this.withPaymentCheck(() => this.latestRow(departmentId, dinerSessionId), correlationId, dinerSessionId);
  }

  /**
   * The session's newest order as the database has it, for the thank-you page the server draws (decision 031): one
   * read, never the provider (a pending payment is drawn as pending; the page's own wait then asks the provider).
   */
  async latestAsRecorded(departmentId: string, dinerSessionId: string): Promise<DinerOrderView | null> {
    const row = await this.latestRow(departmentId, dinerSessionId);
    return row ? this.view(row, dinerSessionId) : null;
  }

  /**
   * The thank-you page's one pushed answer (decision 015): the order as soon as it is settled (see `isSettled`),
   * else when it changes, else after `WAIT_MS` as it is. Held without polling the database: a change committed here
   * wakes it at once; one committed by another instance is seen within `WAIT_RECHECK_MS`.
   */
  async waitFor(
    departmentId: string,
    orderNumber: number,
    caller: { dinerSessionId?: string; ownerPhone?: string },
    correlationId: string,
    signal: AbortSignal,
    seen?: string,
  ): Promise<DinerOrderView | null> {
    const deadline = Date.now() + WAIT_MS;
    let order = await this.byNumber(departmentId, orderNumber, caller, correlationId);
    while (order && !answersWait(order, seen) && !signal.aborted) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      // A kitchen step is a person's press, minutes apart: another instance's is looked for less often than a payment.
      const recheck = isSettled(order) ? KITCHEN_RECHECK_MS : WAIT_RECHECK_MS;
      await this.changes.next(order.orderId, Math.min(left, recheck), signal);
      if (signal.aborted) break;
      order = await this.byNumber(departmentId, orderNumber, caller, correlationId);
    }
    return order;
  }

  /** One order by its number, for its diner session or for the business's signed-in owner. */
  async byNumber(
    departmentId: string,
    orderNumber: number,
    caller: { dinerSessionId?: string; ownerPhone?: string },
    correlationId: string,
  ): Promise<DinerOrderView | null> {
    if (!caller.dinerSessionId && !caller.ownerPhone) return null;
    const remembered = this.remembered(departmentId, orderNumber, caller);
    if (remembered) return remembered;
    const find = async () => {
      const [row] = await this.database.run(BY_NUMBER, [
        departmentId,
        orderNumber,
        caller.dinerSessionId ?? null,
        caller.ownerPhone ?? null,
      ]);
      return row && this.withBusiness(row, await this.businesses.byPhone(row.business_id));
    };
    return this.withPaymentCheck(find, correlationId, caller.dinerSessionId);
  }

  /** The session's newest order at the business that has this department now (its address may have changed). */
  private async latestRow(departmentId: string, dinerSessionId: string): Promise<OrderView | undefined> {
    const business = await this.businesses.byDepartment(departmentId);
    if (!business) return undefined;
    const [row] = await this.database.run(LATEST, [business.phone, dinerSessionId]);
    return row && this.withBusiness(row, business);
  }

  private withBusiness(
    { business_id: _, ...row }: OrderRow,
    business: { departmentId: string; businessName: string } | undefined,
  ): OrderView | undefined {
    return business && { ...row, department_id: business.departmentId, business_name: business.businessName };
  }

  /**
   * A settled order this process wrote within the last `WAIT_RECHECK_MS`, answered without a query (decision 015
   * §10): the thank-you page's first wait comes right after the payment committed here. It is as current as the row
   * for one instance, and with several as current as a waiting request's own look again. The caller is checked as
   * the query would (the order's diner session or its business's owner); anything else goes to the database.
   */
  private remembered(
    departmentId: string,
    orderNumber: number,
    caller: { dinerSessionId?: string; ownerPhone?: string },
  ): DinerOrderView | null {
    const state = this.recent.fresh(departmentId, orderNumber, WAIT_RECHECK_MS);
    if (!state?.seller) return null;
    if (state.dinerSessionId !== caller.dinerSessionId && state.businessPhone !== caller.ownerPhone) return null;
    const row = orderRowOf(state);
    const order = this.view(
      {
        ...row,
        department_id: state.departmentId,
        business_name: state.seller.name,
        status: state.status,
        payment_status: state.payment.status,
        invoice_status: state.invoice,
        estimated_ready_at: state.estimatedReadyAt ?? null,
        service_mode: state.seller.serviceMode ?? null,
        refunds: state.refunds ?? null,
        parts: state.parts ?? null,
      },
      caller.dinerSessionId,
    );
    return isSettled(order) ? order : null;
  }

  private async withPaymentCheck(
    find: () => Promise<OrderView | undefined>,
    correlationId: string,
    dinerSessionId?: string,
  ) {
    let row = await find();
    // The page still waiting for its payment: the order's, or at a shared table the reader's own part's.
    const part = row && partOf(row, dinerSessionId);
    const page = part ? (part.status === 'pending' ? part.lowProfileId : null) : row?.cardcom_low_profile_id;
    if (row && page && row.status === 'pending' && (part || row.payment_status !== 'paid')) {
      if (await this.recheck(row.id, page, correlationId)) row = await find();
    }
    return row ? this.view(row, dinerSessionId) : null;
  }

  private view(row: OrderView, dinerSessionId?: string): DinerOrderView {
    const stored = typeof row.refunds === 'string' ? (JSON.parse(row.refunds) as RefundState[]) : row.refunds;
    const refunds: DinerRefund[] = (stored ?? [])
      .filter((refund) => refund.status === 'refunded')
      .map((refund) => ({
        refundId: refund.refundId,
        amount: agorotToDecimalString(refund.amountAgorot),
        refundedAt: refund.refundedAt ?? refund.requestedAt,
        creditUrl: refund.credit === 'issued' ? this.links.creditUrlFor(row.id, refund.refundId) : null,
      }));
    const part = partOf(row, dinerSessionId);
    return {
      ...view(row),
      ...(refunds.length > 0 ? { refunds } : {}),
      ...(part ? this.asPayer(row, part) : {}),
    };
  }

  /**
   * At a shared table (issue 34, decision 056) the reader sees their own part: what they paid (their part and tip),
   * its state and their own document; and the bill: what the table has paid and what is left. The kitchen's status
   * stays the order's (pending until the parts cover it).
   */
  private asPayer(row: OrderView, part: PartState): Partial<DinerOrderView> {
    const parts = partsOf(row);
    const items = parts.length > 0 ? billOf(row) : 0;
    const paid = paidItemsAgorot(parts);
    const status = part.status === 'paid' ? 'paid' : part.status === 'pending' ? 'pending' : 'failed';
    return {
      totalAmount: agorotToDecimalString(part.amountAgorot),
      tipAmount: agorotToDecimalString(part.tipAgorot),
      paymentStatus: status,
      invoiceStatus: part.invoiceNumber ? 'generated' : 'pending',
      invoiceNumber: part.invoiceNumber,
      invoiceUrl: part.invoiceNumber ? this.links.partUrlFor(row.id, part.partId) : null,
      table: {
        billAmount: agorotToDecimalString(items),
        paidAmount: agorotToDecimalString(Math.min(paid, items)),
        leftAmount: agorotToDecimalString(Math.max(0, items - paid)),
        paid: row.payment_status === 'paid',
      },
    };
  }

  private async recheck(orderId: string, lowProfileId: string, correlationId: string): Promise<boolean> {
    const now = Date.now();
    if (now - (this.lastChecks.get(orderId) ?? 0) < RECHECK_MS) return false;
    this.lastChecks.set(orderId, now);
    if (this.lastChecks.size > 10_000) this.lastChecks.clear();
    try {
      const outcome: RecordedOutcome = await this.commands.execute(
        new RecordPaymentResultCommand(lowProfileId, correlationId),
      );
      return outcome !== 'pending';
    } catch (error) {
      this.logger.warn(`payment check of order ${orderId}: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }
}

function view(row: OrderView): DinerOrderView {
  const items = typeof row.items === 'string' ? (JSON.parse(row.items) as OrderLineSnapshot[]) : row.items;
  return {
    orderId: row.id,
    orderNumber: Number(row.order_number),
    departmentId: row.department_id,
    businessName: row.business_name,
    createdAt: new Date(row.created_at).toISOString(),
    items: items.map(({ productId, name, price, quantity, options, translatedName }) => ({
      productId,
      name,
      price,
      quantity,
      ...(options?.length ? { options } : {}),
      ...(translatedName ? { translatedName } : {}),
    })),
    totalAmount: row.total_amount,
    // The tip is inside the total: the thank-you page names it, so its lines and the tip add up (issue 29).
    tipAmount: row.tip_amount ?? '0.00',
    remarks: row.remarks,
    tableNumber: row.table_number,
    status: row.status,
    paymentStatus: row.payment_status,
    invoiceStatus: row.invoice_status,
    invoiceNumber: row.invoice_number,
    invoiceUrl: row.invoice_url,
    estimatedReadyAt: row.estimated_ready_at ?? null,
    // An order for a pickup time is collected, whatever the café's service (issue 33).
    serviceMode: row.service_mode === 'pickup' || row.pickup_at ? 'pickup' : 'table',
    ...(row.pickup_at ? { pickupAt: israelSlotTime(Date.parse(row.pickup_at)) } : {}),
  };
}

function partsOf(row: Pick<OrderRow, 'parts'>): PartState[] {
  return (typeof row.parts === 'string' ? (JSON.parse(row.parts) as PartState[] | null) : row.parts) ?? [];
}

/** The reader's own part of a shared bill: their paid one, else their newest one not replaced. */
function partOf(row: Pick<OrderRow, 'parts'>, dinerSessionId: string | undefined): PartState | undefined {
  if (!dinerSessionId) return undefined;
  const mine = partsOf(row).filter((part) => part.dinerSessionId === dinerSessionId && part.status !== 'replaced');
  return mine.find((part) => part.status === 'paid') ?? mine.at(-1);
}

/** The bill's items: the order's total before any payer's tip (the row's total counts the tips once it is paid). */
function billOf(row: Pick<OrderRow, 'total_amount' | 'tip_amount'>): number {
  const cents = (text: string) => Math.round(Number(text) * 100);
  return cents(row.total_amount) - cents(row.tip_amount ?? '0');
}
