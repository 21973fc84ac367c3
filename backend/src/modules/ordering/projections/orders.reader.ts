import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderItemView, PaymentMethod } from '@tafrit/contracts';
import { boundQuery, query } from '../../../platform/database/sql.js';
import { paymentMethodOfColumn } from './order-row.js';

/**
 * An order as the kitchen sees it (the live console, its buttons' answers, the slips), from the `orders` read
 * model's own columns (decision 039): amounts are its numeric(10,2) text ('41.00'), `items` as the spec's table has
 * them (price in shekels), `paymentMethod` its column ('credit_card', 'google_pay', 'bit').
 */
export interface KitchenOrderRow {
  id: string;
  businessId: string;
  orderNumber: number;
  paidAt: Date | null;
  tableNumber: number | null;
  items: OrderItemView[] | string;
  remarks: string | null;
  totalAmount: string;
  tipAmount: string;
  paymentMethod: string;
  /** `paid`, or `test`: the owner's test order (decision 034), which prints and shows marked as one. */
  paymentStatus: string;
  /** The kitchen's status ('paid', 'accepted', 'ready', 'served', 'cancelled', ...). */
  status: string;
  isTest: boolean;
  /** A tab's round (decision 058): its number; null for any other order. */
  tabRound: number | null;
  /** What the provider returned on the order, in agorot. */
  refundedAgorot: number;
  /** The last refund when the provider refused it; null otherwise. */
  refundRefused: { refundId: string; reason: string } | null;
  /** The slip's state as the order's commands recorded it; null on a row older than its snapshot. */
  slipStatus: string | null;
  /** Order ahead (issue 33): the pickup time (null: as soon as possible), and whether it waits to be due. */
  pickupAt: Date | null;
  upcoming: boolean;
}

/** A business's paid orders and sales in a period (the administrator's list of accounts). */
export interface SalesRow {
  businessId: string;
  orders: number;
  /** numeric(14,2) text. */
  sales: string;
}

interface KitchenSqlRow {
  id: string;
  business_id: string;
  order_number: number;
  paid_at: Date | null;
  table_number: number | null;
  items: OrderItemView[] | string;
  remarks: string | null;
  total_amount: string;
  tip_amount: string;
  payment_method: string;
  payment_status: string;
  status: string;
  is_test: boolean;
  tab_round: number | null;
  refunded_agorot: string;
  refund_refused_id: string | null;
  refund_refused_reason: string | null;
  slip_status: string | null;
  pickup_at: Date | null;
  upcoming: boolean | null;
}

const KITCHEN_COLUMNS = `id, business_id, order_number, paid_at, table_number, items, remarks, total_amount, tip_amount,
  payment_method, payment_status, status, is_test, (state->'tab'->>'round')::int as tab_round,
  (refunded_amount * 100)::bigint::text as refunded_agorot,
  refund_refused_id, refund_refused_reason, slip_status, pickup_at,
  (due_at is not null and coalesce((state->'pickup'->>'due')::boolean, false) = false) as upcoming`;
// Paid orders and the owner's test orders (decision 034, payment_status 'test'): both are the kitchen's to make.
// A tab's round (decision 058, payment_status 'tab') too: it is made now and paid with its table's bill.
const FOR_KITCHEN = `payment_status in ('paid', 'test', 'tab')`;

function kitchenRowOf(row: KitchenSqlRow): KitchenOrderRow {
  return {
    id: row.id,
    businessId: row.business_id,
    orderNumber: row.order_number,
    paidAt: row.paid_at,
    tableNumber: row.table_number,
    items: row.items,
    remarks: row.remarks,
    totalAmount: row.total_amount,
    tipAmount: row.tip_amount,
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
    status: row.status,
    isTest: row.is_test,
    tabRound: row.tab_round === null || row.tab_round === undefined ? null : Number(row.tab_round),
    refundedAgorot: Number(row.refunded_agorot ?? 0),
    refundRefused:
      row.refund_refused_id === null
        ? null
        : { refundId: row.refund_refused_id, reason: row.refund_refused_reason ?? '' },
    slipStatus: row.slip_status,
    pickupAt: row.pickup_at ?? null,
    upcoming: row.upcoming === true,
  };
}

/**
 * What other modules read of the orders (issue 30): ordering's `orders` table is named in SQL only here, in
 * ordering. Each method is one query on the `em` the caller hands in (a processor reads inside its transaction).
 */
export const ordersReader = {
  /** One order of a business, whatever its state; undefined when the business has no such order. */
  async order(em: EntityManager, businessPhone: string, orderId: string): Promise<KitchenOrderRow | undefined> {
    const [row] = await query<KitchenSqlRow>(
      em,
      `select ${KITCHEN_COLUMNS} from orders where id = ? and business_id = ?`,
      [orderId, businessPhone],
    );
    return row ? kitchenRowOf(row) : undefined;
  },

  /** One paid (or test) order of a business, as the kitchen makes it. */
  async kitchenOrder(em: EntityManager, businessPhone: string, orderId: string): Promise<KitchenOrderRow | undefined> {
    const [row] = await query<KitchenSqlRow>(
      em,
      `select ${KITCHEN_COLUMNS} from orders where id = ? and business_id = ? and ${FOR_KITCHEN}`,
      [orderId, businessPhone],
    );
    return row ? kitchenRowOf(row) : undefined;
  },

  /** The numbers of a business's orders by id, in one query (the activity page's acts name them); others absent. */
  async numbersOf(em: EntityManager, businessPhone: string, orderIds: readonly string[]): Promise<Map<string, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await boundQuery<{ id: string; order_number: number }>(
      em,
      `select id, order_number from orders where business_id = $1 and id = any($2::uuid[])`,
      [businessPhone, orderIds],
    );
    return new Map(rows.map((row) => [row.id, Number(row.order_number)]));
  },

  /** Paid (or test) orders of any businesses, by id: a batch of events in one query. */
  async kitchenOrdersByIds(em: EntityManager, orderIds: readonly string[]): Promise<KitchenOrderRow[]> {
    if (orderIds.length === 0) return [];
    const rows = await boundQuery<KitchenSqlRow>(
      em,
      `select ${KITCHEN_COLUMNS} from orders where id = any($1::uuid[]) and ${FOR_KITCHEN}`,
      [orderIds],
    );
    return rows.map(kitchenRowOf);
  },

  /** A business's paid (or test) orders that reached the kitchen in [start, end), the latest first. */
  async kitchenOrdersBetween(
    em: EntityManager,
    businessPhone: string,
    start: Date,
    end: Date,
  ): Promise<KitchenOrderRow[]> {
    const rows = await query<KitchenSqlRow>(
      em,
      `select ${KITCHEN_COLUMNS} from orders
        where business_id = ? and ${FOR_KITCHEN} and paid_at >= ? and paid_at < ?
        order by paid_at desc, order_number desc`,
      [businessPhone, start, end],
    );
    return rows.map(kitchenRowOf);
  },

  /** Paid orders and their sum per business, paid in [start, end); one business when `businessPhone` is given. */
  async salesByBusiness(em: EntityManager, start: Date, end: Date, businessPhone?: string): Promise<SalesRow[]> {
    const rows = await query<{ business_id: string; orders: number; sales: string }>(
      em,
      `select business_id, count(*)::int as orders, sum(total_amount)::numeric(14, 2)::text as sales
         from orders
        where payment_status = 'paid' and paid_at >= ? and paid_at < ? ${businessPhone ? 'and business_id = ?' : ''}
        group by business_id`,
      businessPhone ? [start, end, businessPhone] : [start, end],
    );
    return rows.map((row) => ({ businessId: row.business_id, orders: Number(row.orders), sales: row.sales }));
  },

  /**
   * What a tax document of an order shows besides its own event (issue 32, the accountant's exports): the lines as
   * ordered, the order's number and table, how it was paid. By id, in one query; orders of another business are left
   * out.
   */
  async documentFactsOf(
    em: EntityManager,
    businessPhone: string,
    orderIds: readonly string[],
  ): Promise<Map<string, OrderDocumentFacts>> {
    if (orderIds.length === 0) return new Map();
    const rows = await boundQuery<{
      id: string;
      order_number: number;
      table_number: number | null;
      items: OrderItemView[] | string;
      payment_method: string;
      card_brand: string | null;
      card_last4: string | null;
      paid_at: Date | null;
      promo_code: string | null;
    }>(
      em,
      `select id, order_number, table_number, items, payment_method, card_brand, card_last4, paid_at, promo_code
         from orders where business_id = $1 and id = any($2::uuid[])`,
      [businessPhone, orderIds],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          orderNumber: Number(row.order_number),
          tableNumber: row.table_number,
          items: typeof row.items === 'string' ? (JSON.parse(row.items) as OrderItemView[]) : row.items,
          paymentMethod: paymentMethodOfColumn(row.payment_method),
          cardBrand: row.card_brand,
          cardLast4: row.card_last4,
          paidAt: row.paid_at,
          promoCode: row.promo_code,
        },
      ]),
    );
  },
};

/** An order as its tax documents show it (`ordersReader.documentFactsOf`). */
export interface OrderDocumentFacts {
  orderNumber: number;
  tableNumber: number | null;
  /** The lines as ordered: `price` in shekels, one unit with its options. */
  items: OrderItemView[];
  paymentMethod: PaymentMethod;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: Date | null;
  /** The promo code the order was placed with (issue 33); each item carries its share. Null: none. */
  promoCode: string | null;
}
