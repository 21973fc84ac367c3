import { createHash, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { agorotToDecimalString, orderEventSchemaVersions, orderStreamId, type OrderLine } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/event-store/postgres/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessEntity } from '../../accounts/index.js';
import { ProductEntity } from '../../menu/index.js';
import { orderDecider, ORDER_PAYMENT_WINDOW_MS } from '../domain/order.decider.js';
import { priceCart } from '../domain/pricing.js';

export interface PlaceOrderInput {
  departmentId: string;
  dinerSessionId: string;
  lines: { productId: number; quantity: number }[];
  /** The total the diner was shown, in agorot: it must equal the server's or nothing is placed. */
  shownTotalAgorot: number;
  remarks: string | null;
  tableNumber: number | null;
  customerName: string | null;
  customerPhone: string | null;
  correlationId: string;
}

export class PlaceOrderCommand {
  constructor(readonly input: PlaceOrderInput) {}
}

export interface PlacedOrderResult {
  orderId: string;
  orderNumber: number;
  totalAgorot: number;
  /** False when the same diner sent the same cart again within 30 minutes: the first order is answered. */
  created: boolean;
}

/**
 * `PlaceOrder`: reprices the cart from the menu, refuses paused businesses, unavailable products and a total the
 * diner was not shown, then records `OrderPlaced` with the business's next order number. The number, the
 * idempotency key and the append share one transaction: a rollback returns the number, and a double click (the same
 * diner session and cart) waits on the key's lock and then finds the first order.
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, PlacedOrderResult> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ input }: PlaceOrderCommand): Promise<PlacedOrderResult> {
    const business = await this.database
      .em()
      .findOne(BusinessEntity, { departmentId: input.departmentId, closedAt: null });
    if (!business) throw new AppError('menu.not_found');
    if (!business.isActive) throw new AppError('menu.unavailable');

    const products = await this.database
      .em()
      .find(
        ProductEntity,
        { businessId: business.phone, id: { $in: input.lines.map((line) => line.productId) } },
        { fields: ['id', 'name', 'price', 'isActive'] },
      );
    const pricing = priceCart(input.lines, products);
    if (pricing.status === 'unavailable') {
      throw new AppError('order.items_unavailable', { data: { unavailableProductIds: pricing.productIds } });
    }
    if (pricing.totalAgorot !== input.shownTotalAgorot) {
      throw new AppError('order.price_changed', {
        data: {
          totalAmount: agorotToDecimalString(pricing.totalAgorot),
          items: pricing.lines.map((line) => ({
            productId: line.productId,
            name: line.name,
            price: agorotToDecimalString(line.unitPriceAgorot),
            quantity: line.quantity,
          })),
        },
      });
    }

    const requestKey = checkoutKey(business.phone, input, pricing.lines);
    return this.database.em().transactional(async (em) => {
      // Identical requests queue here until the first commits; different carts never wait for each other.
      await query(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`checkout:${requestKey}`]);
      const earlier = await reusableOrder(em, requestKey);
      if (earlier) return { ...earlier, created: false };

      const orderId = randomUUID();
      const orderNumber = await nextOrderNumber(em, business.phone);
      const now = new Date().toISOString();
      await handleCommand({
        store: this.store,
        em,
        streamId: orderStreamId(orderId),
        decider: orderDecider,
        schemaVersions: orderEventSchemaVersions,
        command: {
          type: 'PlaceOrder',
          data: {
            orderId,
            businessPhone: business.phone,
            departmentId: business.departmentId,
            orderNumber,
            lines: pricing.lines,
            totalAgorot: pricing.totalAgorot,
            commissionAgorot: pricing.commissionAgorot,
            netAgorot: pricing.netAgorot,
            remarks: input.remarks,
            tableNumber: input.tableNumber,
            dinerSessionId: input.dinerSessionId,
            customerName: input.customerName,
            customerPhone: input.customerPhone,
            placedAt: now,
          },
        },
        metadata: { correlationId: input.correlationId, actor: { kind: 'diner' }, occurredAt: now },
      });
      await query(
        em,
        `insert into order_requests (request_key, order_id, created_at) values (?, ?, now())
          on conflict (request_key) do update set order_id = excluded.order_id, created_at = excluded.created_at`,
        [requestKey, orderId],
      );
      return { orderId, orderNumber, totalAgorot: pricing.totalAgorot, created: true };
    });
  }
}

/** The same diner session, business, lines, remarks and table: the same checkout. */
function checkoutKey(businessPhone: string, input: PlaceOrderInput, lines: readonly OrderLine[]): string {
  const cart = [...lines]
    .sort((a, b) => a.productId - b.productId)
    .map((line) => `${line.productId}x${line.quantity}@${line.unitPriceAgorot}`);
  return createHash('sha256')
    .update(JSON.stringify([businessPhone, input.dinerSessionId, cart, input.remarks, input.tableNumber]))
    .digest('hex');
}

/** The order of an identical checkout of the last 30 minutes, unless it was paid or expired since. */
async function reusableOrder(
  em: EntityManager,
  requestKey: string,
): Promise<Omit<PlacedOrderResult, 'created'> | null> {
  const [row] = await query<{ id: string; order_number: number; total_amount: string }>(
    em,
    `select o.id, o.order_number, o.total_amount from order_requests r join orders o on o.id = r.order_id
      where r.request_key = ? and r.created_at > now() - make_interval(secs => ?)
        and o.status = 'pending' and o.payment_status <> 'paid'`,
    [requestKey, ORDER_PAYMENT_WINDOW_MS / 1000],
  );
  if (!row) return null;
  return {
    orderId: row.id,
    orderNumber: Number(row.order_number),
    totalAgorot: Math.round(Number(row.total_amount) * 100),
  };
}

/** The business's next order number, taken inside the caller's transaction (concurrent orders queue on the row). */
async function nextOrderNumber(em: EntityManager, businessPhone: string): Promise<number> {
  const [row] = await query<{ last_number: number }>(
    em,
    `insert into order_number_sequences (business_id, last_number) values (?, 1)
      on conflict (business_id) do update set last_number = order_number_sequences.last_number + 1
      returning last_number`,
    [businessPhone],
  );
  return Number(row?.last_number);
}
