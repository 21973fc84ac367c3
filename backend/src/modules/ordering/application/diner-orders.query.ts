import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DinerOrderView, InvoiceStatus, OrderStatus, PaymentStatus } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/event-store/postgres/sql.js';
import type { OrderLineSnapshot } from '../projections/order.entity.js';
import { PaymentResults } from './payment-results.service.js';

interface OrderRow {
  id: string;
  order_number: number;
  department_id: string;
  business_name: string;
  created_at: Date | string;
  items: OrderLineSnapshot[] | string;
  total_amount: string;
  remarks: string | null;
  table_number: number | null;
  status: OrderStatus;
  payment_status: PaymentStatus;
  invoice_status: InvoiceStatus;
  invoice_number: string | null;
  invoice_url: string | null;
  cardcom_low_profile_id: string | null;
}

const SELECT = `select o.id, o.order_number, b.department_id, b.business_name, o.created_at, o.items, o.total_amount,
    o.remarks, o.table_number, o.status, o.payment_status, o.invoice_status, o.invoice_number, o.invoice_url,
    o.cardcom_low_profile_id
  from orders o join businesses b on b.phone = o.business_id`;

// How often one order's unconfirmed payment is asked of the provider from the thank-you page's reads.
const RECHECK_MS = 5_000;

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
    private readonly payments: PaymentResults,
  ) {}

  async latest(departmentId: string, dinerSessionId: string, correlationId: string): Promise<DinerOrderView | null> {
    const find = () =>
      query<OrderRow>(
        this.database.em(),
        `${SELECT} where b.department_id = ? and o.diner_session_id = ? order by o.created_at desc limit 1`,
        [departmentId, dinerSessionId],
      );
    return this.withPaymentCheck(find, correlationId);
  }

  /** One order by its number, for its diner session or for the business's signed-in owner. */
  async byNumber(
    departmentId: string,
    orderNumber: number,
    caller: { dinerSessionId?: string; ownerPhone?: string },
    correlationId: string,
  ): Promise<DinerOrderView | null> {
    if (!caller.dinerSessionId && !caller.ownerPhone) return null;
    const find = () =>
      query<OrderRow>(
        this.database.em(),
        `${SELECT} where b.department_id = ? and o.order_number = ?
          and (o.diner_session_id = ? or o.business_id = ?)`,
        [departmentId, orderNumber, caller.dinerSessionId ?? null, caller.ownerPhone ?? null],
      );
    return this.withPaymentCheck(find, correlationId);
  }

  private async withPaymentCheck(find: () => Promise<OrderRow[]>, correlationId: string) {
    let [row] = await find();
    if (row && row.payment_status !== 'paid' && row.status === 'pending' && row.cardcom_low_profile_id) {
      if (await this.recheck(row.id, row.cardcom_low_profile_id, correlationId)) [row] = await find();
    }
    return row ? view(row) : null;
  }

  private async recheck(orderId: string, lowProfileId: string, correlationId: string): Promise<boolean> {
    const now = Date.now();
    if (now - (this.lastChecks.get(orderId) ?? 0) < RECHECK_MS) return false;
    this.lastChecks.set(orderId, now);
    if (this.lastChecks.size > 10_000) this.lastChecks.clear();
    try {
      return (await this.payments.verifyAndRecord(lowProfileId, correlationId)) !== 'pending';
    } catch (error) {
      this.logger.warn(`payment check of order ${orderId}: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }
}

function view(row: OrderRow): DinerOrderView {
  const items = typeof row.items === 'string' ? (JSON.parse(row.items) as OrderLineSnapshot[]) : row.items;
  return {
    orderId: row.id,
    orderNumber: Number(row.order_number),
    departmentId: row.department_id,
    businessName: row.business_name,
    createdAt: new Date(row.created_at).toISOString(),
    items: items.map(({ productId, name, price, quantity }) => ({ productId, name, price, quantity })),
    totalAmount: row.total_amount,
    remarks: row.remarks,
    tableNumber: row.table_number,
    status: row.status,
    paymentStatus: row.payment_status,
    invoiceStatus: row.invoice_status,
    invoiceNumber: row.invoice_number,
    invoiceUrl: row.invoice_url,
  };
}
